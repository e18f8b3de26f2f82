import Foundation
import GRDB
import PlanCore
@testable import PlanPostgres
@testable import PlanSQLite
@testable import PlanStore
import PostgresNIO

/// The boards kept in `Fixtures/` as each earlier schema version left them: `sqlite-vN.sqlite` (SQLite
/// versions 1–7) and `postgres-vN.sql` (PostgreSQL versions 1–4).
///
/// They are made by the real migrator run only up to version N (`DatabaseMigrator.migrate(_:upTo:)`,
/// `PostgresBoardStore.migrate(through:)`) and rows written the way that version's code wrote them:
/// the columns it had, and change-log entries as it encoded them (whole tasks with their notes, as
/// JSON, before SQLite's v3; `LoggedChange` from then on). Building each old commit instead would take
/// a cold build per version, far more than this machine allows; the migrations are never edited once
/// shipped, so running them up to N makes the schema N had. Every board holds the same: tasks with notes
/// in each format, a finished one, a deleted one (its notes only in the history), the history with its
/// undo steps, a remembered move id, a stashed upload and (from SQLite v3, PostgreSQL v1) the session key.
///
/// `PLANBOARD_RECORD_FIXTURES=1 swift test --filter UpgradeTests/record` writes those missing (delete one
/// to write it again; PostgreSQL's with a server, as `scripts/with-postgres` gives).
enum UpgradeFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let sqliteVersions = 1...7
    static let postgresVersions = 1...4

    static func sqlite(_ version: Int) -> URL { folder.appendingPathComponent("sqlite-v\(version).sqlite") }
    static func postgres(_ version: Int) -> URL { folder.appendingPathComponent("postgres-v\(version).sql") }

    /// When the fixture's changes were made; stores reading it are given a clock a day later, well inside undo's reach.
    static let made = Date(timeIntervalSince1970: 1_795_000_000)
    static let boardID = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
    /// The session whose changes these are (as the log keeps it: a keyed hash, never the token).
    static let owner = "owner-5f3a9c"
    static let sessionKey = [UInt8](1...32)
    static let upload = #"{"name":"Waiting","lists":[],"cards":[]}"#

    private static func task(
        _ id: TaskID, _ title: String, _ column: BoardColumn, _ key: String, important: Bool = false, finished: Bool = false,
        _ source: String, _ format: NoteFormat, _ html: String, _ excerpt: String
    ) -> PlanTask {
        var task = PlanTask(
            id: id, title: title, column: column, orderKey: OrderKey(rawValue: key)!, important: important, finished: finished,
            notes: TaskNotes(source: source, format: format, html: html, excerpt: excerpt), origin: PlanTask.origin(board: boardID, id: id),
            created: made.addingTimeInterval(Double(id) * 60), updated: made.addingTimeInterval(Double(id) * 60))
        if finished { task.finishedAt = task.updated }
        return task
    }

    /// The tasks as the board holds them now (6 was deleted by the last change).
    static let tasks: [PlanTask] = [
        task(1, "Plain notes", .today, "V", "Line one\nline two, with <angle> & ampersand", .plain,
             "<p>Line one<br>line two, with &lt;angle&gt; &amp; ampersand</p>", "Line one line two, with <angle> & ampersand"),
        task(2, "Markdown notes", .today, "k", important: true, "# Plan\n\n- **bold** item\n- [a link](https://example.com)", .markdown,
             #"<h1>Plan</h1><ul><li><strong>bold</strong> item</li><li><a href="https://example.com">a link</a></li></ul>"#, "Plan · bold item · a link"),
        task(3, "HTML notes", .next, "V", "<p>Kept <em>as</em> HTML</p>", .html, "<p>Kept <em>as</em> HTML</p>", "Kept as HTML"),
        task(4, "Finished, no notes", .next, "k", finished: true, "", .plain, "", ""),
        task(5, "中文任務：備註", .later, "V", "買牛奶\n打電話給媽媽", .plain, "<p>買牛奶<br>打電話給媽媽</p>", "買牛奶 打電話給媽媽"),
    ]
    static let deleted = task(6, "Deleted with notes", .later, "k", "Only the history keeps *these* notes now", .markdown,
                              "<p>Only the history keeps <em>these</em> notes now</p>", "Only the history keeps these notes now")

    /// One change of the history: what it did to which task, and where.
    struct Change {
        let revision: Int64
        let kind: ChangeKind
        let before: PlanTask?
        let after: PlanTask?
        let previousAnchor: TaskID?
        let placedAfter: TaskID?
    }

    /// Six tasks made, the fourth finished, the sixth deleted: the last two are the owner's undo steps.
    static var changes: [Change] {
        var made = (tasks + [deleted]).map { task -> PlanTask in
            var fresh = task
            fresh.finished = false
            fresh.finishedAt = nil
            return fresh
        }
        made.sort { $0.id < $1.id }
        let above: [TaskID: TaskID] = [2: 1, 4: 3, 6: 5]
        var changes = made.enumerated().map { index, task in
            Change(revision: Int64(index + 1), kind: .create, before: nil, after: task, previousAnchor: nil, placedAfter: above[task.id])
        }
        changes.append(Change(revision: 7, kind: .finish, before: made[3], after: tasks[3], previousAnchor: nil, placedAfter: nil))
        changes.append(Change(revision: 8, kind: .delete, before: deleted, after: nil, previousAnchor: 5, placedAfter: nil))
        return changes
    }

    // MARK: - SQLite

    /// Writes the SQLite board of schema `version` to `path`, as a server of that version left it (WAL mode, nothing in the log).
    static func makeSQLite(_ version: Int, at path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        let pool = try DatabaseQueue(path: path)
        // Small pages keep the fixtures small; a server's file has 4 KB pages, which no migration minds.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA page_size = 1024") }
        let migrator = SQLiteBoardStore.migrator
        try migrator.migrate(pool, upTo: migrator.migrations[version - 1])
        try pool.write { db in
            if version >= 2 { try db.execute(sql: "UPDATE boardState SET boardID = ?", arguments: [boardID]) }
            for task in tasks + [deleted] { try insertSQLite(db, task, version) }
            try db.execute(sql: "DELETE FROM task WHERE id = ?", arguments: [deleted.id])
            if (6...7).contains(version) {
                // Task 1 edited (its text changed, then changed back) under v6's two update triggers,
                // which fired newest first: the index lost every trigram the old and new texts shared.
                try db.execute(sql: "UPDATE task SET searchText = searchText || ' ' WHERE id = 1")
                try db.execute(sql: "UPDATE task SET searchText = rtrim(searchText, ' ') WHERE id = 1")
            }
            for change in changes { try insertSQLite(db, change, version) }
            try db.execute(sql: "UPDATE boardState SET revision = ?", arguments: [changes.count])
            if version >= 5 {
                try db.execute(
                    sql: "INSERT INTO moveRequest (client, moveID, taskID, \"column\", orderKey, revision, created) VALUES (?, 'move-1', 3, 'next', 'V', 3, ?)",
                    arguments: [owner, made])
            } else {
                try db.execute(
                    sql: "INSERT INTO moveRequest (moveID, result, created) VALUES ('move-1', ?, ?)",
                    arguments: [#"{"revision":3,"task":\#(try json(changes[2].after!, version))}"#, made])
            }
            if version >= 2 {
                try db.execute(sql: "INSERT INTO stashedUpload (id, document, created) VALUES ('review-1', ?, ?)", arguments: [Data(upload.utf8), made])
            }
            if version >= 3 {
                try db.execute(sql: "INSERT INTO secret (name, value) VALUES ('session-key', ?)", arguments: [Data(sessionKey)])
            }
        }
        // Left in WAL mode, as a server's `DatabasePool` leaves its file.
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
            try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        try pool.close()
    }

    private static func insertSQLite(_ db: Database, _ task: PlanTask, _ version: Int) throws {
        var columns: [String] = ["id", "title", "\"column\"", "orderKey", "important", "finished", "notes", "created", "updated"]
        var values: [(any DatabaseValueConvertible)?] = [
            task.id, task.title, task.column.rawValue, task.orderKey.rawValue, task.important, task.finished, task.notes, task.created, task.updated,
        ]
        if version >= 2 {
            columns += ["excerpt", "notesSource", "notesFormat", "origin"]
            values += [task.excerpt, task.notesSource, task.notesFormat.rawValue, task.origin]
        }
        if version >= 4 {
            columns += ["finishedAt", "finishedDay"]
            values += [task.finishedAt, task.finishedAt.map { _ in "2026-11-18" }]
        }
        if version >= 6 {
            columns += ["searchText"]
            values += [SQLiteBoardStore.indexed(SearchText.of(task))]
        }
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try db.execute(sql: "INSERT INTO task (\(columns.joined(separator: ", "))) VALUES (\(marks))", arguments: StatementArguments(values))
    }

    private static func insertSQLite(_ db: Database, _ change: Change, _ version: Int) throws {
        var columns = ["revision", "kind", "taskID", "client", "before", "after", "previousAnchor", "placed", "placedAfter", "created"]
        var values: [(any DatabaseValueConvertible)?] = [
            change.revision, change.kind.rawValue, (change.after ?? change.before)?.id, owner, nil, nil, change.previousAnchor,
            change.kind == .create, change.placedAfter, made.addingTimeInterval(Double(change.revision) * 60),
        ]
        if version >= 3 {
            let logged = try LoggedChange(change.kind, before: change.before, after: change.after)
            values[4] = logged.before
            values[5] = logged.after
            columns += ["notesBack", "notesDigest"]
            values += [logged.notesBack, logged.notesDigest]
        } else {
            values[4] = try change.before.map { try json($0, version) }
            values[5] = try change.after.map { try json($0, version) }
        }
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try db.execute(sql: "INSERT INTO change (\(columns.joined(separator: ", "))) VALUES (\(marks))", arguments: StatementArguments(values))
    }

    /// A whole task as SQLite's v1 and v2 wrote it into the change log (JSONEncoder's defaults: dates as
    /// seconds since 2001); v1 had no notes as written, no format and no origin.
    static func json(_ task: PlanTask, _ version: Int) throws -> String {
        var fields: [String: Any] = [
            "id": Int(task.id), "title": task.title, "column": task.column.rawValue, "orderKey": task.orderKey.rawValue,
            "important": task.important, "finished": task.finished, "notes": task.notes,
            "created": task.created.timeIntervalSinceReferenceDate, "updated": task.updated.timeIntervalSinceReferenceDate,
        ]
        if version >= 2 {
            fields["notesSource"] = task.notesSource
            fields["notesFormat"] = task.notesFormat.rawValue
            fields["excerpt"] = task.excerpt
            fields["origin"] = task.origin
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
    }

    // MARK: - PostgreSQL

    /// The statements that make the PostgreSQL board of schema `version` in an empty schema: that
    /// version's migrations, then its rows (literal SQL, one statement per paragraph).
    static func postgresScript(_ version: Int) throws -> String {
        var statements = PostgresBoardStore.migrations.prefix(version).flatMap { $0.statements.map(\.sql) }
        statements.append("CREATE TABLE IF NOT EXISTS schema_migration (id TEXT PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now())")
        for migration in PostgresBoardStore.migrations.prefix(version) {
            statements.append("INSERT INTO schema_migration (id, applied) VALUES (\(literal(migration.id)), \(literal(made)))")
        }
        statements.append("UPDATE board_state SET board_id = \(literal(boardID)), revision = \(changes.count)")
        for task in tasks + [deleted] {
            var columns = #"id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated"#
            var values = [
                "\(task.id)", literal(task.title), literal(task.column.rawValue), literal(task.orderKey.rawValue), "\(task.important)",
                "\(task.finished)", literal(task.notes), literal(task.notesSource), literal(task.notesFormat.rawValue), literal(task.excerpt),
                literal(task.origin), literal(task.created), literal(task.updated),
            ]
            if version >= 2 {
                columns += ", finished_at, finished_day"
                values += [literal(task.finishedAt), literal(task.finishedAt.map { _ in "2026-11-18" })]
            }
            if version >= 4 {
                columns += ", search_text"
                values += [literal(SearchText.of(task))]
            }
            statements.append("INSERT INTO task (\(columns)) VALUES (\(values.joined(separator: ", ")))")
        }
        statements.append("DELETE FROM task WHERE id = \(deleted.id)")
        statements.append("SELECT setval('task_id', 6)")
        for change in changes {
            let logged = try LoggedChange(change.kind, before: change.before, after: change.after)
            statements.append("""
                INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
                VALUES (\(change.revision), \(literal(change.kind.rawValue)), \((change.after ?? change.before)!.id), \(literal(owner)), \
                \(literal(logged.before)), \(literal(logged.after)), \(change.previousAnchor.map(String.init) ?? "NULL"), \(change.kind == .create), \
                \(change.placedAfter.map(String.init) ?? "NULL"), \(literal(made.addingTimeInterval(Double(change.revision) * 60))), \
                \(literal(logged.notesBack)), \(logged.notesDigest.map(String.init) ?? "NULL"))
                """)
        }
        if version >= 3 {
            statements.append(#"INSERT INTO move_request (client, move_id, task_id, "column", order_key, revision, created) VALUES (\#(literal(owner)), 'move-1', 3, 'next', 'V', 3, \#(literal(made)))"#)
        } else {
            statements.append("INSERT INTO move_request (move_id, result, created) VALUES ('move-1', '{}', \(literal(made)))")
        }
        statements.append("INSERT INTO stashed_upload (id, document, created) VALUES ('review-1', convert_to(\(literal(upload)), 'UTF8'), \(literal(made)))")
        statements.append("INSERT INTO secret (name, value) VALUES ('session-key', '\\x\(sessionKey.map { String(format: "%02x", $0) }.joined())'::bytea)")
        return "-- PlanBoard's PostgreSQL schema v\(version) with a board in it (Tests/PlanStoreTests/UpgradeFixture.swift); one statement per paragraph.\n\n"
            + statements.joined(separator: ";\n\n") + ";\n"
    }

    /// The statements of a script `postgresScript` wrote.
    static func statements(ofScript script: String) -> [String] {
        script.components(separatedBy: ";\n\n").map { paragraph in
            // Empty lines kept: they can be inside a literal (Markdown notes).
            paragraph.components(separatedBy: "\n").filter { !$0.hasPrefix("-- ") }.joined(separator: "\n")
                .trimmingCharacters(in: CharacterSet(charactersIn: ";\n "))
        }.filter { !$0.isEmpty }
    }

    private static func literal(_ text: String?) -> String {
        text.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL"
    }

    private static func literal(_ date: Date?) -> String {
        date.map { "'" + $0.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) + "'" } ?? "NULL"
    }
}
