/// The result of sanitizing one note: the clean markup and what was taken out of it.
public struct SanitizedNote: Sendable, Equatable {
    /// The markup to store and show.
    public let html: SanitizedHTML
    /// What was removed, for a message to the person who wrote the note.
    public let removed: RemovalReport
}
