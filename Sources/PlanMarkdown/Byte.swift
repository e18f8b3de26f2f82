/// ASCII constants and character classes used by the parsers, which work on UTF-8 bytes.
///
/// The constants are computed properties rather than stored `static let`s: those are lazily
/// initialized globals, and reading one in a hot loop went through an accessor call each time.
enum Byte {
    static var tab: UInt8 { 0x09 }
    static var newline: UInt8 { 0x0A }
    static var carriageReturn: UInt8 { 0x0D }
    static var space: UInt8 { 0x20 }
    static var exclamation: UInt8 { 0x21 }
    static var quote: UInt8 { 0x22 }
    static var hash: UInt8 { 0x23 }
    static var ampersand: UInt8 { 0x26 }
    static var apostrophe: UInt8 { 0x27 }
    static var openParen: UInt8 { 0x28 }
    static var closeParen: UInt8 { 0x29 }
    static var asterisk: UInt8 { 0x2A }
    static var plus: UInt8 { 0x2B }
    static var comma: UInt8 { 0x2C }
    static var hyphen: UInt8 { 0x2D }
    static var period: UInt8 { 0x2E }
    static var slash: UInt8 { 0x2F }
    static var colon: UInt8 { 0x3A }
    static var semicolon: UInt8 { 0x3B }
    static var lessThan: UInt8 { 0x3C }
    static var equals: UInt8 { 0x3D }
    static var greaterThan: UInt8 { 0x3E }
    static var question: UInt8 { 0x3F }
    static var at: UInt8 { 0x40 }
    static var openBracket: UInt8 { 0x5B }
    static var backslash: UInt8 { 0x5C }
    static var closeBracket: UInt8 { 0x5D }
    static var underscore: UInt8 { 0x5F }
    static var backtick: UInt8 { 0x60 }
    static var tilde: UInt8 { 0x7E }

    /// Space or tab: the only characters CommonMark counts as indentation.
    static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// Space, tab or newline: the whitespace allowed between the parts of an inline link.
    static func isLinkWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline
    }

    /// ASCII control characters and space, none of which may appear in a bare link destination.
    static func isControlOrSpace(_ byte: UInt8) -> Bool {
        byte <= space || byte == 0x7F
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || isLetter(byte)
    }

    /// The ASCII punctuation characters, which are exactly the ones a backslash can escape.
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40)
            || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
    }

    /// The Unicode scalar that ends just before `index`, or `nil` at the start of the text.
    /// Walks back over at most three continuation bytes, so it is O(1).
    static func scalar(before index: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        guard index > 0, index <= bytes.count else { return nil }
        var start = index - 1
        while start > 0, index - start < 4, bytes[start] & 0xC0 == 0x80 {
            start -= 1
        }
        return scalar(at: start, in: bytes)
    }

    /// The Unicode scalar that starts at `index`, or `nil` past the end of the text.
    static func scalar(at index: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        guard index >= 0, index < bytes.count else { return nil }
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return scalar
        }
        return nil
    }

    /// CommonMark's Unicode whitespace: the Zs category plus tab, line feed, form feed and carriage
    /// return. A missing neighbour (start or end of the text) counts as whitespace.
    static func isUnicodeWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
        case 0..<0x80: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// CommonMark's Unicode punctuation: the P (punctuation) and S (symbol) categories.
    static func isUnicodePunctuation(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.value < 0x80 {
            return isASCIIPunctuation(UInt8(scalar.value))
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
