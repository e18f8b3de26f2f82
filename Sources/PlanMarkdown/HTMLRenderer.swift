/// Writes a block tree as HTML.
///
/// The layout follows the usual CommonMark renderers: each block element on its own line, list
/// items of tight lists without `<p>` around their paragraphs. Recursion follows the tree, whose
/// depth the parser bounds by the nesting limit.
struct HTMLRenderer {
    private let source: [UInt8]
    private let configuration: MarkdownConfiguration
    private let references: LinkReferences
    private(set) var output = HTMLOutput()
    /// How many empty cells may still be added to table rows shorter than their header: 4,096 and
    /// one for every four bytes of the source, so the output stays proportional to the input (a
    /// wide header over thousands of one-letter rows would otherwise write rows × columns cells).
    private var paddingBudget: Int
    /// How many bytes of destinations and titles references may still copy: four times the
    /// source's size, so `[a]` used thousands of times for one long address cannot make the
    /// output grow with their product.
    private var referenceBudget: Int

    init(source: [UInt8], configuration: MarkdownConfiguration, references: LinkReferences) {
        self.source = source
        self.configuration = configuration
        self.references = references
        self.paddingBudget = 4_096 + source.count / 4
        self.referenceBudget = 4 * source.count
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
        case .table:
            renderTable(node)
        }
    }

    /// A table: the header row in `<thead>`, the others in `<tbody>` (left out when there are
    /// none). Every row gets as many cells as the header: extra cells are dropped, missing ones
    /// added empty — but only while ``paddingBudget`` lasts, so that a wide header over many
    /// short rows cannot make the output grow with rows × columns.
    private mutating func renderTable(_ table: BlockNode) {
        output.append("<table>\n<thead>\n")
        for (number, line) in table.lines.enumerated() {
            if number == 1 {
                output.append("<tbody>\n")
            }
            output.append("<tr>\n")
            let cells = TableRow.cells(source, line.range)
            for (column, alignment) in table.columnAlignments.enumerated() {
                if column >= cells.count {
                    guard paddingBudget > 0 else { break }
                    paddingBudget -= 1
                }
                output.append(number == 0 ? "<th" : "<td")
                switch alignment {
                case .none: break
                case .left: output.append(" align=\"left\"")
                case .center: output.append(" align=\"center\"")
                case .right: output.append(" align=\"right\"")
                }
                output.append(">")
                if column < cells.count {
                    renderInline(text: TableRow.content(source, cells[column]))
                }
                output.append(number == 0 ? "</th>\n" : "</td>\n")
            }
            output.append(number == 0 ? "</tr>\n</thead>\n" : "</tr>\n")
        }
        if table.lines.count > 1 {
            output.append("</tbody>\n")
        }
        output.append("</table>\n")
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
    /// A task list item (`- [ ] …`, `- [x] …`) starts with a disabled checkbox in place of its
    /// marker; ``TaskListItems`` finds the same items in the same order.
    private mutating func renderItem(_ item: BlockNode, tight: Bool) {
        output.append("<li>")
        let task = TaskListItems.marker(of: item, in: source)
        var previousWasBareText = false
        for (number, child) in item.children.enumerated() {
            var lines = child.lines
            if number == 0, let task {
                lines[0].range = task.textStart..<lines[0].range.upperBound
            }
            if tight, child.kind == .paragraph {
                // Two bare paragraphs in a row (a paragraph after a setext heading's text, say)
                // still need a separator; after `<li>` or a block element none is wanted.
                if previousWasBareText {
                    output.append(byte: Byte.newline)
                }
                if number == 0, let task { appendCheckbox(checked: task.isChecked) }
                renderInline(lines)
                previousWasBareText = true
            } else if number == 0, let task {
                output.ensureNewline()
                output.append("<p>")
                appendCheckbox(checked: task.isChecked)
                renderInline(lines)
                output.append("</p>\n")
            } else {
                output.ensureNewline()
                renderBlock(child)
                previousWasBareText = false
            }
        }
        output.append("</li>\n")
    }

    private mutating func appendCheckbox(checked: Bool) {
        output.append(checked ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                              : "<input type=\"checkbox\" disabled=\"\" /> ")
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
                output.appendEscaped(CharacterReference.resolved(source, node.info.lowerBound..<end))
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

    /// Renders one table cell's text as inline content.
    private mutating func renderInline(text: [UInt8]) {
        var parser = InlineParser(text: text, linksBareURLs: configuration.linksBareURLs, references: references,
                                  referenceBudget: referenceBudget)
        parser.parse()
        referenceBudget = parser.referenceBudget
        var renderer = InlineRenderer(parser: parser, maximumEmphasisDepth: configuration.effectiveEmphasisDepth)
        renderer.render(into: &output)
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
        renderInline(text: text)
    }
}
