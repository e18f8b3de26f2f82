import Foundation
import GRDB
import PlanCore
import PlanStore

// MARK: - Database

/// A task is a GRDB record of the `task` table: read with `fetchOne`/`fetchAll`, written with
/// `insert` (through `add`) and `update` (through `updateContent`), one column list for both.
extension PlanTask: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "task"

    /// Reads a `task` row; a row that breaks the schema's promises is corruption, reported as such.
    public init(row: Row) throws {
        guard let column = BoardColumn(rawValue: row["column"]) else {
            throw DatabaseError(message: "task \(row["id"] as Int64) has an unknown column \(String(describing: row["column"] as String?))")
        }
        guard let key = OrderKey(rawValue: row["orderKey"]) else {
            throw DatabaseError(message: "task \(row["id"] as Int64) has a malformed order key")
        }
        guard let format = NoteFormat(rawValue: row["notesFormat"]) else {
            throw DatabaseError(message: "task \(row["id"] as Int64) has an unknown notes format")
        }
        func day(_ name: String) throws -> BoardDay? {
            guard let text = row[name] as String? else { return nil }
            guard let day = BoardDay(iso: text) else { throw DatabaseError(message: "task \(row["id"] as Int64) has a malformed \(name)") }
            return day
        }
        let repeats = try (row["repeats"] as String?).map { code in
            guard let rule = RepeatRule(code: code) else { throw DatabaseError(message: "task \(row["id"] as Int64) has an unknown repeat") }
            return rule
        }
        self.init(
            id: row["id"], title: row["title"], column: column, orderKey: key,
            important: row["important"], finished: row["finished"],
            notes: TaskNotes(source: row["notesSource"], format: format, html: row["notes"], excerpt: ""),
            origin: row["origin"], created: row["created"], updated: row["updated"],
            when: try day("whenDay"), deadline: try day("deadline"), repeats: repeats,
            finishedAt: row["finishedAt"], finishedDay: try day("finishedDay"), inLogbook: row["inLogbook"])
        excerpt = row["excerpt"]
    }

    /// Every column; a task not stored yet (id 0) gets the next free id when inserted.
    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id == 0 ? nil : id
        container["title"] = title
        container["column"] = column.rawValue
        container["orderKey"] = orderKey.rawValue
        container["important"] = important
        container["finished"] = finished
        container["notes"] = notes
        container["notesSource"] = notesSource
        container["notesFormat"] = notesFormat.rawValue
        container["excerpt"] = excerpt
        container["origin"] = origin
        container["created"] = created
        container["updated"] = updated
        container["whenDay"] = when?.iso
        container["deadline"] = deadline?.iso
        container["repeats"] = repeats?.code
        container["finishedAt"] = finishedAt
        container["finishedDay"] = finishedDay?.iso
        container["inLogbook"] = inLogbook
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension PlanTask {
    /// What a change writes of a task it does not move: everything but the place, the origin and the creation time.
    static let contentColumns = [
        "title", "important", "finished", "notes", "notesSource", "notesFormat", "excerpt", "updated",
        "whenDay", "deadline", "repeats", "finishedAt", "finishedDay", "inLogbook",
    ]
    /// What a change writes of a task it puts somewhere: its content and its place.
    static let placeColumns = contentColumns + ["column", "orderKey"]

    /// Stores the task as a new row: under its own id when it has one (an undone delete, an import
    /// that keeps ids), otherwise under a fresh one, which it then carries. A task made here gets
    /// this board's own origin (`planboard:BOARD:ID`) once it has an id.
    mutating func add(_ db: Database) throws {
        try insert(db)
        try updateSearchText(db)
        if origin == nil {
            origin = try String.fetchOne(
                db, sql: "UPDATE task SET origin = 'planboard:' || (SELECT boardID FROM boardState) || ':' || id WHERE id = ? RETURNING origin",
                arguments: [id])
        }
    }

    /// Writes what a change that does not move the task changes.
    func updateContent(_ db: Database) throws {
        try update(db, columns: Self.contentColumns)
    }

    /// Writes the folded text search reads (and, through triggers, its index): after an insert, and
    /// when a change alters the title or the notes (a move or a finish leaves it, and its cost, alone).
    func updateSearchText(_ db: Database) throws {
        try db.execute(sql: "UPDATE task SET searchText = ? WHERE id = ?", arguments: [SQLiteBoardStore.indexed(SearchText.of(self)), id])
    }

    /// Writes the task's content and its place.
    func updatePlace(_ db: Database) throws {
        try update(db, columns: Self.placeColumns)
    }
}
