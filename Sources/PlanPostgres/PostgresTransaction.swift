import Foundation
import Logging
import PlanCore
import PlanStore
import PostgresNIO

/// One connection inside one transaction, with the few ways the store talks to it.
struct PostgresTransaction {
    let connection: PostgresConnection
    let logger: Logger

    /// Every row of `query`. A connection already closed is not sent it: postgres-nio would pass
    /// the statement to a closed channel, where it is dropped and never answered.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        if connection.isClosed { throw StoreUnavailable(reason: "the connection to the database closed") }
        return try await connection.query(query, logger: logger).collect()
    }

    /// The first column of the first row, if there is a row and the value is not NULL.
    func value<Value: PostgresDecodable>(_ query: PostgresQuery, as type: Value.Type = Value.self) async throws -> Value? where Value._DecodableType == Value {
        guard let row = try await rows(query).first else { return nil }
        return try row.decode(Value?.self)
    }

    /// Runs a statement whose rows, if any, are not wanted.
    func execute(_ query: PostgresQuery) async throws {
        _ = try await rows(query)
    }

    /// How many rows a data-changing statement touched (it must end in `RETURNING 1`).
    func count(_ query: PostgresQuery) async throws -> Int {
        try await rows(query).count
    }
}

/// A row that breaks the schema's promises: corruption, reported as such.
struct CorruptRow: Error, CustomStringConvertible {
    let description: String
}

// MARK: - Tasks

