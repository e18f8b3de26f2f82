import Foundation
import GRDB
import PlanCore
@testable import PlanPostgres
@testable import PlanSQLite
@testable import PlanStore
import PostgresNIO
import Testing

/// Upgrades lose nothing: a board from every earlier schema version (`UpgradeFixture`) comes up to
/// today's with every task, note, position and undo step; a copy is kept first; a migration that
/// fails leaves the board as it was; a board from a newer PlanBoard is refused, untouched.
@Suite struct UpgradeTests {
    /// Inside the fixtures' upload hour and undo's week.
    static let later = UpgradeFixture.made.addingTimeInterval(30 * 60)

    /// Writes the fixtures again (only when asked: they are files kept in the repository).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PLANBOARD_RECORD_FIXTURES"] == "1"))
    func record() throws {
        try FileManager.default.createDirectory(at: UpgradeFixture.folder, withIntermediateDirectories: true)
        let missing = { (url: URL) in !FileManager.default.fileExists(atPath: url.path) }
        for version in UpgradeFixture.sqliteVersions where missing(UpgradeFixture.sqlite(version)) {
            try UpgradeFixture.makeSQLite(version, at: UpgradeFixture.sqlite(version).path)
        }
        for version in UpgradeFixture.postgresVersions where missing(UpgradeFixture.postgres(version)) {
            try Data(try UpgradeFixture.postgresScript(version).utf8).write(to: UpgradeFixture.postgres(version))
        }
    }

    // MARK: - SQLite

    /// A fixture copied into a folder of its own (gone afterwards), as `body` gets its path.
    static func withCopy(ofSQLite version: Int, _ body: (String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-upgrade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("board.sqlite").path
        try FileManager.default.copyItem(atPath: UpgradeFixture.sqlite(version).path, toPath: path)
        try await body(path)
    }

    /// The migrations a SQLite file has had, read without changing it.
    static func appliedMigrations(_ path: String) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
    }

    @Test(arguments: UpgradeFixture.sqliteVersions)
    func aSQLiteBoardOfEveryEarlierVersionUpgradesWithNothingLost(_ version: Int) async throws {
        try await Self.withCopy(ofSQLite: version) { path in
            var upgrades: [SchemaUpgrade] = []
            let store = try SQLiteBoardStore.open(path: path, now: { Self.later }, serverZone: TimeZone(identifier: "UTC")!) { upgrades.append($0) }
            let upgrade = try #require(upgrades.first)
            #expect(upgrade.from == "v\(version)")
            #expect(upgrade.to == SchemaUpgrade.version(of: SQLiteBoardStore.migrator.migrations.last))
            // The copy made first is the board as it was, whole.
            let backup = try #require(upgrade.backup)
            #expect(try Self.appliedMigrations(backup).count == version)
            #expect(try SQLiteBoardStore.check(backup).taskCount == UpgradeFixture.tasks.count)
            #expect(try Self.appliedMigrations(path).count == SQLiteBoardStore.migrator.migrations.count)
            try await Self.expectIntact(store, notesAsWritten: version >= 2, sessionKey: version >= 3, upload: version >= 2)
            // Opened again, nothing is due: no second copy.
            upgrades = []
            _ = try SQLiteBoardStore.open(path: path, now: { Self.later }) { upgrades.append($0) }
            #expect(upgrades.isEmpty)
        }
    }

