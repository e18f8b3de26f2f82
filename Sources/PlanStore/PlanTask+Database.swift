import Foundation
import GRDB
import PlanCore

// MARK: - Database

extension PlanTask {
    /// Reads a `task` row; a row that breaks the schema's promises is corruption, reported as such.
    init(row: Row) throws {
        guard let column = PlanCore.Column(rawValue: row["column"]) else {
            throw DatabaseError(message: "task \(row["id"] as Int64) has an unknown column \(String(describing: row["column"] as String?))")
        }
        guard let key = OrderKey(rawValue: row["orderKey"]) else {
            throw DatabaseError(message: "task \(row["id"] as Int64) has a malformed order key")
        }
        self.init(
            id: row["id"], title: row["title"], column: column, orderKey: key,
            important: row["important"], finished: row["finished"], notes: row["notes"], excerpt: row["excerpt"],
            created: row["created"], updated: row["updated"])
    }
}

extension PlanTask {
    /// Writes the task as a new row: with its own id when `keepingID` (an undone delete, an import
    /// that keeps ids), otherwise under a fresh one. Returns the id it was stored under.
    func insert(_ db: Database, keepingID: Bool) throws -> TaskID {
        try db.execute(
            sql: """
                INSERT INTO task (id, title, "column", orderKey, important, finished, notes, excerpt, created, updated)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                keepingID ? id : nil, title, column.rawValue, orderKey.rawValue, important, finished, notes, excerpt, created, updated,
            ])
        return db.lastInsertedRowID
    }

    /// Writes what an edit, a finish or an undo of them changes: everything but the place and the creation time.
    func updateContent(_ db: Database) throws {
        try db.execute(
            sql: "UPDATE task SET title = ?, important = ?, finished = ?, notes = ?, excerpt = ?, updated = ? WHERE id = ?",
            arguments: [title, important, finished, notes, excerpt, updated, id])
    }
}
