// Checks that converter output is well-formed in the narrow dialect the converter writes. Shared by
// the tests and by the fuzz target (scripts/fuzz-markdown compiles this file into it), so it uses
// neither Testing nor Foundation.

/// Reads HTML written by the Markdown converter and lists what is wrong with it: unknown or
/// unbalanced tags, void elements not written as `<x />`, stray `<`, `>` or `&`, quotes in
/// attribute values, links inside links, characters that XML 1.0 forbids.
enum HTMLBalance {
    static let containerTags: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "em", "strong", "del", "code", "pre", "a",
        "blockquote", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td",
    ]
    static let voidTags: Set<String> = ["br", "hr", "img", "input"]

    /// Problems found in `html`; empty when it is well-formed.
    static func problems(in html: String) -> [String] {
        let bytes = Array(html.utf8)
        var problems: [String] = []
        var open: [String] = []
        var index = 0
        func report(_ message: String) {
            if problems.count < 10 {
                problems.append("\(message) at byte \(index)")
            }
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                guard let end = tagEnd(bytes, from: index) else {
                    report("unterminated tag")
                    return problems
                }
                let tag = Array(bytes[(index + 1)..<end])
                checkTag(tag, open: &open, report: report)
                index = end + 1
            case UInt8(ascii: ">"):
                report("'>' outside a tag")
                index += 1
            case UInt8(ascii: "&"):
                if !hasEntity(bytes, at: index) {
                    report("bare '&'")
                }
                index += 1
            case 0..<0x09, 0x0B..<0x20:
                report("control character \(bytes[index])")
                index += 1
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                report("noncharacter U+FFFE or U+FFFF")
                index += 1
            default:
                index += 1
            }
        }
        if !open.isEmpty {
            report("unclosed \(open)")
        }
        return problems
    }

    /// Index of the `>` ending the tag that starts at `start`: attribute values never contain
    /// `>` (the converter escapes it), so the first one ends the tag.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ">") {
                return index
            }
            if bytes[index] == UInt8(ascii: "<") {
                return nil
            }
            index += 1
        }
        return nil
    }

    private static func checkTag(_ tag: [UInt8], open: inout [String], report: (String) -> Void) {
        if tag.first == UInt8(ascii: "/") {
            let name = String(decoding: tag.dropFirst(), as: UTF8.self)
            guard let last = open.last, last == name else {
                report("</\(name)> closes \(open.last ?? "nothing")")
                return
            }
            open.removeLast()
            return
        }
        var nameEnd = 0
        while nameEnd < tag.count, tag[nameEnd] != UInt8(ascii: " "), tag[nameEnd] != UInt8(ascii: "/") {
            nameEnd += 1
        }
        let name = String(decoding: tag[..<nameEnd], as: UTF8.self)
        let selfClosing = tag.count >= 2 && tag[tag.count - 2] == UInt8(ascii: " ")
            && tag[tag.count - 1] == UInt8(ascii: "/")
        let attributes = Array(tag[nameEnd..<(selfClosing ? tag.count - 2 : tag.count)])
        if !attributesAreWellFormed(attributes) {
            report("malformed attributes in <\(name)>")
        }
        if voidTags.contains(name) {
            if !selfClosing {
                report("<\(name)> not self-closed")
            }
        } else if containerTags.contains(name) {
            if selfClosing {
                report("<\(name) /> self-closed")
            }
            if name == "a", open.contains("a") {
                report("<a> inside <a>")
            }
            open.append(name)
        } else {
            report("unknown tag <\(name)>")
        }
    }

    /// ` name="value"` repeated, values without `"`, `<` or `>`.
    private static func attributesAreWellFormed(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: " ") else { return false }
            index += 1
            let nameStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "a"), bytes[index] <= UInt8(ascii: "z") {
                index += 1
            }
            guard index > nameStart, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "="),
                  bytes[index + 1] == UInt8(ascii: "\"") else { return false }
            index += 2
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "<") || bytes[index] == UInt8(ascii: ">") {
                    return false
                }
                index += 1
            }
            guard index < bytes.count else { return false }
            index += 1
        }
        return true
    }

    private static func hasEntity(_ bytes: [UInt8], at index: Int) -> Bool {
        for entity in ["&amp;", "&lt;", "&gt;", "&quot;"] {
            let expected = Array(entity.utf8)
            if index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected {
                return true
            }
        }
        return false
    }
}
