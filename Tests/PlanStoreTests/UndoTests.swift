import Foundation
import PlanCore
import Testing
@testable import PlanStore

@Suite struct UndoTests {
    @Test(arguments: StoreKind.available)
    func undoingAMovePutsTheTaskBackWhereItWas(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"], to: .today)
            _ = try await store.move(MoveRequest(taskID: tasks[1].id, column: .later, after: nil), client: "me")
            let undone = try await store.undo(client: "me")
            #expect(undone.value.undone == .move)
            #expect(undone.value.task.column == .today)
            #expect(try await store.titles()[.today] == ["a", "b", "c"])
            #expect(undone.revision == 5)
        }
    }

    @Test(arguments: StoreKind.available)
    func undoWalksBackThroughThisClientsChangesOnly(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"], to: .today)
            _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[2].id), client: "me")
            _ = try await store.move(MoveRequest(taskID: tasks[1].id, column: .next, after: nil), client: "me")
            _ = try await store.create(try NewTask(title: "theirs", column: .later), client: "other tab")
            // b was first in Today before it moved, so it goes back to the top.
            _ = try await store.undo(client: "me")
            #expect(try await store.titles() == [.today: ["b", "c", "a"], .next: [], .later: ["theirs"]])
            _ = try await store.undo(client: "me")
            #expect(try await store.titles() == [.today: ["a", "b", "c"], .next: [], .later: ["theirs"]])
            // Creating the three tasks had no client; nothing of "me" is left.
            await #expect(throws: PlanError.nothingToUndo) { try await store.undo(client: "me") }
        }
    }

    @Test(arguments: StoreKind.available)
    func undoIsRefusedWhenTheOldNeighbourHasMovedAway(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"], to: .today)
            _ = try await store.move(MoveRequest(taskID: tasks[1].id, column: .later, after: nil), client: "me")
            // "a", which b used to follow, is moved elsewhere by someone else.
            _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: .next, after: nil), client: "other")
            let before = try await store.rows()
            await #expect(throws: PlanError.cannotGoBack(title: "b")) { try await store.undo(client: "me") }
            #expect(try await store.rows() == before)
        }
    }

    @Test(arguments: StoreKind.available)
    func undoIsRefusedForAFinishedTaskLikeAnyMove(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b"], to: .today)
            _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: .next, after: nil), client: "me")
            _ = try await store.setFinished(tasks[0].id, true, client: "other")
            // Finished since: the task is no longer as the move left it.
            await #expect(throws: PlanError.changedSince(title: "a")) { try await store.undo(client: "me") }
        }
    }

    @Test(arguments: StoreKind.available)
    func undoingEditFinishCreateAndDelete(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let task = try await store.create(try NewTask(title: "draft", column: .next), client: "me").value
            _ = try await store.edit(task.id, try TaskEdit(title: "final", important: true, notes: TaskNotes(source: "n", format: .plain, html: "<p>n</p>", excerpt: "n")), client: "me")
            _ = try await store.setFinished(task.id, true, client: "me")
            _ = try await store.delete(task.id, client: "me")
            #expect(try await store.board().allTasks.isEmpty)

            let undelete = try await store.undo(client: "me")
            #expect(undelete.value.undone == .delete)
            #expect(undelete.value.task.id == task.id)
            #expect(try await store.task(task.id).finished)

            let unfinish = try await store.undo(client: "me")
            #expect(unfinish.value.undone == .finish)
            #expect(try await store.task(task.id).finished == false)

            let unedit = try await store.undo(client: "me")
            #expect(unedit.value.undone == .edit)
            let restored = try await store.task(task.id)
            #expect(restored.title == "draft")
            #expect(restored.important == false)

            let uncreate = try await store.undo(client: "me")
            #expect(uncreate.value.undone == .create)
            #expect(uncreate.value.exists == false)
            await #expect(throws: PlanError.taskDeleted(title: "draft"), "a task whose creation was undone is named as deleted") { try await store.task(task.id) }
        }
    }

    @Test(arguments: StoreKind.available)
    func undoingADeleteRestoresItsPlaceAfterItsOldNeighbour(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"], to: .today)
            _ = try await store.delete(tasks[1].id, client: "me")
            _ = try await store.undo(client: "me")
            #expect(try await store.titles()[.today] == ["a", "b", "c"])
        }
    }

    @Test(arguments: StoreKind.available)
    func undoRefusesToDiscardSomeoneElsesEdit(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let task = try await store.add(["a"])[0]
            _ = try await store.edit(task.id, try TaskEdit(title: "mine", important: false, notes: .none), client: "me")
            _ = try await store.edit(task.id, try TaskEdit(title: "theirs", important: false, notes: .none), client: "other")
            await #expect(throws: PlanError.changedSince(title: "theirs")) { try await store.undo(client: "me") }
            #expect(try await store.task(task.id).title == "theirs")
        }
    }

    @Test(arguments: StoreKind.available)
    func undoingAMoveIsRefusedWhenSomeoneMovedTheTaskSince(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"], to: .today)
            _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[2].id), client: "me")
            // A colleague puts "a" somewhere else in the same column.
            _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[1].id), client: "other")
            await #expect(throws: PlanError.changedSince(title: "a")) { try await store.undo(client: "me") }
            #expect(try await store.titles()[.today] == ["b", "a", "c"])
        }
    }

    @Test(arguments: StoreKind.available)
    func aChangeThatCanNoLongerBeUndoneIsPassedOverByTheNextUndo(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"], to: .today)
            _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: .next, after: nil), client: "me")
            _ = try await store.edit(tasks[1].id, try TaskEdit(title: "mine", important: false, notes: .none), client: "me")
            _ = try await store.edit(tasks[1].id, try TaskEdit(title: "theirs", important: false, notes: .none), client: "other")
            await #expect(throws: PlanError.changedSince(title: "theirs")) { try await store.undo(client: "me") }
            // The refused edit stays as the colleague left it; the next undo goes back to the move before it.
            let undone = try await store.undo(client: "me")
            #expect(undone.value.undone == .move)
            #expect(try await store.titles() == [.today: ["a", "theirs", "c"], .next: [], .later: []])
            await #expect(throws: PlanError.nothingToUndo) { try await store.undo(client: "me") }
        }
    }

    @Test(arguments: StoreKind.available)
    func anImportIsPassedOverByTheUndoAfterTheOneThatRefusedIt(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let task = try await store.create(try NewTask(title: "mine", column: .today), client: "me").value
            let imported = ImportedTask(title: "imported", column: .later, important: false, finished: false, notes: .none, created: Date(), updated: Date(), originalID: nil)
            _ = try await store.importTasks([imported], summary: nil, client: "me")
            await #expect(throws: PlanError.importNotUndoable) { try await store.undo(client: "me") }
            let undone = try await store.undo(client: "me")
            #expect(undone.value.undone == .create)
            #expect(undone.value.task.id == task.id)
            #expect(try await store.titles() == [.today: [], .next: [], .later: ["imported"]])
        }
    }

    @Test(arguments: StoreKind.available)
    func aDeletedTaskComesBackAtTheEndWhenItsNeighbourIsGone(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"], to: .today)
            _ = try await store.delete(tasks[1].id, client: "me")
            _ = try await store.delete(tasks[0].id, client: "other")
            let undone = try await store.undo(client: "me")
            #expect(undone.value.task.id == tasks[1].id)
            #expect(try await store.titles()[.today] == ["c", "b"])
        }
    }
}
