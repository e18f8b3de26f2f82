/// The UTF-8 bytes of the HTML being written, with the escaping rules in one place.
///
/// Only `&amp;`, `&lt;`, `&gt;` and `&quot;` are ever produced, so the output is also well-formed
/// XML. Source text is copied in runs between the characters that need escaping, and every run
/// boundary is an ASCII byte, so multi-byte characters are copied whole.
struct HTMLOutput {
    private(set) var bytes: [UInt8] = []

    /// The output as a string (always valid UTF-8: it is made of whole characters of the input
    /// and ASCII markup).
    var string: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Appends markup written in the source code.
    mutating func append(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends a decimal number (list start attributes).
    mutating func append(number: Int) {
        bytes.append(contentsOf: String(number).utf8)
    }

    /// Ensures the output ends a line, for block-level markup that should start on its own line.
    mutating func ensureNewline() {
        if let last = bytes.last, last != Byte.newline {
            bytes.append(Byte.newline)
        }
    }

    /// Appends `source[range]` as text or as a double-quoted attribute value.
    mutating func appendEscaped(_ source: [UInt8], _ range: Range<Int>) {
        var runStart = range.lowerBound
        for index in range {
            let replacement: StaticString
            switch source[index] {
            case Byte.ampersand: replacement = "&amp;"
            case Byte.lessThan: replacement = "&lt;"
            case Byte.greaterThan: replacement = "&gt;"
            case Byte.quote: replacement = "&quot;"
            default: continue
            }
            bytes.append(contentsOf: source[runStart..<index])
            append(replacement)
            runStart = index + 1
        }
        bytes.append(contentsOf: source[runStart..<range.upperBound])
    }

    /// Appends `text` escaped as ``appendEscaped(_:_:)`` does.
    mutating func appendEscaped(_ text: [UInt8]) {
        appendEscaped(text, text.indices)
    }

    /// Appends one byte with the same escaping as ``appendEscaped(_:_:)``.
    mutating func appendEscaped(byte: UInt8) {
        switch byte {
        case Byte.ampersand: append("&amp;")
        case Byte.lessThan: append("&lt;")
        case Byte.greaterThan: append("&gt;")
        case Byte.quote: append("&quot;")
        default: bytes.append(byte)
        }
    }

    /// Appends a link or image address as an attribute value, percent-encoded the way CommonMark's
    /// reference renderer does it: letters, digits and ``-_.+!*'(),%#@?=;:/$~&`` stay (a `%` is
    /// taken to start an escape already made), `&` is written `&amp;`, and every other byte,
    /// including each byte of a non-ASCII character, becomes `%XX`.
    mutating func appendURL(_ url: [UInt8]) {
        for byte in url {
            if Byte.isAlphanumeric(byte) || Self.isKeptInURL(byte) {
                bytes.append(byte)
            } else if byte == Byte.ampersand {
                append("&amp;")
            } else {
                bytes.append(0x25) // %
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0x0F))
            }
        }
    }

    private static func isKeptInURL(_ byte: UInt8) -> Bool {
        switch byte {
        case Byte.hyphen, Byte.underscore, Byte.period, Byte.plus, Byte.exclamation, Byte.asterisk,
             Byte.apostrophe, Byte.openParen, Byte.closeParen, Byte.comma, 0x25, Byte.hash, Byte.at,
             Byte.question, Byte.equals, Byte.semicolon, Byte.colon, Byte.slash, 0x24, Byte.tilde:
            true
        default:
            false
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x41 + value - 10
    }
}
