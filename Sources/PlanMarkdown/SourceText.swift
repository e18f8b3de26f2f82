/// Prepares Markdown text for the byte-level parsers.
///
/// Parsing works on UTF-8 bytes with integer indices: every Markdown syntax character is ASCII, a
/// byte of a multi-byte character is never ASCII, and integer indices cannot go out of a `String`'s
/// bounds the way `String.Index` arithmetic can. Output is copied in whole byte ranges that start and
/// end at ASCII positions, so multi-byte characters (Chinese, emoji, combining marks) pass intact.
enum SourceText {
    /// The UTF-8 bytes of `text` with every line ending turned into `\n`, and every character that
    /// XML 1.0 forbids (C0 controls other than tab and line feed, U+FFFE, U+FFFF) turned into
    /// U+FFFD. CommonMark asks this for NUL; doing it for the others keeps the output acceptable to
    /// strict XML and HTML parsers downstream, which may otherwise stop at such a character.
    static func normalizedBytes(of text: String) -> [UInt8] {
        // Most descriptions need no change: one quick scan finds out and avoids the slow loop.
        // 0xEF is the first byte of U+FFFE and U+FFFF (and of many harmless characters).
        let needsWork = text.utf8.contains { byte in
            (byte < 0x20 && byte != Byte.tab && byte != Byte.newline) || byte == 0xEF
        }
        guard needsWork else { return Array(text.utf8) }

        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var previousWasCarriageReturn = false
        for byte in text.utf8 {
            switch byte {
            case Byte.carriageReturn:
                bytes.append(Byte.newline)
                previousWasCarriageReturn = true
                continue
            case Byte.newline where previousWasCarriageReturn:
                // The "\n" of a "\r\n" pair: the "\r" already ended the line.
                break
            case Byte.tab, Byte.newline:
                bytes.append(byte)
            case 0..<0x20:
                bytes.append(contentsOf: replacement)
            case 0xBE...0xBF where bytes.count >= 2 && bytes[bytes.count - 2] == 0xEF && bytes[bytes.count - 1] == 0xBF:
                // The last byte of U+FFFE or U+FFFF (EF BF BE/BF), whose first two bytes are
                // already written: U+FFFD differs only in this byte.
                bytes.append(0xBD)
            default:
                bytes.append(byte)
            }
            previousWasCarriageReturn = false
        }
        return bytes
    }

    /// The ranges of the lines of `bytes`, without their `\n`. A final line ending does not start
    /// another line.
    static func lineRanges(of bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == Byte.newline {
            ranges.append(start..<index)
            start = index + 1
        }
        if start < bytes.count {
            ranges.append(start..<bytes.count)
        }
        return ranges
    }
}

extension SourceText {
    /// The offsets in `text`'s own UTF-8 of the given offsets (ascending) into
    /// ``normalizedBytes(of:)``, found by replaying the normalization once.
    static func originalOffsets(of normalized: [Int], in text: String) -> [Int] {
        guard !normalized.isEmpty else { return [] }
        let original = Array(text.utf8)
        guard original.count != normalizedBytes(of: text).count || original.contains(Byte.carriageReturn) else {
            return normalized
        }
        var result: [Int] = []
        result.reserveCapacity(normalized.count)
        var next = 0
        var written = 0
        var previousWasCarriageReturn = false
        for (offset, byte) in original.enumerated() {
            let width: Int
            switch byte {
            case Byte.newline where previousWasCarriageReturn: width = 0
            case Byte.tab, Byte.newline, Byte.carriageReturn: width = 1
            case 0..<0x20: width = 3
            default: width = 1
            }
            previousWasCarriageReturn = byte == Byte.carriageReturn
            while next < normalized.count, normalized[next] < written + width {
                result.append(offset)
                next += 1
            }
            written += width
            if next == normalized.count { break }
        }
        return result
    }
}
