/// Recognizes the parts of links that follow fixed grammars: the `(destination "title")` after a
/// link's `]`, `<scheme:…>` and `<user@host>` autolinks, and bare `http(s)://` addresses.
///
/// Every scan here either succeeds and its text is consumed, or stops at a character that no other
/// scan of the same kind can step over (the next `<`, the next quote, the next space), so all scans
/// over a paragraph together cost O(n); the one exception, bare destinations, uses
/// ``DestinationTable``.
struct LinkScanner {
    /// A parsed `(…)` link tail: where the link points and the index just after its `)`.
    struct Tail {
        var target: BracketRecord.Target
        var end: Int
    }

    let text: [UInt8]
    private var table: DestinationTable?
    private var tableFailed = false

    init(text: [UInt8]) {
        self.text = text
    }

    // MARK: - Inline link tails

    /// Parses `destination "title")` starting just after the `(`; `nil` if it is not a link tail.
    mutating func inlineLinkTail(from start: Int) -> Tail? {
        let count = text.count
        var index = skipWhitespace(from: start)
        guard index < count else { return nil }

        let destination: Range<Int>
        if text[index] == Byte.lessThan {
            // <destination>: no line breaks, no unescaped < or >, may contain spaces.
            var scan = index + 1
            while scan < count {
                let byte = text[scan]
                if byte == Byte.backslash, scan + 1 < count, Byte.isASCIIPunctuation(text[scan + 1]) {
                    scan += 2
                    continue
                }
                if byte == Byte.greaterThan {
                    break
                }
                if byte == Byte.lessThan || byte == Byte.newline {
                    return nil
                }
                scan += 1
            }
            guard scan < count else { return nil }
            destination = (index + 1)..<scan
            index = scan + 1
        } else {
            if table == nil, !tableFailed {
                table = DestinationTable(text: text)
                tableFailed = table == nil
            }
            guard let table, let end = table.destinationEnd(from: index) else { return nil }
            destination = index..<end
            index = end
        }

        let afterDestination = index
        index = skipWhitespace(from: index)
        guard index < count else { return nil }
        if text[index] == Byte.closeParen {
            return Tail(target: .init(destination: destination, title: nil), end: index + 1)
        }
        // A title must be separated from the destination by whitespace.
        guard index > afterDestination, let titleEnd = titleEnd(from: index) else { return nil }
        let title = (index + 1)..<titleEnd
        index = skipWhitespace(from: titleEnd + 1)
        guard index < count, text[index] == Byte.closeParen else { return nil }
        return Tail(target: .init(destination: destination, title: title), end: index + 1)
    }

    /// The index of the quote that closes a title opened at `start` by `"`, `'` or `(`.
    private func titleEnd(from start: Int) -> Int? {
        let opening = text[start]
        let closing: UInt8
        switch opening {
        case Byte.quote, Byte.apostrophe: closing = opening
        case Byte.openParen: closing = Byte.closeParen
        default: return nil
        }
        var index = start + 1
        while index < text.count {
            let byte = text[index]
            if byte == Byte.backslash, index + 1 < text.count, Byte.isASCIIPunctuation(text[index + 1]) {
                index += 2
                continue
            }
            if byte == closing {
                return index
            }
            if opening == Byte.openParen, byte == Byte.openParen {
                return nil
            }
            index += 1
        }
        return nil
    }

    private func skipWhitespace(from start: Int) -> Int {
        var index = start
        while index < text.count, Byte.isLinkWhitespace(text[index]) {
            index += 1
        }
        return index
    }

    // MARK: - Autolinks

    /// An autolink starting with the `<` at `start`: returns the index after its `>` and whether it
    /// is an e-mail address.
    func autolink(at start: Int) -> (end: Int, isEmail: Bool)? {
        if let end = uriAutolinkEnd(at: start) {
            return (end, false)
        }
        if let end = emailAutolinkEnd(at: start) {
            return (end, true)
        }
        return nil
    }

