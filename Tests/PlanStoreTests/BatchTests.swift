import Foundation
import PlanCore
import Testing
@testable import PlanStore

/// Several tasks changed at once (`BatchPlan`): one revision, all or nothing, one Undo — on each store.
@Suite struct BatchTests {
    @Test(arguments: StoreKind.available)
    func movingSeveralTasksIsOneChangeAndOneUndoPutsEachBack(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let today = try await store.add(["a", "b", "c", "d"])
            let later = try await store.add(["x", "y"], to: .later)
            let before = try await store.revision()
            // Chosen in any order; they arrive in the board's order, Today's first.
            let moved = try await store.changeMany([later[0].id, today[3].id, today[1].id, today[2].id], .move(.next), client: "me")
            #expect(moved.revision == before + 1)
            #expect(try await store.titles()[.next] == ["b", "c", "d", "x"])
            #expect(try await store.titles()[.today] == ["a"])
            #expect(try await store.titles()[.later] == ["y"])
            let undone = try await store.undo(client: "me")
            #expect(undone.value.undone == .move)
            #expect(try await store.titles()[.today] == ["a", "b", "c", "d"])
            #expect(try await store.titles()[.later] == ["x", "y"])
            #expect(try await store.titles()[.next] == [])
        }
    }

    @Test(arguments: StoreKind.available)
    func finishingMarkingAndDeletingSeveralAreEachOneUndo(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"])
            _ = try await store.changeMany(tasks.map(\.id), .important(true), client: "me")
            #expect(try await store.board().tasks(in: .today).allSatisfy(\.important))
            _ = try await store.changeMany([tasks[0].id, tasks[2].id], .finish(true), client: "me")
            #expect(try await store.board().tasks(in: .today).map(\.finished) == [true, false, true])
            _ = try await store.changeMany([tasks[0].id, tasks[1].id], .delete, client: "me")
            #expect(try await store.titles()[.today] == ["c"])
            #expect(try await store.undo(client: "me").value.undone == .delete)
            #expect(try await store.titles()[.today] == ["a", "b", "c"])
            #expect(try await store.undo(client: "me").value.undone == .finish)
            #expect(try await store.board().tasks(in: .today).map(\.finished) == [false, false, false])
            #expect(try await store.undo(client: "me").value.undone == .edit)
            #expect(try await store.board().tasks(in: .today).allSatisfy { !$0.important })
        }
    }

    @Test(arguments: StoreKind.available)
    func aRefusalChangesNothingAtAll(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["a", "b", "c"])
            _ = try await store.setFinished(tasks[1].id, true, client: "me")
            let revision = try await store.revision()
            // A finished task can't be moved: the others stay too.
            await #expect(throws: PlanError.taskFinished(title: "b")) {
                try await store.changeMany(tasks.map(\.id), .move(.later), client: "me")
            }
            // A task that is not on the board: nothing is deleted.
            await #expect(throws: PlanError.taskNotFound(999)) {
                try await store.changeMany([tasks[0].id, 999], .delete, client: "me")
            }
            await #expect(throws: PlanError.invalidField(name: "ids", problem: .selection(limit: BatchAction.maxTasks))) {
                try await store.changeMany([], .delete, client: "me")
            }
            #expect(try await store.revision() == revision)
            #expect(try await store.titles()[.today] == ["a", "b", "c"])
            // Asking for what already is changes nothing, and makes no change to undo.
            let same = try await store.changeMany([tasks[1].id], .finish(true), client: "me")
            #expect(same.revision == revision && same.value.isEmpty)
        }
    }
}
