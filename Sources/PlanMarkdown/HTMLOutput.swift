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

    /// Appends `source[range]` as text (or, with `attribute`, as a double-quoted attribute value).
    mutating func appendEscaped(_ source: [UInt8], _ range: Range<Int>, attribute: Bool = false) {
        var runStart = range.lowerBound
        for index in range {
            let replacement: StaticString
            switch source[index] {
            case Byte.ampersand: replacement = "&amp;"
            case Byte.lessThan: replacement = "&lt;"
            case Byte.greaterThan: replacement = "&gt;"
            case Byte.quote where attribute: replacement = "&quot;"
            default: continue
            }
            bytes.append(contentsOf: source[runStart..<index])
            append(replacement)
            runStart = index + 1
        }
        bytes.append(contentsOf: source[runStart..<range.upperBound])
    }

    /// Appends one byte with the same escaping as ``appendEscaped(_:_:attribute:)``.
    mutating func appendEscaped(byte: UInt8, attribute: Bool = false) {
        switch byte {
        case Byte.ampersand: append("&amp;")
        case Byte.lessThan: append("&lt;")
        case Byte.greaterThan: append("&gt;")
        case Byte.quote where attribute: append("&quot;")
        default: bytes.append(byte)
        }
    }

    /// Appends an attribute value: link destinations, titles and info strings.
    ///
    /// - Parameters:
    ///   - resolvingEscapes: write `\)` as `)`, as in link destinations and titles (but not in
    ///     autolinks, where a backslash is just a character).
    ///   - percentEncodingSpaces: write spaces and controls as `%XX`, which a URL needs (`<a b>`
    ///     destinations may contain spaces).
    mutating func appendAttribute(
        _ source: [UInt8], _ range: Range<Int>, resolvingEscapes: Bool, percentEncodingSpaces: Bool
    ) {
        var index = range.lowerBound
        while index < range.upperBound {
            var byte = source[index]
            if resolvingEscapes, byte == Byte.backslash, index + 1 < range.upperBound,
               Byte.isASCIIPunctuation(source[index + 1]) {
                index += 1
                byte = source[index]
            }
            if percentEncodingSpaces, Byte.isControlOrSpace(byte) {
                bytes.append(0x25) // %
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0x0F))
            } else {
                appendEscaped(byte: byte, attribute: true)
            }
            index += 1
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x41 + value - 10
    }
}
