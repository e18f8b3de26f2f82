import Foundation
import PlanCore

/// The export file: the whole board, versioned, re-importable.
///
/// ```json
/// {"format": "planboard-export", "version": 4, "board": "…", "exported": "…", "revision": 12,
///  "columns": {"today": [task…], "next": […], "later": […]}, "logbook": [entry…]}
/// ```
/// Each column lists its tasks in display order; a task is `{"id", "title", "important",
/// "finished", "notes", "notesSource", "notesFormat", "origin", "created", "updated", "when",
/// "deadline", "repeats"}`, where `notes` is the sanitized HTML and `notesSource` the notes as
/// written in `notesFormat`; `when` and `deadline` are days (`YYYY-MM-DD`) and `repeats` a rule's
/// code (`day`, `workday`, `week:1`, `month:28`), each left out when the task has none; a finished
/// task has `finishedAt`. The logbook lists its entries newest first, each a task with the `column`
/// it came from and its `finishedDay`. Version 3 (no logbook), version 2 (no days) and version 1
/// (no board, source, format or origin; `notes` HTML) still import.
struct BoardExport: Codable, Sendable {
    static let format = "planboard-export"
    static let version = 4
    static let readableVersions = 1...4

    struct Task: Codable, Sendable {
        let id: TaskID?
        let title: String
        let important: Bool?
        let finished: Bool?
        let notes: String?
        let notesSource: String?
        let notesFormat: NoteFormat?
        let origin: String?
        let created: Date?
        let updated: Date?
        /// Kept as written and read by the importer, so one unreadable day does not refuse the file.
        var when: String? = nil
        var deadline: String? = nil
        var repeats: String? = nil
        var finishedAt: Date? = nil
        /// A logbook entry's column and day (`YYYY-MM-DD`); a board task's column is the list it is in.
        var column: String? = nil
        var finishedDay: String? = nil
    }

    let format: String
    let version: Int
    /// The board it was exported from (see `BoardStore.boardID`).
    let board: String?
    let exported: Date?
    let revision: Int64?
    let columns: [String: [Task]]
    let logbook: [Task]?

    init(version: Int, board: String?, exported: Date?, revision: Int64?, columns: [String: [Task]], logbook: [Task]? = nil) {
        format = Self.format
        self.version = version
        self.board = board
        self.exported = exported
        self.revision = revision
        self.columns = columns
        self.logbook = logbook
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension BoardExport.Task {
    /// The notes to render again on import, as written (an export's HTML is not trusted as such):
    /// the source in its format, or, in a version-1 file, the HTML as HTML.
    var notesAsWritten: (source: String, format: NoteFormat) {
        notesSource.map { ($0, notesFormat ?? .html) } ?? (notes ?? "", .html)
    }
}
