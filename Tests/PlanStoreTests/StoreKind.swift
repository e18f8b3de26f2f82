import Foundation
import GRDB
import Logging
import PlanCore
@testable import PlanPostgres
import PostgresNIO
import Testing
@testable import PlanSQLite
@testable import PlanStore

/// The stores every rule is proven on: the test suite runs once per kind (`@Test(arguments:)`).
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// SQLite always; PostgreSQL when PLANBOARD_TEST_POSTGRES names a server (scripts/test starts one).
    static var available: [StoreKind] {
        _ = PostgresTestDatabase.skipNote
        return PostgresTestDatabase.url == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    /// How many times the store has rebalanced a column.
    func rebalanceCount(_ store: any BoardStore) -> Int {
        switch store {
        case let sqlite as SQLiteBoardStore: sqlite.metrics.rebalanceCount
        case let postgres as PostgresBoardStore: postgres.metrics.rebalanceCount
        default: -1
        }
    }

    /// How many stored rows, in any table, hold `text` anywhere in them.
    func storedRows(in store: any BoardStore, containing text: String) async throws -> Int {
        switch store {
        case let sqlite as SQLiteBoardStore:
            return try await sqlite.writer.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'").reduce(0) { count, table in
                    count + (try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").filter { row in
                        row.databaseValues.contains { (String.fromDatabaseValue($0) ?? "").contains(text) }
                    }.count)
                }
            }
        case let postgres as PostgresBoardStore:
            return try await postgres.autocommit { tx in
                var count = 0
                for row in try await tx.rows("SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema()") {
                    let table = try row.decode(String.self)
                    count += try await tx.value("SELECT count(*) FROM \(unescaped: table) AS t WHERE position(\(text) IN t::text) > 0", as: Int64.self).map(Int.init) ?? 0
                }
                return count
            }
        default:
            return -1
        }
    }

    /// Runs `body` with a fresh, empty store of this kind, gone afterwards: SQLite in memory, or
    /// PostgreSQL in a schema of its own, so tests stay apart and run in parallel.
    func withStore(
        now: (@Sendable () -> Date)? = nil, policy: ChangeLogPolicy = ChangeLogPolicy(), serverZone: TimeZone = .current,
        _ body: (any BoardStore) async throws -> Void
    ) async throws {
        let clock = TickingClock()
        let now = now ?? { clock.now() }
        switch self {
        case .sqlite: try await body(SQLiteBoardStore.inMemory(now: now, policy: policy, serverZone: serverZone))
        case .postgres:
            try await PostgresTestDatabase.withSchema { url in
                try await PostgresTestDatabase.withStore(url: url, now: now, policy: policy, serverZone: serverZone) { try await body($0) }
            }
        }
    }
}

/// The PostgreSQL server the tests use, and a schema per test on it.
enum PostgresTestDatabase {
    static let url = ProcessInfo.processInfo.environment["PLANBOARD_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }

    /// Errors only: a pool retrying a server that is meant to be away is not news in a test.
    static let logger: Logger = {
        var logger = Logger(label: "test")
        logger.logLevel = .error
        return logger
    }()

    /// Said once, on the standard error, in every run without a server: half of every store test did not run.
    static let skipNote: Void = {
        if url == nil {
            FileHandle.standardError.write(Data("""

                ******************************************************************************************
                WARNING: PLANBOARD_TEST_POSTGRES is not set: every store test ran on SQLite ONLY, and the
                PostgreSQL half of the store suite (and PostgresBoardStoreTests) was SKIPPED. scripts/test
                starts a throwaway PostgreSQL cluster and sets it; so does scripts/with-postgres COMMAND.
                ******************************************************************************************

                """.utf8))
        }
    }()

    /// At most this many tests hold a schema (and its pool) at once: Swift Testing starts every test
    /// together, and a few dozen pools opening at once on a busy machine wait past the store's
    /// connection budget and are answered unavailable.
    static let slots = TestSlots(6)

    /// Runs `body` with the URL of a fresh schema, dropped afterwards.
    static func withSchema<T: Sendable>(_ body: (String) async throws -> T) async throws -> T {
        guard let url else { throw CancellationError() }
        await slots.take()
        defer { Task { await slots.give() } }
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20).lowercased()
        try await admin(url) { client in try await client.query("CREATE SCHEMA \(unescaped: schema)") }
        let separator = url.contains("?") ? "&" : "?"
        do {
            let value = try await body(url + separator + "schema=\(schema)&pool_size=4")
            try await admin(url) { client in try await client.query("DROP SCHEMA \(unescaped: schema) CASCADE") }
            return value
        } catch {
            try? await admin(url) { client in try await client.query("DROP SCHEMA \(unescaped: schema) CASCADE") }
            throw error
        }
    }

