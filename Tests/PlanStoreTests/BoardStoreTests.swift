import Foundation
import GRDB
import PlanCore
import Testing
@testable import PlanStore

@Suite struct SQLiteBoardStoreTests {
    @Test func newTasksGoToTheEndOfTheirColumn() async throws {
        let store = try SQLiteBoardStore.forTesting()
        try await store.add(["a", "b", "c"])
        try await store.add(["x"], to: .later)
        let titles = try await store.titles()
        #expect(titles[.today] == ["a", "b", "c"])
        #expect(titles[.next] == [])
        #expect(titles[.later] == ["x"])
    }

    @Test func everyChangeRaisesTheRevisionAndIdsAreNeverReused() async throws {
        let store = try SQLiteBoardStore.forTesting()
        #expect(try await store.board().revision == 0)
        let a = try await store.create(try NewTask(title: "a", column: .today), client: nil)
        let deleted = try await store.delete(a.value.id, client: nil)
        let b = try await store.create(try NewTask(title: "b", column: .today), client: nil)
        let edited = try await store.edit(b.value.id, try TaskEdit(title: "b2", important: true, notes: TaskNotes(source: "n", format: .plain, html: "<p>n</p>", excerpt: "n")), client: nil)
        let finished = try await store.setFinished(b.value.id, true, client: nil)
        let revisions = [a.revision, deleted.revision, b.revision, edited.revision, finished.revision]
        #expect(revisions == [1, 2, 3, 4, 5])
        #expect(b.value.id != a.value.id)
        #expect(try await store.board().revision == 5)
    }

    @Test func anUnchangedEditLeavesTheRevisionAlone() async throws {
        let store = try SQLiteBoardStore.forTesting()
        let task = try await store.add(["a"])[0]
        let same = try await store.edit(task.id, try TaskEdit(title: "a", important: false, notes: .none), client: nil)
        #expect(same.revision == 1)
        #expect(same.value == task)
    }

    @Test func anOrdinaryMoveWritesExactlyOneTaskRow() async throws {
        let store = try SQLiteBoardStore.forTesting()
        let tasks = try await store.add((1...20).map { "t\($0)" })
        try await store.add(["n1", "n2"], to: .next)
        let before = try await store.rawRows()

        // Within the column: t3 after t15.
        _ = try await store.move(MoveRequest(taskID: tasks[2].id, column: .today, after: tasks[14].id), client: nil)
        let after = try await store.rawRows()
        let changed = before.keys.filter { before[$0] != after[$0] }
        #expect(changed == [tasks[2].id])

        // Across columns: t7 to the top of Next.
        _ = try await store.move(MoveRequest(taskID: tasks[6].id, column: .next, after: nil), client: nil)
        let afterAcross = try await store.rawRows()
        #expect(after.keys.filter { after[$0] != afterAcross[$0] } == [tasks[6].id])
        #expect(try await store.titles()[.next] == ["t7", "n1", "n2"])
    }

    @Test func moveAnswersTheNewRevisionAndThePlacedTask() async throws {
        let store = try SQLiteBoardStore.forTesting()
        let tasks = try await store.add(["a", "b", "c"])
        let result = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[2].id), client: nil)
        #expect(result.revision == 4)
        #expect(result.task.id == tasks[0].id)
        #expect(result.task.column == .today)
        #expect(try await store.titles()[.today] == ["b", "c", "a"])
    }

    @Test func finishedTaskIsRefusedAndNothingChanges() async throws {
        let store = try SQLiteBoardStore.forTesting()
        let tasks = try await store.add(["a", "b"])
        _ = try await store.setFinished(tasks[0].id, true, client: nil)
        let before = try await store.rawRows()
        await #expect(throws: PlanError.taskFinished(title: "a")) {
            try await store.move(MoveRequest(taskID: tasks[0].id, column: .next, after: nil), client: nil)
        }
        #expect(try await store.rawRows() == before)
        #expect(try await store.board().revision == 3)
    }

    @Test func staleAnchorIsRefused() async throws {
        let store = try SQLiteBoardStore.forTesting()
        let tasks = try await store.add(["a", "b"])
        let other = try await store.add(["x"], to: .next)[0]
        // The client thinks x is in Today; it has been in Next all along.
        await #expect(throws: PlanError.staleAnchor(anchor: "x")) {
            try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: other.id), client: nil)
        }
        // A deleted anchor is stale too, and the refusal still names it.
        _ = try await store.delete(tasks[1].id, client: nil)
        await #expect(throws: PlanError.staleAnchor(anchor: "b")) {
            try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[1].id), client: nil)
        }
    }

    @Test func unrelatedChangesDoNotMakeAMoveStale() async throws {
        let store = try SQLiteBoardStore.forTesting()
        let tasks = try await store.add(["a", "b", "c"])
        let seen = try await store.board().revision
        _ = try await store.add(["elsewhere"], to: .later)
        let result = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[1].id, revision: seen), client: nil)
        #expect(result.revision == seen + 2)
        #expect(try await store.titles()[.today] == ["b", "a", "c"])
    }

    @Test func unknownTaskOrAnchorIsItselfIsRefused() async throws {
        let store = try SQLiteBoardStore.forTesting()
        let task = try await store.add(["a"])[0]
        await #expect(throws: PlanError.taskNotFound(99)) {
            try await store.move(MoveRequest(taskID: 99, column: .today, after: nil), client: nil)
        }
        await #expect(throws: PlanError.anchorIsTask) {
            try await store.move(MoveRequest(taskID: task.id, column: .today, after: task.id), client: nil)
        }
        await #expect(throws: PlanError.taskNotFound(99)) { try await store.task(99) }
        await #expect(throws: PlanError.taskNotFound(99)) { try await store.delete(99, client: nil) }
    }

    @Test func repeatedMoveIDReturnsTheFirstAnswerAndChangesNothing() async throws {
        let store = try SQLiteBoardStore.forTesting()
        let tasks = try await store.add(["a", "b", "c"])
        let first = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[2].id, moveID: "m-1"), client: nil)
        // Someone else moves it back; a retry of m-1 must not move it again.
        _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: nil), client: nil)
        let rows = try await store.rawRows()
        let revision = try await store.board().revision
        let again = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[2].id, moveID: "m-1"), client: nil)
        #expect(again == first)
        #expect(try await store.rawRows() == rows)
        #expect(try await store.board().revision == revision)
        // The same id for another task is a client bug, said plainly.
        await #expect(throws: PlanError.moveIDReused("m-1")) {
            try await store.move(MoveRequest(taskID: tasks[1].id, column: .today, after: nil, moveID: "m-1"), client: nil)
        }
    }

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
        #expect(applied.sorted() == ["v1: tasks, revision, change log, move ids", "v2: notes as written with their excerpt, task origins, board id, import summaries, stashed uploads",
            "v3: secrets, and a change log that keeps notes only as the way back",
        ])
        // Freed pages go back to the system after a pruning (PRAGMA incremental_vacuum).
        #expect(try await reopened.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") } == 2)
    }
}
