import Foundation

/// A task's identity: the store assigns it, it is never reused.
public typealias TaskID = Int64

/// One card on the board, as stored.
public struct PlanTask: Codable, Sendable, Equatable, Identifiable {
    public var id: TaskID
    public var title: String
    public var column: BoardColumn
    /// Position inside `column`; only its order relative to other keys of the same column matters.
    public var orderKey: OrderKey
    public var important: Bool
    public var finished: Bool
    /// Notes as shown: sanitized HTML rendered from `notesSource`.
    public var notes: String
    /// The notes as the person wrote them, in `notesFormat`: what the editor shows again.
    public var notesSource: String
    public var notesFormat: NoteFormat
    /// The plain-text excerpt a card shows, derived from `notes` when they are saved; nil for a
    /// task stored before excerpts were kept, until the app derives it.
    public var excerpt: String?
    /// Where an imported task came from (`trello:CARD` or `planboard:BOARD:ID`), so that importing
    /// the same file again can be noticed; nil for a task made here.
    public var origin: String?
    public var created: Date
    public var updated: Date
    /// The day it should come to Today (the day's turn brings it there, and clears this).
    public var when: BoardDay?
    /// The day it is due.
    public var deadline: BoardDay?
    /// How it repeats: finishing it makes the next occurrence.
    public var repeats: RepeatRule?
    /// When it was finished (nil while open).
    public var finishedAt: Date?
    /// The board's day it was finished on: the logbook's grouping (nil while open).
    public var finishedDay: BoardDay?
    /// In the logbook (finished, off the board) rather than on the board.
    public var inLogbook: Bool

    /// The origin of task `id` made on board `board` (the SQLite store writes the same in SQL).
    public static func origin(board: String, id: TaskID) -> String { "planboard:\(board):\(id)" }

    /// A fingerprint of what an edit form changes (title, importance, notes as written): edit forms send it back,
    /// so an edit made from a page that no longer shows the task's content is detected. Moves and
    /// finishing do not change it, so they never make an open edit form stale. (FNV-1a, 62 bits.)
    public var version: Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        title.utf8.forEach(mix)
        mix(important ? 1 : 0)
        // The dates and the repeat, when a task has any (a task without them keeps the version it had before they existed).
        if when != nil || deadline != nil || repeats != nil {
            mix(0xFE)
            for text in [when?.iso ?? "", deadline?.iso ?? "", repeats?.code ?? ""] {
                text.utf8.forEach(mix)
                mix(0xFF)
            }
        }
        mix(0xFF)  // a separator no UTF-8 text contains
        notesFormat.rawValue.utf8.forEach(mix)
        mix(0xFF)
        notesSource.utf8.forEach(mix)
        return Int64(hash & 0x3FFF_FFFF_FFFF_FFFF)
    }

    public init(
        id: TaskID, title: String, column: BoardColumn, orderKey: OrderKey,
        important: Bool = false, finished: Bool = false, notes: TaskNotes = .none, origin: String? = nil,
        created: Date, updated: Date, when: BoardDay? = nil, deadline: BoardDay? = nil, repeats: RepeatRule? = nil,
        finishedAt: Date? = nil, finishedDay: BoardDay? = nil, inLogbook: Bool = false
    ) {
        self.id = id
        self.title = title
        self.column = column
        self.orderKey = orderKey
        self.important = important
        self.finished = finished
        self.notes = notes.html
        notesSource = notes.source
        notesFormat = notes.format
        excerpt = notes.excerpt
        self.origin = origin
        self.created = created
        self.updated = updated
        self.when = when
        self.deadline = deadline
        self.repeats = repeats
        self.finishedAt = finishedAt
        self.finishedDay = finishedDay
        self.inLogbook = inLogbook
    }
}

extension PlanTask {
    /// The notes with their source, format and excerpt, as an edit or an undo writes them together.
    public var noteContent: TaskNotes {
        get { TaskNotes(source: notesSource, format: notesFormat, html: notes, excerpt: excerpt ?? "") }
        set {
            notes = newValue.html
            notesSource = newValue.source
            notesFormat = newValue.format
            excerpt = newValue.excerpt
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, column, orderKey, important, finished, notes, notesSource, notesFormat, excerpt, origin, created, updated
        case when, deadline, repeats, finishedAt, finishedDay, inLogbook
    }

    /// Reads a task as the change log holds it; entries written before the notes' source and
    /// format were kept read as HTML notes written as HTML.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(TaskID.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        column = try container.decode(BoardColumn.self, forKey: .column)
        orderKey = try container.decode(OrderKey.self, forKey: .orderKey)
        important = try container.decode(Bool.self, forKey: .important)
        finished = try container.decode(Bool.self, forKey: .finished)
        notes = try container.decode(String.self, forKey: .notes)
        notesSource = try container.decodeIfPresent(String.self, forKey: .notesSource) ?? notes
        notesFormat = try container.decodeIfPresent(NoteFormat.self, forKey: .notesFormat) ?? .html
        excerpt = try container.decodeIfPresent(String.self, forKey: .excerpt)
        origin = try container.decodeIfPresent(String.self, forKey: .origin)
        created = try container.decode(Date.self, forKey: .created)
        updated = try container.decode(Date.self, forKey: .updated)
        // Entries written before tasks had days have none.
        when = try container.decodeIfPresent(BoardDay.self, forKey: .when)
        deadline = try container.decodeIfPresent(BoardDay.self, forKey: .deadline)
        repeats = try container.decodeIfPresent(RepeatRule.self, forKey: .repeats)
        finishedAt = try container.decodeIfPresent(Date.self, forKey: .finishedAt)
        finishedDay = try container.decodeIfPresent(BoardDay.self, forKey: .finishedDay)
        inLogbook = try container.decodeIfPresent(Bool.self, forKey: .inLogbook) ?? false
    }
}
