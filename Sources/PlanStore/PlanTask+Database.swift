import Foundation
import GRDB
import PlanCore

// MARK: - Database

extension PlanTask {
    /// Reads a `task` row; a row that breaks the schema's promises is corruption, reported as such.
    init(row: Row) throws {
        guard let column = BoardColumn(rawValue: row["column"]) else {
            throw DatabaseError(message: "task \(row["id"] as Int64) has an unknown column \(String(describing: row["column"] as String?))")
        }
        guard let key = OrderKey(rawValue: row["orderKey"]) else {
            throw DatabaseError(message: "task \(row["id"] as Int64) has a malformed order key")
        }
        guard let format = NoteFormat(rawValue: row["notesFormat"]) else {
            throw DatabaseError(message: "task \(row["id"] as Int64) has an unknown notes format")
        }
        self.init(
            id: row["id"], title: row["title"], column: column, orderKey: key,
            important: row["important"], finished: row["finished"],
            notes: TaskNotes(source: row["notesSource"], format: format, html: row["notes"], excerpt: ""),
            origin: row["origin"], created: row["created"], updated: row["updated"])
        excerpt = row["excerpt"]
    }
}

extension PlanTask {
    /// Writes the task as a new row: with its own id when `keepingID` (an undone delete, an import
    /// that keeps ids), otherwise under a fresh one, which it then carries. A task made here gets
    /// this board's own origin (`planboard:BOARD:ID`) once it has an id.
    mutating func insert(_ db: Database, keepingID: Bool) throws {
        try db.execute(
            sql: """
                INSERT INTO task (id, title, "column", orderKey, important, finished, notes, notesSource, notesFormat, excerpt, origin, created, updated)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                keepingID ? id : nil, title, column.rawValue, orderKey.rawValue, important, finished, notes, notesSource,
                notesFormat.rawValue, excerpt, origin, created, updated,
            ])
        id = db.lastInsertedRowID
        if origin == nil {
            origin = try String.fetchOne(
                db, sql: "UPDATE task SET origin = 'planboard:' || (SELECT boardID FROM boardState) || ':' || id WHERE id = ? RETURNING origin",
                arguments: [id])
        }
    }

    /// Writes what an edit, a finish or an undo of them changes: everything but the place and the creation time.
    func updateContent(_ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE task SET title = ?, important = ?, finished = ?, notes = ?, notesSource = ?, notesFormat = ?, excerpt = ?, updated = ?
                WHERE id = ?
                """,
            arguments: [title, important, finished, notes, notesSource, notesFormat.rawValue, excerpt, updated, id])
    }
}
