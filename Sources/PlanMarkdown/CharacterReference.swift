/// Entity and numeric character references (`&copy;`, `&#42;`, `&#x4E2D;`), read as CommonMark
/// reads them: in text, link destinations, titles and code block info strings, never in code.
///
/// A reference must end with `;`. A named one must be one of the HTML standard's names; a numeric
/// one has one to seven decimal or one to six hexadecimal digits. Code point 0, surrogates, values
/// past U+10FFFF and the characters XML 1.0 forbids (C0 controls other than tab, line feed and
/// carriage return; U+FFFE, U+FFFF) become U+FFFD, so the output stays acceptable to strict parsers.
enum CharacterReference {
    /// The longest name in the standard's list.
    static let longestName = 32

    /// The reference starting with the `&` at `start`, if there is one before `end`: its characters
    /// as UTF-8 and the index just after its `;`. Reads at most 34 bytes.
    static func decode(_ bytes: [UInt8], at start: Int, end: Int) -> (utf8: [UInt8], end: Int)? {
        var index = start + 1
        guard index < end else { return nil }
        if bytes[index] == Byte.hash {
            index += 1
            var value: UInt32 = 0
            var digits = 0
            let hexadecimal = index < end && (bytes[index] | 0x20) == 0x78 // x or X
            if hexadecimal { index += 1 }
            while index < end, digits < (hexadecimal ? 6 : 7), let digit = digitValue(bytes[index], hexadecimal: hexadecimal) {
                value = value * (hexadecimal ? 16 : 10) + digit
                digits += 1
                index += 1
            }
            guard digits > 0, index < end, bytes[index] == Byte.semicolon else { return nil }
            return (utf8(ofCodePoint: value), index + 1)
        }
        let nameStart = index
        while index < end, index - nameStart < longestName, Byte.isAlphanumeric(bytes[index]) {
            index += 1
        }
        guard index > nameStart, Byte.isLetter(bytes[nameStart]), index < end, bytes[index] == Byte.semicolon,
              let characters = names[Array(bytes[nameStart..<index])] else {
            return nil
        }
        return (characters, index + 1)
    }

    private static func digitValue(_ byte: UInt8, hexadecimal: Bool) -> UInt32? {
        if Byte.isDigit(byte) { return UInt32(byte - 0x30) }
        guard hexadecimal else { return nil }
        let lowered = byte | 0x20
        guard lowered >= 0x61, lowered <= 0x66 else { return nil }
        return UInt32(lowered - 0x61 + 10)
    }

    /// The UTF-8 of one code point, or of U+FFFD for one that may not appear.
    static func utf8(ofCodePoint value: UInt32) -> [UInt8] {
        let forbidden = value == 0 || (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D)
            || value == 0xFFFE || value == 0xFFFF
        let scalar = forbidden ? nil : Unicode.Scalar(value)
        return Array(String(Character(scalar ?? "\u{FFFD}")).utf8)
    }

    /// Names (without `&` and `;`) to the UTF-8 of their characters, built on first use from the
    /// generated list in EntityNames.swift.
    private static let names: [[UInt8]: [UInt8]] = {
        var table: [[UInt8]: [UInt8]] = [:]
        table.reserveCapacity(2200)
        for line in namesAndCodePoints.utf8.split(separator: Byte.newline) {
            let fields = line.split(separator: Byte.space)
            guard let name = fields.first else { continue }
            var characters: [UInt8] = []
            for field in fields.dropFirst() {
                guard let value = UInt32(String(decoding: field, as: UTF8.self), radix: 16) else { continue }
                characters += utf8(ofCodePoint: value)
            }
            table[Array(name)] = characters
        }
        return table
    }()
}

extension CharacterReference {
    /// `bytes[range]` with backslash escapes of ASCII punctuation and character references read:
    /// how link destinations, titles and info strings are taken. `<scheme:…>` autolinks read
    /// references but not escapes (`backslashes: false`).
    static func resolved(_ bytes: [UInt8], _ range: Range<Int>, backslashes: Bool = true) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if backslashes, byte == Byte.backslash, index + 1 < range.upperBound,
               Byte.isASCIIPunctuation(bytes[index + 1]) {
                output.append(bytes[index + 1])
                index += 2
            } else if byte == Byte.ampersand, let reference = decode(bytes, at: index, end: range.upperBound) {
                output += reference.utf8
                index = reference.end
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }
}