    /// `<scheme:rest>`: a scheme of 2 to 32 letters, digits, `+`, `.`, `-` starting with a letter,
    /// then anything but spaces, controls, `<` and `>`.
    private func uriAutolinkEnd(at start: Int) -> Int? {
        let count = text.count
        let schemeStart = start + 1
        guard schemeStart < count, Byte.isLetter(text[schemeStart]) else { return nil }
        var index = schemeStart + 1
        while index < count, index - schemeStart <= 32 {
            let byte = text[index]
            guard Byte.isAlphanumeric(byte) || byte == Byte.plus || byte == Byte.period
                    || byte == Byte.hyphen else { break }
            index += 1
        }
        let schemeLength = index - schemeStart
        guard (2...32).contains(schemeLength), index < count, text[index] == Byte.colon else { return nil }
        index += 1
        while index < count {
            let byte = text[index]
            if byte == Byte.greaterThan {
                return index + 1
            }
            if byte == Byte.lessThan || Byte.isControlOrSpace(byte) {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// `<local@domain>` with the local-part characters of HTML's e-mail grammar and dot-separated
    /// domain labels of letters, digits and inner hyphens, at most 63 long.
    private func emailAutolinkEnd(at start: Int) -> Int? {
        let count = text.count
        var index = start + 1
        while index < count, Self.isEmailLocalByte(text[index]) {
            index += 1
        }
        guard index > start + 1, index < count, text[index] == Byte.at else { return nil }
        index += 1
        while true {
            let labelStart = index
            while index < count, Byte.isAlphanumeric(text[index]) || text[index] == Byte.hyphen {
                index += 1
            }
            let length = index - labelStart
            guard (1...63).contains(length), text[labelStart] != Byte.hyphen,
                  text[index - 1] != Byte.hyphen, index < count else { return nil }
            if text[index] == Byte.greaterThan {
                return index + 1
            }
            guard text[index] == Byte.period else { return nil }
            index += 1
        }
    }

    private static func isEmailLocalByte(_ byte: UInt8) -> Bool {
        if Byte.isAlphanumeric(byte) {
            return true
        }
        switch byte {
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x2F, 0x3D, 0x3F,
             0x5E, 0x5F, 0x60, 0x7B, 0x7C, 0x7D, 0x7E:
            return true
        default:
            return false
        }
    }

    // MARK: - Bare addresses

    /// A bare `http://` or `https://` address starting at `start` (the caller checks what precedes
    /// it). Returns the end after trimming trailing punctuation that usually belongs to the
    /// sentence, and closing parentheses that do not balance an opening one in the address.
    ///
    /// - Parameter stopAtCloseBracket: stop at `]`, so that `[see https://x](…)` still forms a link.
    func bareURLEnd(at start: Int, stopAtCloseBracket: Bool) -> Int? {
        guard let prefixLength = httpPrefixLength(at: start) else { return nil }
        let count = text.count
        let hostStart = start + prefixLength
        // The host must start with a letter, digit or non-ASCII character; checking this before
        // scanning means a scan never fails after walking a long way.
        guard hostStart < count, Byte.isAlphanumeric(text[hostStart]) || text[hostStart] >= 0x80 else {
            return nil
        }
        var end = hostStart
        var openParens = 0
        var closeParens = 0
        while end < count {
            let byte = text[end]
            if Byte.isControlOrSpace(byte) || byte == Byte.lessThan
                || (stopAtCloseBracket && byte == Byte.closeBracket) {
                break
            }
            if byte >= 0xC0 {
                // Non-ASCII letters belong to the address (https://zh.wikipedia.org/wiki/中文);
                // non-ASCII punctuation and spaces end it, as in "见 https://x.example，谢谢".
                let scalar = Byte.scalar(at: end, in: text)
                if Byte.isUnicodeWhitespace(scalar) || Byte.isUnicodePunctuation(scalar) {
                    break
                }
            }
            if byte == Byte.openParen {
                openParens += 1
            } else if byte == Byte.closeParen {
                closeParens += 1
            }
            end += 1
        }
        while end > hostStart + 1 {
            let byte = text[end - 1]
            switch byte {
            case Byte.question, Byte.exclamation, Byte.period, Byte.comma, Byte.colon, Byte.semicolon,
                 Byte.asterisk, Byte.underscore, Byte.tilde, Byte.apostrophe, Byte.quote:
                end -= 1
                continue
            case Byte.closeParen where closeParens > openParens:
                closeParens -= 1
                end -= 1
                continue
            default:
                break
            }
            break
        }
        return end
    }

    /// 7 for `http://`, 8 for `https://` (any letter case), else `nil`.
    private func httpPrefixLength(at start: Int) -> Int? {
        func matches(_ literal: StaticString) -> Bool {
            let length = literal.utf8CodeUnitCount
            guard start + length <= text.count else { return false }
            return literal.withUTF8Buffer { expected in
                for offset in 0..<length {
                    let byte = text[start + offset]
                    let lowered = Byte.isLetter(byte) ? byte | 0x20 : byte
                    if lowered != expected[offset] {
                        return false
                    }
                }
                return true
            }
        }
        if matches("https://") {
            return 8
        }
        if matches("http://") {
            return 7
        }
        return nil
    }
}
