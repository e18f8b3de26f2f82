/// How a task's notes were written, so that they can be edited again in the same form.
public enum NoteFormat: String, Codable, Sendable, CaseIterable {
    /// Plain text: line breaks kept, bare links made links.
    case plain
    /// Markdown, read the way Trello reads card descriptions.
    case markdown
    /// HTML, kept to an allowlist by the sanitizer.
    case html
}

/// A task's notes as the store keeps them: what the person wrote and in which format, the
/// sanitized HTML it renders to (kept so pages need not render it again), and the plain-text
/// excerpt a card shows, derived once when the notes are saved.
public struct TaskNotes: Sendable, Equatable {
    /// The notes as written.
    public let source: String
    public let format: NoteFormat
    /// Sanitized HTML (the sanitizer's output; this module cannot check that, the web layer makes it).
    public let html: String
    /// Plain text, already cut to a card's length; empty when the notes have no text.
    public let excerpt: String

    public init(source: String, format: NoteFormat, html: String, excerpt: String) {
        self.source = source
        self.format = format
        self.html = html
        self.excerpt = excerpt
    }

    /// No notes at all.
    public static let none = TaskNotes(source: "", format: .plain, html: "", excerpt: "")
}

/// What a version of PlanBoard before the excerpt and the notes' source were kept left out, worked
/// out again from the stored HTML when the app starts.
public struct LegacyNotes: Sendable, Equatable {
    public let source: String
    public let format: NoteFormat
    public let excerpt: String

    public init(source: String, format: NoteFormat, excerpt: String) {
        self.source = source
        self.format = format
        self.excerpt = excerpt
    }
}
