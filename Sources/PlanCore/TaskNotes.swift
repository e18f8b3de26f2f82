/// A task's notes as the store keeps them: the sanitized HTML, and the plain-text excerpt a card
/// shows, derived once when the notes are saved rather than on every drawing of the board.
public struct TaskNotes: Sendable, Equatable {
    /// Sanitized HTML (the sanitizer's output; this module cannot check that, the web layer makes it).
    public let html: String
    /// Plain text, already cut to a card's length; empty when the notes have no text.
    public let excerpt: String

    public init(html: String, excerpt: String) {
        self.html = html
        self.excerpt = excerpt
    }

    /// No notes at all.
    public static let none = TaskNotes(html: "", excerpt: "")
}