    @Test func aSQLiteBoardFromANewerPlanBoardIsRefusedAndNotChanged() async throws {
        try await Self.withCopy(ofSQLite: UpgradeFixture.sqliteVersions.upperBound) { path in
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')") }
            try queue.close()
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(throws: SchemaUpgradeError.newerVersion(database: path, unknown: ["v99: from the future"])) {
                _ = try SQLiteBoardStore.open(path: path)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "not a byte changed")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix("-shm") && !$0.hasSuffix("-wal") } == files.filter { !$0.hasSuffix("-shm") && !$0.hasSuffix("-wal") })
        }
    }

    @Test func aSQLiteMigrationThatFailsLeavesTheBoardAsItWas() async throws {
        try await Self.withCopy(ofSQLite: 2) { path in
            // Something v4 will try to make is there already: v3 succeeds, then v4 fails.
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "CREATE INDEX task_when ON task (id)") }
            try queue.close()
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            do {
                _ = try SQLiteBoardStore.open(path: path)
                Issue.record("the upgrade should have failed")
            } catch SchemaUpgradeError.failed(let database, let from, _, let backup, let reason) {
                #expect(database == path)
                #expect(from == "v2")
                #expect(reason.contains("task_when"))
                #expect(try Self.appliedMigrations(try #require(backup)).count == 2)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "not even v3 was kept")
            #expect(try Self.appliedMigrations(path).count == 2)
            #expect(!FileManager.default.fileExists(atPath: path + ".upgrading"))
            let message = SchemaUpgradeError.failed(database: path, from: "v2", to: "v6", backup: "/b", reason: "r").description
            #expect(message.contains("left as it was") && message.contains("/b") && message.contains("did not start"))
        }
    }

    // MARK: - PostgreSQL

    /// A PostgreSQL store on a fresh schema holding fixture `version`, not yet migrated.
    static func withPostgres(_ version: Int, planting extra: [String] = [], _ body: (PostgresBoardStore) async throws -> Void) async throws {
        let script = try String(contentsOf: UpgradeFixture.postgres(version), encoding: .utf8)
        try await PostgresTestDatabase.withSchema { url in
            let store = try PostgresBoardStore(url: url, logger: PostgresTestDatabase.logger, now: { Self.later }, serverZone: TimeZone(identifier: "UTC")!)
            let running = Task { await store.run() }
            defer { running.cancel() }
            let statements = UpgradeFixture.statements(ofScript: script) + extra
            try await store.transaction { tx in
                for statement in statements { try await tx.execute(PostgresQuery(unsafeSQL: statement)) }
            }
            try await body(store)
        }
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil), arguments: UpgradeFixture.postgresVersions)
    func aPostgreSQLBoardOfEveryEarlierVersionUpgradesWithNothingLost(_ version: Int) async throws {
        try await Self.withPostgres(version) { store in
            let upgrade = try #require(try await store.migrate())
            #expect(upgrade.from == "v\(version)")
            #expect(try await store.appliedMigrations().count == PostgresBoardStore.migrations.count)
            try await Self.expectIntact(store, notesAsWritten: true, sessionKey: true, upload: true)
            #expect(try await store.migrate() == nil)
        }
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil))
    func aPostgreSQLBoardFromANewerPlanBoardIsRefusedAndNotChanged() async throws {
        try await Self.withPostgres(2, planting: ["INSERT INTO schema_migration (id) VALUES ('v99: from the future')"]) { (store: PostgresBoardStore) async throws in
            await #expect(throws: SchemaUpgradeError.self) { try await store.migrate() }
            let applied = try await store.appliedMigrations()
            #expect(applied.count == 3, "v3 was not applied (v1, v2 and the newer one are there)")
        }
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil))
    func aPostgreSQLMigrationThatFailsLeavesTheBoardAsItWas() async throws {
        // Something v4 will make is there already: v3 succeeds, then v4 fails, in one transaction.
        try await Self.withPostgres(2, planting: ["CREATE INDEX stashed_upload_created ON stashed_upload (id)"]) { store in
            do {
                try await store.migrate()
                Issue.record("the upgrade should have failed")
            } catch SchemaUpgradeError.failed(_, let from, _, _, let reason) {
                #expect(from == "v2")
                #expect(reason.contains("stashed_upload_created"))
            }
            #expect(try await store.appliedMigrations().count == 2)
            // v3 replaced move_request; rolled back, the old one (with its result) is still there.
            let old = try await store.autocommit { tx in try await tx.value("SELECT count(*) FROM move_request WHERE result = '{}'", as: Int64.self) }
            #expect(old == 1)
        }
    }

    // MARK: - What every upgraded board still holds

    static func expectIntact(_ store: any BoardStore, notesAsWritten: Bool, sessionKey: Bool, upload: Bool) async throws {
        let board = try await store.board()
        #expect(board.revision == Int64(UpgradeFixture.changes.count))
        #expect(board.tasks(in: .today).map(\.id) == [1, 2])
        #expect(board.tasks(in: .next).map(\.id) == [3, 4])
        #expect(board.tasks(in: .later).map(\.id) == [5])
        for expected in UpgradeFixture.tasks {
            let task = try await store.task(expected.id)
            #expect(task.title == expected.title)
            #expect(task.column == expected.column && task.orderKey == expected.orderKey)
            #expect(task.important == expected.important && task.finished == expected.finished)
            #expect(task.notes == expected.notes, "task \(expected.id)'s notes")
            if notesAsWritten {
                #expect(task.notesSource == expected.notesSource && task.notesFormat == expected.notesFormat, "task \(expected.id)'s notes as written")
            } else {
                // A board from before notes were kept as written: its HTML is what was written.
                #expect(task.notesSource == expected.notes && task.notesFormat == .html)
            }
        }
        #expect(try await store.changes(after: 0, limit: 100).count == UpgradeFixture.changes.count)
        // Search finds every task by its title (a board from before search is indexed by the
        // upgrade; one whose index an edit had damaged is mended), and never the deleted one.
        for expected in UpgradeFixture.tasks {
            let found = try await store.search(try #require(try SearchQuery(expected.title)), offset: 0, limit: 50).tasks.map(\.id)
            #expect(found.contains(expected.id), "task \(expected.id) found by its title")
        }
        let gone = try await store.search(try #require(try SearchQuery(UpgradeFixture.deleted.title)), offset: 0, limit: 50).tasks.map(\.id)
        #expect(!gone.contains(UpgradeFixture.deleted.id))
        if sessionKey { #expect(try await store.secret(named: "session-key", length: 32) == UpgradeFixture.sessionKey, "sessions stay signed in") }
        if upload { #expect(try await store.stashedUpload("review-1") == .waiting(Array(UpgradeFixture.upload.utf8))) }
        // The owner's undo steps: the delete (the task and its notes come back), then the finish.
        _ = try await store.undo(client: UpgradeFixture.owner)
        let restored = try await store.task(UpgradeFixture.deleted.id)
        #expect(restored.title == UpgradeFixture.deleted.title)
        #expect(restored.notes == UpgradeFixture.deleted.notes)
        if notesAsWritten { #expect(restored.notesSource == UpgradeFixture.deleted.notesSource) }
        #expect(try await store.board().tasks(in: .later).map(\.id) == [5, 6])
        _ = try await store.undo(client: UpgradeFixture.owner)
        #expect(try await store.task(4).finished == false)
    }
}