    /// Runs `body` with a migrated store on `url`, its pool and listener running meanwhile.
    static func withStore(
        url: String, now: @escaping @Sendable () -> Date = Date.init, policy: ChangeLogPolicy = ChangeLogPolicy(),
        serverZone: TimeZone = .current, _ body: (PostgresBoardStore) async throws -> Void
    ) async throws {
        let store = try PostgresBoardStore(url: url, logger: PostgresTestDatabase.logger, now: now, policy: policy, serverZone: serverZone)
        let running = Task { await store.run() }
        defer { running.cancel() }
        try await store.migrate()
        try await body(store)
    }

    private static func admin(_ url: String, _ body: (PostgresClient) async throws -> Void) async throws {
        let client = PostgresClient(configuration: try PostgresLocation(url: url).configuration, backgroundLogger: PostgresTestDatabase.logger)
        let running = Task { await client.run() }
        defer { running.cancel() }
        try await body(client)
    }
}

extension BoardStore {
    /// Adds tasks titled as given, in order, to one column.
    @discardableResult
    func add(_ titles: [String], to column: BoardColumn = .today) async throws -> [PlanTask] {
        var tasks: [PlanTask] = []
        for title in titles { tasks.append(try await create(try NewTask(title: title, column: column), client: nil).value) }
        return tasks
    }

    /// Titles per column in display order.
    func titles() async throws -> [BoardColumn: [String]] {
        let board = try await board()
        return Dictionary(uniqueKeysWithValues: BoardColumn.allCases.map { ($0, board.tasks(in: $0).map(\.title)) })
    }

    /// The logbook's titles in its own order (newest first), read page by page.
    func logbookTitles() async throws -> [String] {
        var titles: [String] = []
        var cursor: LogbookCursor? = nil
        repeat {
            let page = try await logbook(after: cursor, limit: 100)
            titles += page.entries.map(\.title)
            cursor = page.next
        } while cursor != nil
        return titles
    }

    /// Every task with every stored field, by id.
    func rows() async throws -> [TaskID: PlanTask] {
        Dictionary(uniqueKeysWithValues: try await board().allTasks.map { ($0.id, $0) })
    }
}

extension StoreKind {
    /// The title of a task the database refuses once `refuseTasks` has run.
    static let refusedTitle = "refused by the database"

    /// Makes the database itself refuse to store a task titled `refusedTitle`, as a disk or
    /// constraint failure would part way through a change: a trigger in the store's own schema
    /// (a trigger cannot take bound values, so the title is written into it).
    func refuseTasks(in store: any BoardStore) async throws {
        switch store {
        case let sqlite as SQLiteBoardStore:
            try await sqlite.writer.write { db in
                try db.execute(
                    sql: "CREATE TRIGGER refuse BEFORE INSERT ON task WHEN NEW.title = '\(Self.refusedTitle)' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END")
            }
        case let postgres as PostgresBoardStore:
            try await postgres.transaction { tx in
                try await tx.execute("""
                    CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN RAISE EXCEPTION 'refused by the test'; END $$
                    """)
                try await tx.execute("CREATE TRIGGER refuse BEFORE INSERT ON task FOR EACH ROW WHEN (NEW.title = '\(unescaped: Self.refusedTitle)') EXECUTE FUNCTION refuse()")
            }
        default:
            Issue.record("no way to make \(type(of: store)) refuse a task")
        }
    }
}

extension StoreKind {
    /// How many move ids the store remembers for retries (read straight from its table).
    func movesRemembered(in store: any BoardStore) async throws -> Int {
        switch store {
        case let sqlite as SQLiteBoardStore:
            return try await sqlite.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM moveRequest") ?? -1 }
        case let postgres as PostgresBoardStore:
            return try await postgres.transaction { tx in try await tx.rows("SELECT 1 FROM move_request").count }
        default:
            Issue.record("no way to read \(type(of: store))'s move ids")
            return -1
        }
    }
}

/// A counting semaphore for tests: `take` waits while every slot is held.
actor TestSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) {
        free = count
    }

    func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
