import PlanCore
import PlanNotes

/// The short plain-text preview of a task's notes shown on its card.
package enum Excerpt {
    /// How many characters a card shows before cutting.
    static let length = 120

    /// The text of the stored (sanitized) notes, cut at a word boundary; nil when there is none.
    package static func of(_ task: PlanTask) -> String? {
        guard !task.notes.isEmpty else { return nil }
        let text = SanitizedHTML.plainText(ofStoredNotes: task.notes, limit: length)
        return text.isEmpty ? nil : text
    }
}
