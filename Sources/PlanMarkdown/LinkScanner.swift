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
    /// For `"` and `'`: the earliest start from which a title search found no closing quote.
    private var unclosedTitles: [UInt8: Int] = [:]

    init(text: [UInt8]) {
        self.text = text
    }

    // MARK: - Inline link tails

    /// Parses `destination "title")` starting just after the `(`; `nil` if it is not a link tail.
    mutating func inlineLinkTail(from start: Int) -> Tail? {
        let count = text.count
        var index = skipWhitespace(from: start)
        guard index < count else { return nil }
        guard let destination = destination(at: index) else { return nil }
        index = destination.end

        let afterDestination = index
        index = skipWhitespace(from: index)
        guard index < count else { return nil }
        if text[index] == Byte.closeParen {
            return Tail(target: target(destination.range, title: nil), end: index + 1)
        }
        // A title must be separated from the destination by whitespace.
        guard index > afterDestination, let titleEnd = titleEnd(from: index) else { return nil }
        let title = (index + 1)..<titleEnd
        index = skipWhitespace(from: titleEnd + 1)
        guard index < count, text[index] == Byte.closeParen else { return nil }
        return Tail(target: target(destination.range, title: title), end: index + 1)
    }

    private func target(_ destination: Range<Int>, title: Range<Int>?) -> BracketRecord.Target {
        BracketRecord.Target(destination: CharacterReference.resolved(text, destination),
                             title: title.map { CharacterReference.resolved(text, $0) })
    }

    /// A link destination at `index`: `<…>` (no line break, no unescaped `<` or `>`, spaces
    /// allowed), or a run without spaces or controls whose unescaped parentheses balance.
    private mutating func destination(at index: Int) -> (range: Range<Int>, end: Int, isPointy: Bool)? {
        let count = text.count
        if text[index] == Byte.lessThan {
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
            return ((index + 1)..<scan, scan + 1, true)
        }
        if table == nil, !tableFailed {
            table = DestinationTable(text: text)
            tableFailed = table == nil
        }
        guard let table, let end = table.destinationEnd(from: index) else { return nil }
        return (index..<end, end, false)
    }

    // MARK: - Reference labels and definitions

    /// The index of the `]` that closes a link label opened by the `[` at `start`: at most
    /// ``LinkReferences/maximumLabelLength`` bytes, no unescaped `[`. Stops at the first bracket,
    /// so scans from different `]`s never overlap.
    func labelEnd(from start: Int) -> Int? {
        var index = start + 1
        let limit = min(text.count, start + 1 + LinkReferences.maximumLabelLength + 1)
        while index < limit {
            switch text[index] {
            case Byte.backslash where index + 1 < text.count && Byte.isASCIIPunctuation(text[index + 1]):
                index += 2
                continue
            case Byte.closeBracket:
                return index
            case Byte.openBracket:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// A link reference definition starting at `start`, the start of a line of a paragraph's text:
    /// `[label]:`, a destination, an optional title, and nothing else up to the end of its line.
    /// Returns the label's range, the target and the index of the next line.
    mutating func definition(at start: Int) -> (label: Range<Int>, target: BracketRecord.Target, next: Int)? {
        let count = text.count
        guard start < count, text[start] == Byte.openBracket, let labelEnd = labelEnd(from: start),
              labelEnd + 1 < count, text[labelEnd + 1] == Byte.colon,
              LinkReferences.key(text[(start + 1)..<labelEnd]) != nil else { return nil }
        var index = skipSpaces(from: labelEnd + 2, newlines: 1)
        guard index < count, let destination = destination(at: index),
              destination.isPointy || !destination.range.isEmpty else { return nil }
        index = destination.end
        let label = (start + 1)..<labelEnd

        // A title after some whitespace (a line break included) that ends its own line…
        let titleStart = skipSpaces(from: index, newlines: 1)
        if titleStart > index, titleStart < count, let titleEnd = definitionTitleEnd(from: titleStart) {
            let afterTitle = skipSpaces(from: titleEnd + 1, newlines: 0)
            if afterTitle >= count || text[afterTitle] == Byte.newline {
                return (label, target(destination.range, title: (titleStart + 1)..<titleEnd), min(afterTitle + 1, count))
            }
        }
        // …or none, the definition then ending with the destination's line.
        let afterDestination = skipSpaces(from: index, newlines: 0)
        guard afterDestination >= count || text[afterDestination] == Byte.newline else { return nil }
        return (label, target(destination.range, title: nil), min(afterDestination + 1, count))
    }

    /// ``titleEnd(from:)``, remembering a search that found no closing quote before the end, so
    /// that the titles of many definitions never rescan the same text.
    private mutating func definitionTitleEnd(from start: Int) -> Int? {
        let opening = text[start]
        if let failedFrom = unclosedTitles[opening], failedFrom <= start { return nil }
        if let end = titleEnd(from: start) { return end }
        if opening != Byte.openParen { unclosedTitles[opening] = start }
        return nil
    }

    /// Skips spaces and tabs, and at most `newlines` line breaks among them.
    private func skipSpaces(from start: Int, newlines: Int) -> Int {
        var index = start
        var remaining = newlines
        while index < text.count {
            let byte = text[index]
            if byte == Byte.newline {
                guard remaining > 0 else { break }
                remaining -= 1
            } else if !Byte.isSpaceOrTab(byte) {
                break
            }
            index += 1
        }
        return index
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
    /// it); its end as ``addressEnd(from:hostStart:stopAtCloseBracket:)`` finds it.
    ///
    /// - Parameter stopAtCloseBracket: stop at `]`, so that `[see https://x](…)` still forms a link.
    func bareURLEnd(at start: Int, stopAtCloseBracket: Bool) -> Int? {
        guard let prefixLength = httpPrefixLength(at: start) else { return nil }
        let hostStart = start + prefixLength
        // The host must start with a letter, digit or non-ASCII character; checking this before
        // scanning means a scan never fails after walking a long way.
        guard hostStart < text.count, Byte.isAlphanumeric(text[hostStart]) || text[hostStart] >= 0x80 else {
            return nil
        }
        return addressEnd(hostStart: hostStart, stopAtCloseBracket: stopAtCloseBracket)
    }

    /// A bare `www.` address starting at `start`: `www.` and a domain of letters, digits, `-`,
    /// `_` and non-ASCII letters in dot-separated parts, without `_` in its last two parts (as
    /// GitHub reads them); then the rest, as for `http://` addresses. A domain ends within 253
    /// bytes (the longest DNS allows), which bounds the scan: `www.` can start a word inside
    /// another candidate's domain (`www._www._…`), so unbounded scans could overlap.
    func wwwLinkEnd(at start: Int, stopAtCloseBracket: Bool) -> Int? {
        let count = min(text.count, start + 4 + 253)
        guard start + 4 < count, text[start + 1] == 0x77, text[start + 2] == 0x77, text[start + 3] == Byte.period else {
            return nil
        }
        var index = start + 4
        var underscoreInLastPart = false
        var underscoreInPartBefore = false
        while index < count {
            let byte = text[index]
            if byte == Byte.period {
                underscoreInPartBefore = underscoreInLastPart
                underscoreInLastPart = false
            } else if byte == Byte.underscore {
                underscoreInLastPart = true
            } else if !(Byte.isAlphanumeric(byte) || byte == Byte.hyphen || Self.isLetterScalar(at: index, in: text)) {
                break
            }
            index += 1
        }
        guard index > start + 4, index < count || count == text.count, !underscoreInLastPart,
              !underscoreInPartBefore else { return nil }
        return addressEnd(hostStart: start + 4, stopAtCloseBracket: stopAtCloseBracket)
    }

    /// Whether a non-ASCII character that is neither whitespace nor punctuation starts at `index`.
    private static func isLetterScalar(at index: Int, in text: [UInt8]) -> Bool {
        guard text[index] >= 0xC0 else { return false }
        let scalar = Byte.scalar(at: index, in: text)
        return !Byte.isUnicodeWhitespace(scalar) && !Byte.isUnicodePunctuation(scalar)
    }

    /// Where a bare address whose host starts at `hostStart` ends: at the next space, control, `<`
    /// or non-ASCII whitespace or punctuation (as in "见 https://x.example，谢谢"), less trailing
    /// punctuation that usually belongs to the sentence (`? ! . , : ; * _ ~ ' "`), a trailing
    /// `&name;` (GitHub reads it as a character reference, not part of the address), and closing
    /// parentheses that do not balance an opening one in the address.
    private func addressEnd(hostStart: Int, stopAtCloseBracket: Bool) -> Int {
        let count = text.count
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
                // non-ASCII punctuation and spaces end it.
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
            case Byte.semicolon:
                end -= 1
                var nameStart = end
                while nameStart > hostStart, Byte.isAlphanumeric(text[nameStart - 1]) {
                    nameStart -= 1
                }
                if nameStart < end, nameStart > hostStart, text[nameStart - 1] == Byte.ampersand {
                    end = nameStart - 1
                }
                continue
            case Byte.question, Byte.exclamation, Byte.period, Byte.comma, Byte.colon,
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

    // MARK: - E-mail addresses

    /// The bytes GitHub accepts before the `@` of a bare e-mail address.
    static func isEmailLocalPartByte(_ byte: UInt8) -> Bool {
        Byte.isAlphanumeric(byte) || byte == Byte.period || byte == Byte.plus || byte == Byte.hyphen
            || byte == Byte.underscore
    }

    /// The end of a bare e-mail address's domain after the `@` at `at`: letters, digits, `-`, `_`
    /// and `.`, with at least one dot; a final `.` is the sentence's, and a final `-` or `_` makes
    /// it no address. The scan stops at the next `@` at the latest, so scans never overlap.
    func emailDomainEnd(after at: Int) -> Int? {
        var end = at + 1
        while end < text.count, Byte.isAlphanumeric(text[end]) || text[end] == Byte.hyphen
                || text[end] == Byte.underscore || text[end] == Byte.period {
            end += 1
        }
        while end > at + 1, text[end - 1] == Byte.period {
            end -= 1
        }
        guard end > at + 1, Byte.isAlphanumeric(text[at + 1]), Byte.isAlphanumeric(text[end - 1]),
              text[(at + 1)..<end].contains(Byte.period) else { return nil }
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
