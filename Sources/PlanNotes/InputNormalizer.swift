/// Prepares a note's bytes for libxml2.
///
/// libxml2 2.9 stops reading at a NUL byte (everything after it is silently lost) and drops
/// other control characters, and it keeps CR where a browser would not; so control characters
/// go before parsing (and are counted), CR/CRLF become LF and form feed becomes a space, as the
/// HTML standard's input-stream rules do.
///
/// The note is parsed after a fixed `<body>` start tag so that libxml2 reads it as body content,
/// the way a browser reads a fragment: otherwise libxml2 wraps leading text in an implied `<p>`
/// and moves a leading `<title>` or `<meta>` into a `<head>`, and the same words would come out
/// differently depending on what came first.
enum InputNormalizer {
    /// The bytes to parse, and what had to be dropped on the way.
    struct Prepared {
        var bytes: [UInt8]
        var removedControlCharacters: Int
        /// True when the note holds nothing but whitespace (and control characters).
        var isBlank: Bool
    }

    static let bodyStartTag: [UInt8] = Array("<body>".utf8)

    static func prepare(_ note: String) -> Prepared {
        var note = note
        return note.withUTF8(prepare(utf8:))
    }

    static func prepare(utf8 input: UnsafeBufferPointer<UInt8>) -> Prepared {
        var output: [UInt8] = []
        output.reserveCapacity(bodyStartTag.count + input.count)
        output.append(contentsOf: bodyStartTag)
        var removed = 0
        var isBlank = true
        var index = 0
        let count = input.count
        // A byte-order mark at the start says nothing the UTF-8 declaration has not said.
        if count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            index = 3
        }
        var runStart = index
        // Ordinary bytes are copied in runs; only the few special ones are looked at one by one.
        while index < count {
            let byte = input[index]
            if byte > 0x20 && byte != 0x7F && byte != 0xC2 {
                isBlank = false
                index += 1
                continue
            }
            if byte == 0x20 || byte == 0x0A || byte == 0x09 {
                index += 1
                continue
            }
            if byte == 0xC2 && !(index + 1 < count && (0x80...0x9F).contains(input[index + 1])) {
                isBlank = false
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
            switch byte {
            case 0x0D:
                output.append(0x0A)
                if index + 1 < count, input[index + 1] == 0x0A { index += 1 }
            case 0x0C:
                output.append(0x20)
            case 0xC2:
                // U+0080–U+009F, the C1 controls.
                removed += 1
                index += 1
            default:
                removed += 1
            }
            index += 1
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<count]))
        return Prepared(bytes: output, removedControlCharacters: removed, isBlank: isBlank)
    }
}
