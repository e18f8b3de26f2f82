/// Finds bare `http://` and `https://` addresses in plain text, by the same rules the Markdown
/// converter links them: at the start of a word (after white space, one of `( * _ ~`, or a
/// non-ASCII character, as Chinese text puts no space before an address), running to the next
/// space or `<`, without trailing punctuation or an unbalanced `)`. Used to make links of the
/// addresses in notes written as plain text or HTML, so every note format links alike.
public enum BareLinks {
    /// The byte ranges of the addresses in `text` (UTF-8), in order; linear in the text's length.
    public static func ranges(in text: [UInt8]) -> [Range<Int>] {
        let scanner = LinkScanner(text: text)
        var found: [Range<Int>] = []
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "h") || byte == UInt8(ascii: "H"), startsWord(at: index, in: text),
                  let end = scanner.bareURLEnd(at: index, stopAtCloseBracket: false)
            else {
                index += 1
                continue
            }
            found.append(index..<end)
            index = end
        }
        return found
    }

    private static func startsWord(at index: Int, in text: [UInt8]) -> Bool {
        guard index > 0 else { return true }
        switch text[index - 1] {
        case Byte.space, Byte.tab, Byte.newline, 0x0D, Byte.openParen, Byte.asterisk, Byte.underscore, Byte.tilde, 0x80...0xFF:
            return true
        default:
            return false
        }
    }
}
