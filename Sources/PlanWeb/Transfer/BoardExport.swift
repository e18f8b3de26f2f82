import Foundation
import PlanCore

/// The export file: the whole board, versioned, re-importable.
///
/// ```json
/// {"format": "planboard-export", "version": 1, "exported": "…", "revision": 12,
///  "columns": {"today": [task…], "next": […], "later": […]}}
/// ```
/// Each column lists its tasks in display order; a task is
/// `{"id", "title", "important", "finished", "notes", "created", "updated"}`.
struct BoardExport: Codable, Sendable {
    static let format = "planboard-export"
    static let version = 1

    struct Task: Codable, Sendable {
        let id: TaskID?
        let title: String
        let important: Bool?
        let finished: Bool?
        let notes: String?
        let created: Date?
        let updated: Date?
    }

    let format: String
    let version: Int
    let exported: Date?
    let revision: Int64?
    let columns: [String: [Task]]

    init(board: Board, exported: Date) {
        format = Self.format
        version = Self.version
        self.exported = exported
        revision = board.revision
        columns = Dictionary(uniqueKeysWithValues: Column.allCases.map { column in
            (column.rawValue, board.tasks(in: column).map {
                Task(id: $0.id, title: $0.title, important: $0.important, finished: $0.finished, notes: $0.notes, created: $0.created, updated: $0.updated)
            })
        })
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
