import PlanCore
import PlanNotes

/// The short plain-text preview of a task's notes shown on its card.
package enum Excerpt {
    /// How many characters a card shows before cutting.
    static let length = 120

    /// The text of the stored (sanitized) notes, cut at a word boundary; nil when there is none.
    package static func of(_ task: PlanTask) -> String? {
        let text = of(storedNotes: task.notes)
        return text.isEmpty ? nil : text
    }

    /// The excerpt of notes as stored (sanitizer output): what is kept with the task when it is saved.
    package static func of(storedNotes html: String) -> String {
        html.isEmpty ? "" : SanitizedHTML.plainText(ofStoredNotes: html, limit: length)
    }
}
