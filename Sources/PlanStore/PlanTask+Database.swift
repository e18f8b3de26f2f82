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
            important: row["important"], finished: row["finished"], notes: row["notes"],
            created: row["created"], updated: row["updated"])
    }
}
