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
    /// The day it comes to Today, its deadline (`YYYY-MM-DD`) and its repeat (`RepeatRule.code`:
    /// `day`, `workday`, `week:1`, `month:28`); absent when it has none.
    let when: String?
    let deadline: String?
    let repeats: String?
    /// What an edit or a checklist tick sends back as `version` (`PlanTask.version`): in a string,
    /// since the fingerprint has more digits than a JavaScript number keeps.
    let version: String
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
        when = task.when?.iso
        deadline = task.deadline?.iso
        repeats = task.repeats?.code
        version = String(task.version)
        self.html = html
    }
}

/// The board as scripts see it: every column's tasks in display order.
struct BoardJSON: Encodable, Sendable {
    let revision: Int64
    let columns: [String: [TaskJSON]]

    init(_ board: Board) {
        self.init(board, task: { TaskJSON($0) })
    }

    /// Each task also carrying its card as the board draws it (`html`), for the board page's own
    /// script to catch up without drawing anything itself.
    init(_ board: Board, card: (PlanTask) throws -> String) rethrows {
        try self.init(board, task: { TaskJSON($0, card: try card($0)) })
    }

    private init(_ board: Board, task: (PlanTask) throws -> TaskJSON) rethrows {
        revision = board.revision
        var columns: [String: [TaskJSON]] = [:]
        for column in BoardColumn.allCases {
            columns[column.rawValue] = try board.tasks(in: column).map(task)
        }
        self.columns = columns
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

/// The answer to a change of several tasks: the board's revision and the tasks as written (none
/// when nothing changed; a deleted task as it was).
struct BatchJSON: Encodable, Sendable {
    let revision: Int64
    let tasks: [TaskJSON]
    /// What was done, in the reader's language ("Marked 3 tasks important."), for the page to say.
    let message: String
}

/// How every JSON the app sends is written (answers and live events alike): ISO 8601 dates and
/// sorted keys, so answers are stable; U+2028, U+2029 and U+0085 escaped, so that no reader that
/// takes them for line breaks (an event stream split carelessly, a script block, an old parser)
/// sees a string end mid-line.
enum JSONFormat {
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return escapingLineSeparators(try encoder.encode(value))
    }

    /// Writes U+2028, U+2029 and U+0085 as `\u` escapes. Their UTF-8 forms start with a lead byte
    /// (E2, C2), never a continuation byte, so a match is always a whole character; and JSON's own
    /// syntax is ASCII, so they only ever stand inside strings, where an escape means the same.
    static func escapingLineSeparators(_ json: Data) -> Data {
        guard json.contains(0xE2) || json.contains(0xC2) else { return json }
        var out = Data(capacity: json.count + 16)
        var index = json.startIndex
        while index < json.endIndex {
            let byte = json[index]
            let next = json.index(after: index)
            if byte == 0xE2, json.distance(from: index, to: json.endIndex) >= 3, json[next] == 0x80,
               json[json.index(after: next)] == 0xA8 || json[json.index(after: next)] == 0xA9 {
                out.append(contentsOf: Array((json[json.index(after: next)] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                index = json.index(index, offsetBy: 3)
            } else if byte == 0xC2, next < json.endIndex, json[next] == 0x85 {
                out.append(contentsOf: Array("\\u0085".utf8))
                index = json.index(index, offsetBy: 2)
            } else {
                out.append(byte)
                index = next
            }
        }
        return out
    }
}
