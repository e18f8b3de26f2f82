/// HTML reduced to what a reader sees, so that two renderers' outputs compare equal when they
/// differ only in layout: the way the spec's own test tools compare.
///
/// - whitespace in text collapses to one space, except inside `<pre>`;
/// - whitespace next to a block-level tag is dropped;
/// - attributes are sorted by name, written `name="value"` (a bare `disabled` as `disabled=""`);
/// - `<br />` and `<br>` are the same;
/// - in text and attribute values `&amp;`, `&lt;`, `&gt;`, `&quot;` and numeric references are read
///   as the characters they stand for, then `&`, `<`, `>` and `"` are written as references again.
///   Other named references are left as typed (only raw HTML examples have them).
enum ComparableHTML {
    static let blockTags: Set<String> = [
        "article", "blockquote", "body", "dd", "div", "dl", "dt", "h1", "h2", "h3", "h4", "h5", "h6",
        "head", "hr", "html", "li", "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot", "th",
        "thead", "title", "tr", "ul",
    ]

    private enum Piece {
        case text(String)
        case tag(name: String, closing: Bool, markup: String)
        case other(String)
    }

    static func normalized(_ html: String) -> String {
        var result = ""
        var preDepth = 0
        var pendingText = ""
        var lastWasBlock = true
        func flushText(beforeBlock: Bool) {
            var text = pendingText
            pendingText = ""
            if preDepth == 0 {
                text = collapsed(text)
                if lastWasBlock { text = String(text.drop { $0 == " " }) }
                if beforeBlock { text = String(text.reversed().drop { $0 == " " }.reversed()) }
            }
            result += text
            if !text.isEmpty { lastWasBlock = false }
        }
        for piece in pieces(of: html) {
            switch piece {
            case .text(let text):
                pendingText += text
            case .other(let markup):
                flushText(beforeBlock: false)
                result += markup
                lastWasBlock = false
            case .tag(let name, let closing, let markup):
                let isBlock = blockTags.contains(name)
                flushText(beforeBlock: isBlock)
                if name == "pre" { preDepth += closing ? -1 : 1 }
                result += markup
                lastWasBlock = isBlock
            }
        }
        flushText(beforeBlock: true)
        return result
    }

    private static func collapsed(_ text: String) -> String {
        var output = ""
        var inSpace = false
        for character in text {
            if character == " " || character == "\n" || character == "\t" || character == "\r" {
                if !inSpace { output.append(" ") }
                inSpace = true
            } else {
                output.append(character)
                inSpace = false
            }
        }
        return output
    }

    private static func pieces(of html: String) -> [Piece] {
        let characters = Array(html)
        var pieces: [Piece] = []
        var text = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "<", index + 1 < characters.count,
               characters[index + 1].isLetter || characters[index + 1] == "/" {
                if let (piece, end) = tag(in: characters, at: index) {
                    if !text.isEmpty { pieces.append(.text(decodedAndEscaped(text))); text = "" }
                    pieces.append(piece)
                    index = end
                    continue
                }
            }
            if character == "<", index + 1 < characters.count, characters[index + 1] == "!" || characters[index + 1] == "?" {
                if let close = characters[index...].firstIndex(of: ">") {
                    if !text.isEmpty { pieces.append(.text(decodedAndEscaped(text))); text = "" }
                    pieces.append(.other(String(characters[index...close])))
                    index = close + 1
                    continue
                }
            }
            text.append(character)
            index += 1
        }
        if !text.isEmpty { pieces.append(.text(decodedAndEscaped(text))) }
        return pieces
    }

    /// A start or end tag at `start`, with its attributes sorted; nil when it does not parse.
    private static func tag(in characters: [Character], at start: Int) -> (Piece, Int)? {
        var index = start + 1
        let closing = characters[index] == "/"
        if closing { index += 1 }
        var name = ""
        while index < characters.count, characters[index].isLetter || characters[index].isNumber {
            name.append(characters[index])
            index += 1
        }
        guard !name.isEmpty else { return nil }
        name = name.lowercased()
        var attributes: [(String, String)] = []
        while true {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
            guard index < characters.count else { return nil }
            if characters[index] == ">" { index += 1; break }
            if characters[index] == "/", index + 1 < characters.count, characters[index + 1] == ">" {
                index += 2
                break
            }
            var attributeName = ""
            while index < characters.count, !characters[index].isWhitespace,
                  !"=>/".contains(characters[index]) {
                attributeName.append(characters[index])
                index += 1
            }
            guard !attributeName.isEmpty else { return nil }
            var value = ""
            if index < characters.count, characters[index] == "=" {
                index += 1
                guard index < characters.count else { return nil }
                let quote = characters[index]
                if quote == "\"" || quote == "'" {
                    index += 1
                    while index < characters.count, characters[index] != quote {
                        value.append(characters[index])
                        index += 1
                    }
                    guard index < characters.count else { return nil }
                    index += 1
                } else {
                    while index < characters.count, !characters[index].isWhitespace, characters[index] != ">" {
                        value.append(characters[index])
                        index += 1
                    }
                }
            }
            attributes.append((attributeName.lowercased(), decodedAndEscaped(value)))
        }
        var markup = closing ? "</" + name : "<" + name
        for (attributeName, value) in attributes.sorted(by: { $0.0 < $1.0 }) {
            markup += " \(attributeName)=\"\(value)\""
        }
        markup += ">"
        return (.tag(name: name, closing: closing, markup: markup), index)
    }

    /// Reads the four basic references and numeric ones, then escapes `&<>"` again.
    static func decodedAndEscaped(_ text: String) -> String {
        var output = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "&", let semicolon = characters[index...].prefix(12).firstIndex(of: ";") {
                let name = String(characters[(index + 1)..<semicolon])
                if let decoded = basicReference(name) {
                    output += escaped(decoded)
                    index = semicolon + 1
                    continue
                }
            }
            output += escaped(String(character))
            index += 1
        }
        return output
    }

    private static func basicReference(_ name: String) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return String(Character(scalar))
    }

    private static func escaped(_ text: String) -> String {
        switch text {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        default: text
        }
    }
}
