import Foundation
import PlanCore

/// The export file: the whole board, versioned, re-importable.
///
/// ```json
/// {"format": "planboard-export", "version": 2, "board": "…", "exported": "…", "revision": 12,
///  "columns": {"today": [task…], "next": […], "later": […]}}
/// ```
/// Each column lists its tasks in display order; a task is `{"id", "title", "important",
/// "finished", "notes", "notesSource", "notesFormat", "origin", "created", "updated"}`, where
/// `notes` is the sanitized HTML and `notesSource` the notes as written in `notesFormat`. Version 1
/// (no board, source, format or origin; `notes` HTML) still imports.
struct BoardExport: Codable, Sendable {
    static let format = "planboard-export"
    static let version = 2
    static let readableVersions = 1...2

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
    }

    let format: String
    let version: Int
    /// The board it was exported from (see `BoardStore.boardID`).
    let board: String?
    let exported: Date?
    let revision: Int64?
    let columns: [String: [Task]]

    init(version: Int, board: String?, exported: Date?, revision: Int64?, columns: [String: [Task]]) {
        format = Self.format
        self.version = version
        self.board = board
        self.exported = exported
        self.revision = revision
        self.columns = columns
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
