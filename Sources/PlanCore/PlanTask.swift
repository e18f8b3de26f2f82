import Foundation

/// A task's identity: the store assigns it, it is never reused.
public typealias TaskID = Int64

/// One card on the board, as stored.
public struct PlanTask: Codable, Sendable, Equatable, Identifiable {
    public var id: TaskID
    public var title: String
    public var column: Column
    /// Position inside `column`; only its order relative to other keys of the same column matters.
    public var orderKey: OrderKey
    public var important: Bool
    public var finished: Bool
    /// Notes as stored: already sanitized HTML once the sanitizer has seen them.
    public var notes: String
    /// The plain-text excerpt a card shows, derived from `notes` when they are saved; nil for a
    /// task stored before excerpts were kept, until the app derives it.
    public var excerpt: String?
    public var created: Date
    public var updated: Date

    /// A fingerprint of what an edit form changes (title, importance, notes): edit forms send it back,
    /// so an edit made from a page that no longer shows the task's content is detected. Moves and
    /// finishing do not change it, so they never make an open edit form stale. (FNV-1a, 62 bits.)
    public var version: Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        title.utf8.forEach(mix)
        mix(important ? 1 : 0)
        mix(0xFF)  // a separator no UTF-8 text contains
        notes.utf8.forEach(mix)
        return Int64(hash & 0x3FFF_FFFF_FFFF_FFFF)
    }

    public init(
        id: TaskID, title: String, column: Column, orderKey: OrderKey,
        important: Bool = false, finished: Bool = false, notes: String = "", excerpt: String? = nil,
        created: Date, updated: Date
    ) {
        self.id = id
        self.title = title
        self.column = column
        self.orderKey = orderKey
        self.important = important
        self.finished = finished
        self.notes = notes
        self.excerpt = excerpt
        self.created = created
        self.updated = updated
    }
}

extension PlanTask {
    /// The notes with their excerpt, as an edit or an undo writes them together.
    public var noteContent: TaskNotes {
        get { TaskNotes(html: notes, excerpt: excerpt ?? "") }
        set {
            notes = newValue.html
            excerpt = newValue.excerpt
        }
    }
}
