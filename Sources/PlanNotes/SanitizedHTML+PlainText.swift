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
        guard text.count > limit else { return text }

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
    /// List items stay apart (" · "), so "milk, eggs" in a list does not read "milk eggs".
    private static func collapsedText(of html: String) -> String {
        var text = ""
        var pending: String?
        var scalars = html.unicodeScalars[...]
        // Runs of whitespace and block boundaries become one space, and only between words.
        func appendSeparator(_ separator: String = " ") {
            guard !text.isEmpty else { return }
            if pending != " · " { pending = separator }
        }
        func append(_ scalar: Unicode.Scalar) {
            if let separator = pending {
                text += separator
                pending = nil
            }
            text.unicodeScalars.append(scalar)
        }
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "<":
                var name = ""
                while let next = scalars.first, next != ">", next != " " {
                    name.unicodeScalars.append(next)
                    scalars.removeFirst()
                }
                while let next = scalars.popFirst(), next != ">" {}
                if name == "li" {
                    appendSeparator(" · ")
                } else if AllowedElement(name: name.trimmingPrefix("/"))?.isBlock ?? false {
                    appendSeparator()
                }
            case "&":
                let reference: (String, Unicode.Scalar)? = [("amp;", "&"), ("lt;", "<"), ("gt;", ">"), ("quot;", "\"")]
                    .first { scalars.starts(with: $0.0.unicodeScalars) }
                if let (name, character) = reference {
                    scalars.removeFirst(name.unicodeScalars.count)
                    append(character)
                } else {
                    append(scalar)
                }
            case " ", "\t", "\n":
                appendSeparator()
            default:
                append(scalar)
            }
        }
        return text
    }
}
