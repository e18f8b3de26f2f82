/// Writes a block tree as HTML.
///
/// The layout follows the usual CommonMark renderers: each block element on its own line, list
/// items of tight lists without `<p>` around their paragraphs. Recursion follows the tree, whose
/// depth the parser bounds by the nesting limit.
struct HTMLRenderer {
    private let source: [UInt8]
    private let configuration: MarkdownConfiguration
    private(set) var output = HTMLOutput()

    init(source: [UInt8], configuration: MarkdownConfiguration) {
        self.source = source
        self.configuration = configuration
    }

    mutating func render(_ document: BlockNode) {
        for child in document.children {
            renderBlock(child)
        }
    }

    private mutating func renderBlock(_ node: BlockNode) {
        switch node.kind {
        case .document:
            for child in node.children {
                renderBlock(child)
            }
        case .blockQuote:
            output.append("<blockquote>\n")
            for child in node.children {
                renderBlock(child)
            }
            output.append("</blockquote>\n")
        case .list:
            renderList(node)
        case .listItem:
            // Items are rendered by their list, which knows whether it is tight.
            renderItem(node, tight: false)
        case .paragraph:
            output.append("<p>")
            renderInline(node.lines)
            output.append("</p>\n")
        case .heading:
            let level = UInt8(min(max(node.headingLevel, 1), 6))
            output.append("<h")
            output.append(byte: 0x30 + level)
            output.append(">")
            renderInline(node.lines)
            output.append("</h")
            output.append(byte: 0x30 + level)
            output.append(">\n")
        case .thematicBreak:
            output.append("<hr />\n")
        case .fencedCode, .indentedCode:
            renderCode(node)
        }
    }

    private mutating func renderList(_ list: BlockNode) {
        if list.isOrdered {
            output.append("<ol")
            if list.listStart != 1 {
                output.append(" start=\"")
                output.append(number: list.listStart)
                output.append("\"")
            }
            output.append(">\n")
        } else {
            output.append("<ul>\n")
        }
        for item in list.children {
            renderItem(item, tight: !list.isLoose)
        }
        output.append(list.isOrdered ? "</ol>\n" : "</ul>\n")
    }

    /// In a tight list a paragraph is written bare, and the next block starts on a new line.
    private mutating func renderItem(_ item: BlockNode, tight: Bool) {
        output.append("<li>")
        var previousWasBareText = false
        for child in item.children {
            if tight, child.kind == .paragraph {
                // Two bare paragraphs in a row (a paragraph after a setext heading's text, say)
                // still need a separator; after `<li>` or a block element none is wanted.
                if previousWasBareText {
                    output.append(byte: Byte.newline)
                }
                renderInline(child.lines)
                previousWasBareText = true
            } else {
                output.ensureNewline()
                renderBlock(child)
                previousWasBareText = false
            }
        }
        output.append("</li>\n")
    }

    private mutating func renderCode(_ node: BlockNode) {
        output.append("<pre><code")
        if node.kind == .fencedCode {
            // The first word of the info string names the language.
            var end = node.info.lowerBound
            while end < node.info.upperBound, !Byte.isSpaceOrTab(source[end]) {
                end += 1
            }
            if end > node.info.lowerBound {
                output.append(" class=\"language-")
                output.appendAttribute(source, node.info.lowerBound..<end, resolvingEscapes: true,
                                       percentEncodingSpaces: false)
                output.append("\"")
            }
        }
        output.append(">")
        for line in node.lines {
            for _ in 0..<line.padding {
                output.append(byte: Byte.space)
            }
            output.appendEscaped(source, line.range)
            output.append(byte: Byte.newline)
        }
        output.append("</code></pre>\n")
    }

    /// Joins the lines with newlines (each becomes `<br />`) and renders them as inline content.
    private mutating func renderInline(_ lines: [LineSlice]) {
        var text: [UInt8] = []
        text.reserveCapacity(lines.reduce(0) { $0 + $1.range.count + $1.padding + 1 })
        for (number, line) in lines.enumerated() {
            if number > 0 {
                text.append(Byte.newline)
            }
            text.append(contentsOf: repeatElement(Byte.space, count: line.padding))
            text.append(contentsOf: source[line.range])
        }
        var parser = InlineParser(text: text, linksBareURLs: configuration.linksBareURLs)
        parser.parse()
        var renderer = InlineRenderer(parser: parser, maximumEmphasisDepth: configuration.effectiveEmphasisDepth)
        renderer.render(into: &output)
    }
}
