/// Writes the tokens of an ``InlineParser`` as HTML in one pass.
///
/// Tags are only written in matched pairs: a delimiter's tags come from pairs matched by
/// ``DelimiterStack`` (which never cross each other or a link boundary), and a bracket writes
/// `<a …>`/`</a>` only when it completed a link. Two states keep the result valid HTML:
/// inside an image's `alt` everything is plain text, and inside a link an autolink is plain text
/// (an `<a>` inside an `<a>` would be split apart by browsers).
struct InlineRenderer {
    private let parser: InlineParser
    /// Images currently open; above zero, output goes into an `alt` attribute as plain text.
    private var imageDepth = 0
    /// Links currently open (at most one, since links cannot contain links).
    private var linkDepth = 0
    /// Emphasis, strong and strikethrough elements currently open, counting those written as text.
    private var emphasisDepth = 0
    /// Pairs nested deeper than this are written as the characters typed; pairs never cross, so
    /// the depth alone tells whether a closing tag's opener was written as a tag.
    private let maximumEmphasisDepth: Int

    /// Inside an image, everything is written into its `alt` attribute as plain text.
    private var isPlainText: Bool { imageDepth > 0 }

    init(parser: InlineParser, maximumEmphasisDepth: Int) {
        self.parser = parser
        self.maximumEmphasisDepth = maximumEmphasisDepth
    }

    mutating func render(into output: inout HTMLOutput) {
        let text = parser.text
        for token in parser.tokens {
            switch token {
            case .text(let range):
                output.appendEscaped(text, range)
            case .characters(let range):
                output.appendEscaped(parser.decoded, range)
            case .lineBreak:
                if isPlainText {
                    output.append(byte: Byte.space)
                } else {
                    output.append("<br />\n")
                }
            case .code(let range):
                if isPlainText {
                    appendCode(range, to: &output)
                } else {
                    output.append("<code>")
                    appendCode(range, to: &output)
                    output.append("</code>")
                }
            case .autolink(let range, let kind):
                if isPlainText || linkDepth > 0 {
                    output.appendEscaped(text, range)
                } else {
                    output.append("<a href=\"")
                    switch kind {
                    case .angle: output.appendURL(CharacterReference.resolved(text, range, backslashes: false))
                    case .email: output.append("mailto:"); output.appendURL(Array(text[range]))
                    case .bare: output.appendURL(Array(text[range]))
                    case .www: output.append("http://"); output.appendURL(Array(text[range]))
                    }
                    output.append("\">")
                    output.appendEscaped(text, range)
                    output.append("</a>")
                }
            case .delimiter(let index):
                renderDelimiter(parser.delimiters.runs[index], to: &output)
            case .bracketOpen(let index):
                renderOpening(parser.brackets[index], to: &output)
            case .bracketClose(let index):
                renderClosing(parser.brackets[index], to: &output)
            }
        }
    }

    /// Tags closed by the run's first characters, then its unused characters, then tags opened by
    /// its last characters (outermost first).
    private mutating func renderDelimiter(_ run: DelimiterRun, to output: inout HTMLOutput) {
        let tags = parser.delimiters.tags
        var entry = isPlainText ? -1 : run.closeTags
        while entry >= 0 {
            emphasisDepth -= 1
            renderTag(tags[entry].tag, of: run, closing: true, to: &output)
            entry = tags[entry].next
        }
        for _ in 0..<run.count {
            output.append(byte: run.byte)
        }
        entry = isPlainText ? -1 : run.openTags
        while entry >= 0 {
            renderTag(tags[entry].tag, of: run, closing: false, to: &output)
            emphasisDepth += 1
            entry = tags[entry].next
        }
    }

    /// One tag of a matched pair, or, past the nesting limit, the delimiter characters it used.
    private func renderTag(_ tag: DelimiterRun.Tag, of run: DelimiterRun, closing: Bool, to output: inout HTMLOutput) {
        guard emphasisDepth < maximumEmphasisDepth else {
            for _ in 0..<(tag == .emphasis ? 1 : 2) {
                output.append(byte: run.byte)
            }
            return
        }
        output.append(closing ? "</" : "<")
        output.append(tag.name)
        output.append(">")
    }

    private mutating func renderOpening(_ record: BracketRecord, to output: inout HTMLOutput) {
        guard let target = record.target else {
            output.append(record.isImage ? "![" : "[")
            return
        }
        if record.isImage {
            if imageDepth == 0 {
                output.append("<img src=\"")
                output.appendURL(target.destination)
                output.append("\" alt=\"")
            }
            imageDepth += 1
        } else if imageDepth == 0 {
            output.append("<a href=\"")
            output.appendURL(target.destination)
            output.append("\"")
            appendTitle(target.title, to: &output)
            output.append(">")
            linkDepth += 1
        }
    }

    private mutating func renderClosing(_ record: BracketRecord, to output: inout HTMLOutput) {
        guard let target = record.target else { return }
        if record.isImage {
            imageDepth -= 1
            if imageDepth == 0 {
                output.append("\"")
                appendTitle(target.title, to: &output)
                output.append(" />")
            }
        } else if imageDepth == 0 {
            output.append("</a>")
            linkDepth -= 1
        }
    }

    private func appendTitle(_ title: [UInt8]?, to output: inout HTMLOutput) {
        guard let title else { return }
        output.append(" title=\"")
        output.appendEscaped(title)
        output.append("\"")
    }

    /// Code span content: newlines become spaces, and one space is removed from each end when
    /// both ends have one and the content is not all spaces (so `` ` `` `` shows a backtick).
    private func appendCode(_ range: Range<Int>, to output: inout HTMLOutput) {
        let text = parser.text
        func isSpace(_ byte: UInt8) -> Bool { byte == Byte.space || byte == Byte.newline }
        var lower = range.lowerBound
        var upper = range.upperBound
        if upper - lower >= 2, isSpace(text[lower]), isSpace(text[upper - 1]),
           text[range].contains(where: { !isSpace($0) }) {
            lower += 1
            upper -= 1
        }
        for index in lower..<upper {
            let byte = text[index]
            output.appendEscaped(byte: byte == Byte.newline ? Byte.space : byte)
        }
    }
}
