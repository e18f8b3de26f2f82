/// Builds the sanitized markup as UTF-8 bytes, escaping every piece of text it is given.
///
/// This is PlanBoard's own serializer rather than libxml2's `htmlNodeDump`, which writes URI
/// attributes with raw characters (CHECKLIST rows 2 and 11). Text and attribute values always
/// go through `writeEscaped`, so nothing from the note can close a tag or an attribute.
struct HTMLWriter {
    private(set) var bytes: [UInt8] = []
    /// Control characters dropped from text and attribute values.
    private(set) var removedControlCharacters = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes `<name` ; attributes and `>` follow.
    mutating func beginStartTag(_ element: AllowedElement) {
        bytes.append(contentsOf: AllowedElement.openingBytes[element.rawValue])
    }

    /// Writes ` name="value"` with the value escaped.
    mutating func attribute(_ name: StaticString, _ value: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x20)
        append(name)
        bytes.append(contentsOf: [0x3D, 0x22]) // ="
        writeEscaped(value, inAttribute: true)
        bytes.append(0x22)
    }

    /// Writes ` name="value"` with the value escaped.
    mutating func attribute(_ name: StaticString, _ value: some Collection<UInt8>) {
        let written: Void? = value.withContiguousStorageIfAvailable { attribute(name, $0) }
        if written == nil {
            attribute(name, Array(value))
        }
    }

    /// Writes ` name="value"` for a value written in this module.
    mutating func attribute(_ name: StaticString, _ value: StaticString) {
        attribute(name, UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
    }

    mutating func endStartTag() {
        bytes.append(0x3E)
    }

    mutating func endTag(_ element: AllowedElement) {
        bytes.append(contentsOf: AllowedElement.closingBytes[element.rawValue])
    }

    /// Writes a text node's content, escaped.
    mutating func text(_ content: UnsafeBufferPointer<UInt8>) {
        writeEscaped(content, inAttribute: false)
    }

    /// Escapes `&`, `<`, `>` (and `"` in attributes), drops control characters other than tab
    /// and line feed, and turns CR into LF (a second parse would do the same, so writing LF
    /// keeps the output stable). UTF-8 sequences are copied untouched.
    private mutating func writeEscaped(_ input: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        var index = 0
        var runStart = 0
        let count = input.count
        while index < count {
            let byte = input[index]
            let replacement: StaticString?
            var width = 1
            switch byte {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x22 where inAttribute: replacement = "&quot;"
            case 0x0D: replacement = "\n"
            case 0x09, 0x0A:
                index += 1
                continue
            case 0x00...0x1F, 0x7F:
                replacement = nil
                removedControlCharacters += 1
            case 0xC2 where index + 1 < count && (0x80...0x9F).contains(input[index + 1]):
                // U+0080–U+009F, the C1 controls.
                replacement = nil
                width = 2
                removedControlCharacters += 1
            default:
                index += 1
                continue
            }
            if runStart < index {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
            }
            if let replacement {
                append(replacement)
            }
            index += width
            runStart = index
        }
        if runStart < count {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<count]))
        }
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
