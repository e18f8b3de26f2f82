// Shared by the tests and the fuzz target (Fuzz/ compiles this file too), so it imports
// nothing but the standard library and knows nothing of the sanitizer's code.

/// An independent check of sanitizer output: it reads the markup by the grammar the sanitizer
/// promises and lists every place where the output could do more than show formatted text.
///
/// Written from the policy, not from the sanitizer's code, so a bug in one is unlikely to be
/// repeated in the other.
enum OutputAuditor {
    static let allowedAttributes: [String: Set<String>] = {
        var table: [String: Set<String>] = [:]
        let plain = "h1 h2 h3 h4 h5 h6 p br hr div span ul li strong b em i u s del ins sub sup mark small code kbd pre blockquote table caption thead tbody tfoot tr"
        for name in plain.split(separator: " ") {
            table[String(name)] = []
        }
        table["ol"] = ["start"]
        table["th"] = ["colspan", "rowspan", "scope", "align"]
        table["td"] = ["colspan", "rowspan", "align"]
        table["input"] = ["type", "checked", "disabled"]
        table["a"] = ["href", "title", "rel"]
        table["img"] = ["src", "alt", "title", "width", "height"]
        return table
    }()

    /// Problems found in `html`; empty when it is safe.
    ///
    /// Reads Unicode scalars, as an HTML tokenizer does: comparing Characters would glue a
    /// combining mark to the `;` or `>` before it and misread the markup.
    static func problems(in html: String) -> [String] {
        var problems: [String] = []
        let scalars = Array(html.unicodeScalars)
        var index = 0
        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.unicodeScalars)
            return position + pattern.count <= scalars.count && Array(scalars[position..<(position + pattern.count)]) == pattern
        }
        func excerpt(_ position: Int) -> String {
            String(String.UnicodeScalarView(scalars[position..<min(position + 30, scalars.count)]))
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" {
                problems.append("control character U+\(String(scalar.value, radix: 16)) in output")
            }
            switch scalar {
            case "&":
                guard let entity = ["&amp;", "&lt;", "&gt;", "&quot;"].first(where: { starts($0, at: index) }) else {
                    problems.append("raw & at: \(excerpt(index))")
                    index += 1
                    continue
                }
                index += entity.unicodeScalars.count
            case "<":
                guard let end = scalars[index...].firstIndex(of: ">") else {
                    problems.append("unterminated tag at: \(excerpt(index))")
                    return problems
                }
                problems += tagProblems(Array(scalars[(index + 1)..<end]))
                index = end + 1
            default:
                // ">" and "\"" are harmless in text; the sanitizer escapes ">" anyway.
                index += 1
            }
        }
        return problems
    }

    private static func tagProblems(_ tag: [Unicode.Scalar]) -> [String] {
        func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(scalars)) }
        if tag.first == "/" {
            let name = text(tag.dropFirst())
            return allowedAttributes[name] == nil ? ["end tag not allowed: </\(name)>"] : []
        }
        let nameEnd = tag.firstIndex(of: " ") ?? tag.endIndex
        let name = text(tag[..<nameEnd])
        guard let allowed = allowedAttributes[name] else { return ["element not allowed: <\(text(tag.prefix(40)))>"] }
        var problems: [String] = []
        var seen: Set<String> = []
        var position = nameEnd
        while position < tag.endIndex {
            // Expect exactly: space, name, =", value without quotes or angle brackets, ".
            guard tag[position] == " ",
                  let equals = tag[position...].firstIndex(of: "="),
                  equals + 1 < tag.endIndex, tag[equals + 1] == "\"",
                  let valueEnd = tag[(equals + 2)...].firstIndex(of: "\"")
            else { return problems + ["malformed attributes in <\(text(tag.prefix(60)))>"] }
            let attribute = text(tag[(position + 1)..<equals])
            let value = decode(text(tag[(equals + 2)..<valueEnd]))
            position = valueEnd + 1
            if !allowed.contains(attribute) {
                problems.append("attribute not allowed: \(name)[\(attribute)]")
            }
            seen.insert(attribute)
            problems += valueProblems(element: name, attribute: attribute, value: value)
        }
        // The only input a note may show is a checkbox no one can change.
        if name == "input", !seen.isSuperset(of: ["type", "disabled"]) {
            problems.append("input that is not a disabled checkbox: <\(text(tag.prefix(60)))>")
        }
        return problems
    }

    private static func valueProblems(element: String, attribute: String, value: String) -> [String] {
        switch attribute {
        case "href":
            let ok = value.hasPrefix("https://") || value.hasPrefix("http://") || value.hasPrefix("mailto:")
            let clean = !value.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
            return ok && clean ? [] : ["unsafe href: \(value.prefix(60))"]
        case "src":
            let clean = !value.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
            return value.hasPrefix("https://") && clean ? [] : ["unsafe src: \(value.prefix(60))"]
        case "rel":
            return value == "noopener noreferrer nofollow" ? [] : ["unexpected rel: \(value)"]
        case "width", "height", "start", "colspan", "rowspan":
            return !value.isEmpty && value.allSatisfy(\.isASCIIDigit) ? [] : ["not a number: \(attribute)=\(value)"]
        case "scope":
            return ["row", "col", "rowgroup", "colgroup"].contains(value) ? [] : ["bad scope: \(value)"]
        case "align":
            return ["left", "center", "right"].contains(value) ? [] : ["bad align: \(value)"]
        case "type":
            return value == "checkbox" ? [] : ["input of type \(value)"]
        case "checked", "disabled":
            return value.isEmpty ? [] : ["unexpected \(attribute) value: \(value)"]
        default:
            return []
        }
    }

    private static func decode(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

private extension String {
    // On scalars, for the reason given on `problems(in:)`.
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = String.UnicodeScalarView()
        let source = Array(unicodeScalars)
        let pattern = Array(target.unicodeScalars)
        var index = 0
        while index < source.count {
            if index + pattern.count <= source.count, Array(source[index..<(index + pattern.count)]) == pattern {
                result.append(contentsOf: replacement.unicodeScalars)
                index += pattern.count
            } else {
                result.append(source[index])
                index += 1
            }
        }
        return String(result)
    }
}
