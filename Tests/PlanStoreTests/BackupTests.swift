import Foundation
import GRDB
import PlanCore
import Testing
@testable import PlanSQLite
@testable import PlanStore

@Suite struct BackupTests {
    @Test func backupWhileWritingGivesAConsistentCopyAndRestoreBringsItBack() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteBoardStore.open(path: folder.url.appendingPathComponent("board.sqlite").path)
        try await store.add((1...50).map { "t\($0)" })
        // Keep writing while the backup runs.
        let writes = Task {
            for index in 0..<200 { _ = try await store.create(try NewTask(title: "during \(index)", column: .next), client: nil) }
        }
        let backupPath = folder.url.appendingPathComponent("backups/copy.sqlite").path
        let summary = try store.backup(to: backupPath)
        try await writes.value
        #expect(summary.taskCount >= 50)
        #expect(Int64(summary.taskCount) == summary.revision, "one create per revision: the copy is a single moment")
        #expect(!FileManager.default.fileExists(atPath: backupPath + ".partial"))

        let fresh = try SQLiteBoardStore.open(path: folder.url.appendingPathComponent("restored.sqlite").path)
        let restored = try fresh.restore(from: backupPath)
        #expect(restored == summary)
        #expect(try await fresh.board().allTasks.count == summary.taskCount)
    }

    @Test func restoreNeverReusesARevision() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteBoardStore.open(path: folder.url.appendingPathComponent("board.sqlite").path)
        try await store.add(["a", "b"])
        let backupPath = folder.url.appendingPathComponent("copy.sqlite").path
        _ = try store.backup(to: backupPath)
        try await store.add(["c", "d"])
        #expect(try await store.revision() == 4)
        _ = try store.restore(from: backupPath)
        #expect(try await store.titles()[.today] == ["a", "b"])
        // The restore is revision 5; the next change 6. Revisions 3 and 4 are never handed out again.
        #expect(try await store.revision() == 5)
        let events = try await store.changes(after: 2, limit: 10)
        #expect(events.map(\.kind) == [.restore])
        let next = try await store.create(try NewTask(title: "e", column: .today), client: nil)
        #expect(next.revision == 6)
        #expect(next.value.id == 5, "tasks 3 and 4 were discarded by the restore; their ids are not handed out again")
    }

    @Test func damagedOrForeignFilesAreRefusedAndChangeNothing() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteBoardStore.open(path: folder.url.appendingPathComponent("board.sqlite").path)
        try await store.add(["keep"])
        let garbage = folder.url.appendingPathComponent("garbage.sqlite").path
        try Data("not a database at all, just text".utf8).write(to: URL(fileURLWithPath: garbage))
        #expect(throws: BackupError.notABoard(garbage)) { try store.restore(from: garbage) }
        let other = folder.url.appendingPathComponent("other.sqlite").path
        try await DatabaseQueue(path: other).write { db in try db.execute(sql: "CREATE TABLE notes (x TEXT)") }
        #expect(throws: BackupError.notABoard(other)) { try store.restore(from: other) }
        #expect(throws: BackupError.missing("/nonexistent/backup.sqlite")) { try store.restore(from: "/nonexistent/backup.sqlite") }
        #expect(try await store.titles()[.today] == ["keep"])
    }
}
