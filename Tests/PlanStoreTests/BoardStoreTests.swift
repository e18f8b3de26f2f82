import Foundation
import PlanCore
import Testing
@testable import PlanStore

/// The rules every store keeps, proven on each (`StoreKind`).
@Suite struct BoardStoreTests {
    /// Shown as skipped, with why, in a run without a PostgreSQL server, where every test below ran on SQLite alone.
    @Test(.enabled(if: PostgresTestDatabase.url != nil, "the PostgreSQL half of the store suite was SKIPPED: PLANBOARD_TEST_POSTGRES is not set (scripts/test sets it)"))
    func theStoreRulesRanOnPostgreSQLToo() {
        _ = PostgresTestDatabase.skipNote
        #expect(StoreKind.available == [.sqlite, .postgres])
    }

    @Test(arguments: StoreKind.available)
    func newTasksGoToTheEndOfTheirColumn(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.add(["a", "b", "c"])
            try await store.add(["x"], to: .later)
            let titles = try await store.titles()
            #expect(titles[.today] == ["a", "b", "c"])
            #expect(titles[.next] == [])
            #expect(titles[.later] == ["x"])
        }
    }

    @Test(arguments: StoreKind.available)
    func everyChangeRaisesTheRevisionAndIdsAreNeverReused(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
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
    }

    @Test(arguments: StoreKind.available)
    func anUnchangedEditLeavesTheRevisionAlone(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let task = try await store.add(["a"])[0]
            let same = try await store.edit(task.id, try TaskEdit(title: "a", important: false, notes: .none), client: nil)
            #expect(same.revision == 1)
            #expect(same.value == task)
        }
    }

    @Test(arguments: StoreKind.available)
    func anOrdinaryMoveWritesExactlyOneTaskRow(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add((1...20).map { "t\($0)" })
            try await store.add(["n1", "n2"], to: .next)
            let before = try await store.rows()

            // Within the column: t3 after t15.
            _ = try await store.move(MoveRequest(taskID: tasks[2].id, column: .today, after: tasks[14].id), client: nil)
            let after = try await store.rows()
            let changed = before.keys.filter { before[$0] != after[$0] }
            #expect(changed == [tasks[2].id])

            // Across columns: t7 to the top of Next.
            _ = try await store.move(MoveRequest(taskID: tasks[6].id, column: .next, after: nil), client: nil)
            let afterAcross = try await store.rows()
            #expect(after.keys.filter { after[$0] != afterAcross[$0] } == [tasks[6].id])
            #expect(try await store.titles()[.next] == ["t7", "n1", "n2"])
        }
    }

    @Test(arguments: StoreKind.available)
    func moveAnswersTheNewRevisionAndThePlacedTask(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"])
            let result = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[2].id), client: nil)
            #expect(result.revision == 4)
            #expect(result.task.id == tasks[0].id)
            #expect(result.task.column == .today)
            #expect(try await store.titles()[.today] == ["b", "c", "a"])
        }
    }

    @Test(arguments: StoreKind.available)
    func finishedTaskIsRefusedAndNothingChanges(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b"])
            _ = try await store.setFinished(tasks[0].id, true, client: nil)
            let before = try await store.rows()
            await #expect(throws: PlanError.taskFinished(title: "a")) {
                try await store.move(MoveRequest(taskID: tasks[0].id, column: .next, after: nil), client: nil)
            }
            #expect(try await store.rows() == before)
            #expect(try await store.board().revision == 3)
        }
    }

    @Test(arguments: StoreKind.available)
    func staleAnchorIsRefused(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
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
    }

    @Test(arguments: StoreKind.available)
    func unrelatedChangesDoNotMakeAMoveStale(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"])
            let seen = try await store.board().revision
            _ = try await store.add(["elsewhere"], to: .later)
            let result = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[1].id, revision: seen), client: nil)
            #expect(result.revision == seen + 2)
            #expect(try await store.titles()[.today] == ["b", "a", "c"])
        }
    }

    @Test(arguments: StoreKind.available)
    func unknownTaskOrAnchorIsItselfIsRefused(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
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
    }

    @Test(arguments: StoreKind.available)
    func repeatedMoveIDReturnsTheFirstAnswerAndChangesNothing(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"])
            let first = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[2].id, moveID: "m-1"), client: nil)
            // Someone else moves it back; a retry of m-1 must not move it again.
            _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: nil), client: nil)
            let rows = try await store.rows()
            let revision = try await store.board().revision
            let again = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[2].id, moveID: "m-1"), client: nil)
            // The first answer: its revision and the place it gave the task (not the task's later state).
            #expect(again.revision == first.revision)
            #expect(again.task.id == first.task.id && again.task.column == first.task.column && again.task.orderKey == first.task.orderKey)
            #expect(try await store.rows() == rows)
            #expect(try await store.board().revision == revision)
            // The same id for another task is a client bug, said plainly.
            await #expect(throws: PlanError.moveIDReused("m-1")) {
                try await store.move(MoveRequest(taskID: tasks[1].id, column: .today, after: nil, moveID: "m-1"), client: nil)
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func aMoveIDBelongsToTheClientThatSentIt(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b"])
            let mine = try await store.move(MoveRequest(taskID: tasks[0].id, column: .later, after: nil, moveID: "m-1"), client: "me")
            // Another session happening on the same id is not answered with my move: its own move is made.
            let theirs = try await store.move(MoveRequest(taskID: tasks[1].id, column: .next, after: nil, moveID: "m-1"), client: "them")
            #expect(theirs.revision > mine.revision)
            #expect(try await store.titles() == [.today: [], .next: ["b"], .later: ["a"]])
            // My retry still gets my first answer.
            #expect(try await store.move(MoveRequest(taskID: tasks[0].id, column: .later, after: nil, moveID: "m-1"), client: "me") == mine)
        }
    }

    @Test(arguments: StoreKind.available)
    func aDeletedTasksMoveIDsGoWithIt(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b"])
            for (index, column) in [BoardColumn.next, .later, .today].enumerated() {
                _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: column, after: nil, moveID: "a-\(index)"), client: "me")
            }
            _ = try await store.move(MoveRequest(taskID: tasks[1].id, column: .later, after: nil, moveID: "b-0"), client: "me")
            #expect(try await kind.movesRemembered(in: store) == 4)
            _ = try await store.delete(tasks[0].id, client: "me")
            #expect(try await kind.movesRemembered(in: store) == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func aLargeImportGoesAfterEachColumnsTasksInTheFilesOrder(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.add(["a", "b"])
            try await store.add(["x"], to: .later)
            // 3,000 after one column's tasks pass the key length bound (that column is spread again
            // to make room); a few go to an empty column and one more after a task.
            let file = (0..<3_000).map { ("today \($0)", BoardColumn.today) } + (0..<5).map { ("next \($0)", .next) } + [("later 0", .later)]
            let imported = file.enumerated().map { index, item in
                ImportedTask(title: item.0, column: item.1, important: false, finished: false, notes: .none, created: Date(), updated: Date(),
                             originalID: index < 3 ? 9_000 : nil)
            }
            let result = try await store.importTasks(imported, summary: nil, client: "me")
            #expect(result.value.map(\.title) == file.map(\.0), "answered in the file's order")
            let titles = try await store.titles()
            #expect(titles[.today] == ["a", "b"] + (0..<3_000).map { "today \($0)" })
            #expect(titles[.next] == (0..<5).map { "next \($0)" })
            #expect(titles[.later] == ["x", "later 0"])
            let board = try await store.board()
            #expect(board.allTasks.allSatisfy { $0.orderKey.isWithinBound })
            // The first task claiming an unused id keeps it; the same id again gets a fresh one; ids are never shared.
            let ids = board.allTasks.map(\.id)
            #expect(Set(ids).count == ids.count)
            #expect(result.value[0].id == 9_000 && result.value[1].id != 9_000)
            let stored = Dictionary(uniqueKeysWithValues: board.allTasks.map { ($0.id, $0) })
            #expect(result.value.allSatisfy { stored[$0.id]?.title == $0.title && stored[$0.id]?.orderKey == $0.orderKey }, "answered as stored")
        }
    }

    @Test(arguments: StoreKind.available)
    func anImportThatFailsPartWayLeavesNothingBehind(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.add(["a", "b"])
            let before = try await store.board()
            try await kind.refuseTasks(in: store)
            let imported = ["first", "second", StoreKind.refusedTitle, "fourth"].map {
                ImportedTask(title: $0, column: .today, important: false, finished: false, notes: .none, created: Date(), updated: Date(), originalID: nil)
            }
            await #expect(throws: (any Error).self) { try await store.importTasks(imported, summary: "{}", client: "me") }
            // No task, no revision, no change: the two before it were rolled back with it.
            let after = try await store.board()
            #expect(after.revision == before.revision)
            #expect(after.allTasks == before.allTasks)
            #expect(try await store.changes(after: before.revision, limit: 10).isEmpty)
            #expect(try await store.titles()[.today] == ["a", "b"])
        }
    }
}