extension PlanTask {
    /// The columns `init(postgres:)` reads, in its order.
    static let postgresColumns = #"""
        id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated, \#
        when_day, deadline, repeats, finished_at, finished_day, in_logbook
        """#

    /// Reads a `task` row selected with `postgresColumns`.
    init(postgres row: PostgresRow) throws {
        guard let task = try PlanTask(postgresIfAny: row) else { throw CorruptRow(description: "a task row without an id") }
        self = task
    }

    /// The columns of `table` (a name or alias for `task`) as `init(postgresIfAny:prefix:)` reads
    /// them, each named `TABLE_COLUMN`: for reading two tasks from one row.
    static func postgresColumns(of table: String) -> String {
        postgresColumns.split(separator: ", ").map { $0.trimmingCharacters(in: .whitespaces) }.map { column in
            "\(table).\(column) AS \(table)_\(column.replacingOccurrences(of: "\"", with: ""))"
        }.joined(separator: ", ")
    }

    /// Reads the `postgresColumns` of a row by name (each prefixed `PREFIX_` when a prefix is given,
    /// as `postgresColumns(of:)` names them); nil when they are NULL (an outer join found no task).
    init?(postgresIfAny row: PostgresRow, prefix: String? = nil) throws {
        let cells = row.makeRandomAccess()
        let name = { (column: String) in prefix.map { "\($0)_\(column)" } ?? column }
        guard let id = try cells[name("id")].decode(Int64?.self) else { return nil }
        func field<Value: PostgresDecodable>(_ column: String, _: Value.Type = Value.self) throws -> Value { try cells[name(column)].decode(Value.self) }
        let (title, columnName, keyText): (String, String, String) = (try field("title"), try field("column"), try field("order_key"))
        let (important, finished): (Bool, Bool) = (try field("important"), try field("finished"))
        let (notes, source, formatName): (String, String, String) = (try field("notes"), try field("notes_source"), try field("notes_format"))
        let (excerpt, origin): (String?, String?) = (try field("excerpt"), try field("origin"))
        let (created, updated): (Date, Date) = (try field("created"), try field("updated"))
        let (finishedAt, inLogbook): (Date?, Bool) = (try field("finished_at"), try field("in_logbook"))
        guard let column = BoardColumn(rawValue: columnName) else { throw CorruptRow(description: "task \(id) has an unknown column \(columnName)") }
        guard let key = OrderKey(rawValue: keyText) else { throw CorruptRow(description: "task \(id) has a malformed order key") }
        guard let format = NoteFormat(rawValue: formatName) else { throw CorruptRow(description: "task \(id) has an unknown notes format") }
        func day(_ column: String) throws -> BoardDay? {
            guard let text = try field(column, String?.self) else { return nil }
            guard let day = BoardDay(iso: text) else { throw CorruptRow(description: "task \(id) has a malformed \(column)") }
            return day
        }
        let repeats = try field("repeats", String?.self).map { code in
            guard let rule = RepeatRule(code: code) else { throw CorruptRow(description: "task \(id) has an unknown repeat") }
            return rule
        }
        self.init(
            id: id, title: title, column: column, orderKey: key, important: important, finished: finished,
            notes: TaskNotes(source: source, format: format, html: notes, excerpt: ""), origin: origin, created: created, updated: updated,
            when: try day("when_day"), deadline: try day("deadline"), repeats: repeats, finishedAt: finishedAt,
            finishedDay: try day("finished_day"), inLogbook: inLogbook)
        self.excerpt = excerpt
    }
}

extension PostgresTransaction {
    func findTask(_ id: TaskID) async throws -> PlanTask? {
        try await rows("SELECT \(unescaped: PlanTask.postgresColumns) FROM task WHERE id = \(id)").first.map(PlanTask.init(postgres:))
    }

    /// The task, or the refusal that names it: deleted (with its former title) or never there.
    func existingTask(_ id: TaskID) async throws -> PlanTask {
        let task = try await findTask(id)
        return try ChangePlan.existing(task, id: id, formerTitle: task == nil ? try await formerTitle(id) : nil)
    }

    /// The title of a task that is gone (deleted, or its creation undone), from the change log.
    func formerTitle(_ id: TaskID) async throws -> String? {
        let json = try await value(
            "SELECT before FROM change WHERE task_id = \(id) AND after IS NULL AND before IS NOT NULL ORDER BY revision DESC LIMIT 1",
            as: String.self)
        return (try? LoggedChange.task(json))??.title
    }

    /// The task just above `task` in its column on the board, if any.
    func predecessor(of task: PlanTask) async throws -> TaskID? {
        guard !task.inLogbook else { return nil }
        return try await value(#"""
            SELECT id FROM task WHERE "column" = \#(task.column.rawValue) AND NOT in_logbook AND order_key < \#(task.orderKey.rawValue)
            ORDER BY order_key DESC LIMIT 1
            """#)
    }

    /// The revision of the latest change that put the task somewhere, if the change log has one.
    func lastPlaced(_ id: TaskID) async throws -> Int64? {
        try await value("SELECT MAX(revision) FROM change WHERE task_id = \(id) AND placed")
    }

    func revision() async throws -> Int64 {
        try await value("SELECT revision FROM board_state WHERE id = 1") ?? 0
    }

    /// Writes a new row for the task: under its own id when `keepingID`, else under a fresh one
    /// from the sequence, which it then carries. A task made here gets the board's own origin.
    func insert(_ task: inout PlanTask, keepingID: Bool, boardID: String) async throws {
        task.id = try await taskIDs(keeping: [keepingID ? task.id : nil])[0]
        task = try await insert([task], boardID: boardID)[0]
    }

    /// An id for each task: its kept id where it has one, otherwise a fresh one from the sequence;
    /// two statements for them all. Kept ids move the sequence past the highest, as SQLite's
    /// AUTOINCREMENT does, so no id is handed out twice.
    func taskIDs(keeping kept: [TaskID?]) async throws -> [TaskID] {
        if let highest = kept.compactMap({ $0 }).max() {
            try await execute("SELECT setval('task_id', GREATEST(\(highest), (SELECT last_value FROM task_id)))")
        }
        let freshCount = kept.count { $0 == nil }
        if freshCount == 0 { return kept.map { $0! } }
        var fresh = try await rows("SELECT nextval('task_id') FROM generate_series(1, \(freshCount))")
            .map { try $0.decode(Int64.self) }.sorted().makeIterator()
        return kept.map { $0 ?? fresh.next()! }
    }

    /// Inserts many tasks with their ids set, a thousand to a statement; those without an origin
    /// get this board's. Returns them as stored.
    func insert(_ tasks: [PlanTask], boardID: String) async throws -> [PlanTask] {
        let stored = tasks.map { task in
            var task = task
            if task.origin == nil { task.origin = PlanTask.origin(board: boardID, id: task.id) }
            return task
        }
        for start in stride(from: 0, to: stored.count, by: 1_000) {
            let batch = stored[start..<min(start + 1_000, stored.count)]
            // Arrays cannot carry NULL here: a task stored before excerpts were kept has none, said by `has_excerpt`.
            // Days and repeats travel as text, '' for none; a finish time as a flag beside a time.
            try await execute(#"""
                INSERT INTO task (\#(unescaped: PlanTask.postgresColumns), search_text)
                SELECT id, title, "column", order_key, important, finished, notes, notes_source, notes_format,
                       CASE WHEN has_excerpt THEN excerpt END, origin, created, updated,
                       NULLIF(when_day, ''), NULLIF(deadline, ''), NULLIF(repeats, ''),
                       CASE WHEN has_finished_at THEN finished_at END, NULLIF(finished_day, ''), in_logbook, search_text
                FROM unnest(
                    \#(batch.map(\.id))::bigint[], \#(batch.map(\.title))::text[], \#(batch.map(\.column.rawValue))::text[],
                    \#(batch.map(\.orderKey.rawValue))::text[], \#(batch.map(\.important))::boolean[], \#(batch.map(\.finished))::boolean[],
                    \#(batch.map(\.notes))::text[], \#(batch.map(\.notesSource))::text[], \#(batch.map(\.notesFormat.rawValue))::text[],
                    \#(batch.map { $0.excerpt ?? "" })::text[], \#(batch.map { $0.excerpt != nil })::boolean[], \#(batch.map { $0.origin ?? "" })::text[],
                    \#(batch.map(\.created))::timestamptz[], \#(batch.map(\.updated))::timestamptz[],
                    \#(batch.map { $0.when?.iso ?? "" })::text[], \#(batch.map { $0.deadline?.iso ?? "" })::text[],
                    \#(batch.map { $0.repeats?.code ?? "" })::text[], \#(batch.map { $0.finishedAt ?? $0.updated })::timestamptz[],
                    \#(batch.map { $0.finishedAt != nil })::boolean[], \#(batch.map { $0.finishedDay?.iso ?? "" })::text[],
                    \#(batch.map(\.inLogbook))::boolean[], \#(batch.map { SearchText.of($0) })::text[])
                    AS t(id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, has_excerpt, origin,
                         created, updated, when_day, deadline, repeats, finished_at, has_finished_at, finished_day, in_logbook, search_text)
                """#)
        }
        return stored
    }

    /// Writes what a change that does not move the task changes: everything but its place, origin
    /// and creation time; with `place`, its column and key too; with `searchText`, the folded text
    /// search reads (given when the title or the notes change).
    func updateContent(_ task: PlanTask, place: Bool = false, searchText: String? = nil) async throws {
        try await execute(#"""
            UPDATE task SET title = \#(task.title), important = \#(task.important), finished = \#(task.finished), notes = \#(task.notes),
                notes_source = \#(task.notesSource), notes_format = \#(task.notesFormat.rawValue), excerpt = \#(task.excerpt),
                updated = \#(task.updated), when_day = \#(task.when?.iso), deadline = \#(task.deadline?.iso), repeats = \#(task.repeats?.code),
                finished_at = \#(task.finishedAt), finished_day = \#(task.finishedDay?.iso), in_logbook = \#(task.inLogbook),
                search_text = COALESCE(\#(searchText), search_text),
                "column" = CASE WHEN \#(place) THEN \#(task.column.rawValue) ELSE "column" END,
                order_key = CASE WHEN \#(place) THEN \#(task.orderKey.rawValue) ELSE order_key END
            WHERE id = \#(task.id)
            """#)
    }
}
