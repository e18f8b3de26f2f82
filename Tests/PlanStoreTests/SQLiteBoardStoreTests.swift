import Foundation
import GRDB
import PlanCore
import Testing
@testable import PlanSQLite
@testable import PlanStore

/// What only the SQLite store does: its change table and its file.
@Suite struct SQLiteBoardStoreTests {
    @Test func everyChangeIsLoggedUnderItsRevision() async throws {
        let store = try SQLiteBoardStore.forTesting()
        let task = try await store.add(["a"])[0]
        _ = try await store.move(MoveRequest(taskID: task.id, column: .later, after: nil), client: "tab-1")
        let rows = try store.writer.read { db in try Row.fetchAll(db, sql: "SELECT revision, kind, taskID, client FROM change ORDER BY revision") }
        #expect(rows.map { $0["kind"] as String } == ["create", "move"])
        #expect(rows.map { $0["revision"] as Int64 } == [1, 2])
        #expect(rows[1]["client"] as String? == "tab-1")
    }

    @Test func fileDatabaseRunsInWALModeAndKeepsEverythingAcrossReopening() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("nested/folder/board.sqlite").path
        do {
            let store = try SQLiteBoardStore.open(path: path)
            let tasks = try await store.add(["a", "b"])
            _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: .next, after: nil), client: nil)
            let mode = try await store.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(mode == "wal")
        }
        let reopened = try SQLiteBoardStore.open(path: path)
        #expect(try await reopened.titles() == [.today: ["b"], .next: ["a"], .later: []])
        let next = try await reopened.create(try NewTask(title: "c", column: .today), client: nil)
        #expect(next.revision == 4)
        #expect(next.value.id == 3)
        let applied = try await reopened.writer.read { db in try SQLiteBoardStore.migrator.appliedIdentifiers(db) }
        // Every migration the store knows ran, the first one included.
        #expect(applied.sorted() == SQLiteBoardStore.migrator.migrations.sorted())
        #expect(applied.contains("v1: tasks, revision, change log, move ids"))
        // Freed pages go back to the system after a pruning (PRAGMA incremental_vacuum).
        #expect(try await reopened.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") } == 2)
    }
}
