extension SanitizedHTML {
    /// A short plain-text excerpt for the board: tags removed, whitespace collapsed, cut at a
    /// word boundary with "…" so that it is at most `limit` characters. The result is text, not
    /// markup: templates must escape it like any other string.
    public func plainText(limit: Int) -> String {
        Self.plainText(ofStoredNotes: html, limit: limit)
    }

    /// The same excerpt for notes read back from storage, which only ever holds sanitizer output.
    /// It does not sanitize them again: the result is plain text that templates escape anyway, so
    /// even markup of another shape could at worst read oddly, never run.
    public static func plainText(ofStoredNotes html: String, limit: Int) -> String {
        guard limit > 0 else { return "" }
        let text = Self.collapsedText(of: html)
        // No more bytes than the limit is no more characters: most notes are not counted.
        guard text.utf8.count > limit, text.count > limit else { return text }

        // Leave room for the ellipsis, then step back to the last space if there is one in a
        // sensible place; text without spaces (Chinese, long URLs) is cut between characters.
        var cut = text.prefix(limit - 1)
        let cutsAWord = text[cut.endIndex] != " "
        if cutsAWord, let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) >= (limit - 1) / 2 {
            cut = cut[..<space]
        }
        // "word,…" reads worse than "word…".
        while let last = cut.last, last == " " || ",;:".contains(last) {
            cut = cut.dropLast()
        }
        return cut + "…"
    }

    /// The text of markup the sanitizer wrote. That markup has a known shape: tags are
    /// `<name attr="value">` with `<`, `>` and `"` escaped inside values, and text uses only the
    /// four references `&amp;` `&lt;` `&gt;` `&quot;`; so a small scanner reads it exactly.
    /// List items stay apart (" · "), so "milk, eggs" in a list does not read "milk eggs"; so does
    /// a heading from what follows it ("Shopping · Milk", not "Shopping Milk").
    ///
    /// It reads the UTF-8 bytes: every byte it looks for is ASCII, which no byte of a longer
    /// character ever is, so the text between them is copied a run at a time.
    private static func collapsedText(of html: String) -> String {
        var html = html
        return html.withUTF8 { bytes in
            var text: [UInt8] = []
            text.reserveCapacity(bytes.count)
            var pending: Separator?
            // Runs of whitespace and block boundaries become one separator, and only between words.
            func separate(_ separator: Separator) {
                guard !text.isEmpty else { return }
                if pending != .item { pending = separator }
            }
            func startWord() {
                if let separator = pending {
                    if separator == .item { text += itemSeparator } else { text.append(UInt8(ascii: " ")) }
                    pending = nil
                }
            }
            var at = 0
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "<"):
                    var end = at + 1
                    while end < bytes.count, bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: " ") { end += 1 }
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 1)..<end]), as: UTF8.self)
                    while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                    at = end + 1
                    if name == "li" || Self.headingEnds.contains(name) {
                        separate(.item)
                    } else if AllowedElement(name: name.first == "/" ? name.dropFirst() : name[...])?.isBlock ?? false {
                        separate(.space)
                    }
                case UInt8(ascii: "&"):
                    startWord()
                    let rest = UnsafeBufferPointer(rebasing: bytes[(at + 1)...])
                    if let (name, character) = references.first(where: { rest.starts(with: $0.name) }) {
                        text.append(character)
                        at += 1 + name.count
                    } else {
                        text.append(UInt8(ascii: "&"))
                        at += 1
                    }
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                    separate(.space)
                    at += 1
                default:
                    startWord()
                    var end = at + 1
                    while end < bytes.count, !Self.stopsARun(bytes[end]) { end += 1 }
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[at..<end]))
                    at = end
                }
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    private enum Separator { case space, item }

    /// A heading's end tag, as the scanner reads a tag's name.
    private static let headingEnds: Set<String> = ["/h1", "/h2", "/h3", "/h4", "/h5", "/h6"]

    /// What keeps list items apart, as bytes.
    private static let itemSeparator = Array(" · ".utf8)

    /// The four references the sanitizer writes, without their `&`, and the byte each stands for.
    private static let references: [(name: [UInt8], character: UInt8)] = [
        (Array("amp;".utf8), UInt8(ascii: "&")), (Array("lt;".utf8), UInt8(ascii: "<")),
        (Array("gt;".utf8), UInt8(ascii: ">")), (Array("quot;".utf8), UInt8(ascii: "\"")),
    ]

    /// A byte that ends a run of text: a tag, a reference or whitespace.
    private static func stopsARun(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
    }
}
