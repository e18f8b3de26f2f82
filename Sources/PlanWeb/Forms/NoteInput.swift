import Foundation

/// What a person typed into the notes field, made into the HTML the sanitizer reads.
///
/// Notes may be HTML or plain text. Text without a single tag is taken as plain text and keeps
/// its shape: blank lines separate paragraphs and single line breaks stay line breaks — which
/// HTML parsing alone would fold into spaces.
enum NoteInput {
    static func html(fromTyped text: String) -> String {
        looksLikeHTML(text) ? text : paragraphs(fromPlainText: text)
    }

    /// A `<` that opens a tag, comment or declaration (`<p`, `</`, `<!`, `<?`); "a < b" is not one.
    static func looksLikeHTML(_ text: String) -> Bool {
        var previousWasOpen = false
        for byte in text.utf8 {
            if previousWasOpen {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "?"):
                    return true
                default:
                    break
                }
            }
            previousWasOpen = byte == UInt8(ascii: "<")
        }
        return false
    }

    static func paragraphs(fromPlainText text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var html = ""
        for block in normalized.components(separatedBy: "\n\n") {
            let paragraph = block.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !paragraph.isEmpty else { continue }
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
            html += "<p>" + lines.joined(separator: "<br>") + "</p>"
        }
        return html
    }

    /// Text made safe to place between tags, for notes that are built here before the sanitizer reads them.
    static func escaped(_ text: String) -> String {
        HTMLEscaping().escapeText(text)
    }
}
