import Foundation
import Hummingbird
import PlanCore

/// A task as scripts see it (DESIGN.md, "A task in JSON").
struct TaskJSON: Encodable, Sendable {
    let id: TaskID
    let title: String
    let column: String
    let important: Bool
    let finished: Bool
    /// The notes as shown (sanitized HTML), as DESIGN.md has it; the notes as written follow.
    let notes: String
    let notesSource: String
    let notesFormat: String
    let created: Date
    let updated: Date
    /// The card as the board draws it, in answers to a change made from the board (absent elsewhere).
    let html: String?

    init(_ task: PlanTask, card html: String? = nil) {
        id = task.id
        title = task.title
        column = task.column.rawValue
        important = task.important
        finished = task.finished
        notes = task.notes
        notesSource = task.notesSource
        notesFormat = task.notesFormat.rawValue
        created = task.created
        updated = task.updated
        self.html = html
    }
}

/// The board as scripts see it: every column's tasks in display order.
struct BoardJSON: Encodable, Sendable {
    let revision: Int64
    let columns: [String: [TaskJSON]]

    init(_ board: Board) {
        revision = board.revision
        columns = Dictionary(uniqueKeysWithValues: BoardColumn.allCases.map { ($0.rawValue, board.tasks(in: $0).map { TaskJSON($0) }) })
    }
}

/// `{"error":{"code","message"},"revision"}`, plus the current board when the client's view was stale.
struct ErrorJSON: Encodable, Sendable {
    struct Detail: Encodable, Sendable {
        let code: String
        let message: String
    }

    let error: Detail
    let revision: Int64?
    let board: BoardJSON?
}

/// The answer to a move: the new revision and the task where it now is.
struct MoveJSON: Encodable, Sendable {
    let revision: Int64
    let task: TaskJSON
}

/// The answer to an undo: what kind of change was reverted, and the task now (or as it was, when it no longer exists).
struct UndoJSON: Encodable, Sendable {
    let revision: Int64
    let undone: String
    let exists: Bool
    let task: TaskJSON
}

/// Whether a column's finished tasks are folded away in this browser.
struct ColumnPreferenceJSON: Encodable, Sendable {
    let column: String
    let hidesFinished: Bool
}

/// The answer to a change that returns only the new revision (delete).
struct RevisionJSON: Encodable, Sendable {
    let revision: Int64
}

/// How every JSON the app sends is written (answers and live events alike): ISO 8601 dates and
/// sorted keys, so answers are stable.
enum JSONFormat {
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
