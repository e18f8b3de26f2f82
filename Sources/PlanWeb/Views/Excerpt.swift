import PlanCore

/// The short plain-text preview of a task's notes shown on its card.
package enum Excerpt {
    /// How many characters a card shows before cutting.
    static let length = 120

    /// The notes with white space collapsed, cut at a word boundary; nil when there are none.
    package static func of(_ task: PlanTask) -> String? {
        cut(task.notes)
    }

    static func cut(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        var out = ""
        for word in words {
            let next = out.isEmpty ? String(word) : out + " " + word
            if next.count > length {
                // A single enormous word is cut mid-word rather than dropped.
                return (out.isEmpty ? String(word.prefix(length)) : out) + "…"
            }
            out = next
        }
        return out
    }
}
