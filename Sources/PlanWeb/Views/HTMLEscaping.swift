import Mustache

/// HTML escaping for `{{ }}` tags, selected in every template with `{{% CONTENT_TYPE: PLANHTML }}`.
///
/// It escapes the same five characters as swift-mustache's built-in HTML type, but scans bytes
/// and returns the text untouched when there is nothing to escape — the common case for ids,
/// tokens and most titles. The built-in type hashes every character into a dictionary, which
/// was the largest single cost of drawing a big board.
struct HTMLEscaping: MustacheContentType {
    static let name = "PLANHTML"

    func escapeText(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: Self.needsEscape) else { return text }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
