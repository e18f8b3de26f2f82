import Foundation
import PlanCore
import Testing
@testable import PlanStore

/// Taking an import back from its summary page (`undoImport`, `ImportUndoPlan`): every task it
/// added removed as one change, or none while any of them changed since — on each store.
@Suite struct ImportUndoTests {
    private func imported(_ title: String, to column: BoardColumn = .later, finished: Bool = false, inLogbook: Bool = false, id: TaskID? = nil) -> ImportedTask {
        ImportedTask(
            title: title, column: column, important: false, finished: finished, notes: .none, created: Date(timeIntervalSince1970: 0),
            updated: Date(timeIntervalSince1970: 0), originalID: id, inLogbook: inLogbook)
    }

    @Test(arguments: StoreKind.available)
    func anImportIsTakenBackAsOneChangeEvenAfterUndoPassedItOver(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let mine = try await store.create(try NewTask(title: "mine", column: .today), client: "me").value
            let before = try await store.revision()
            // A kept id above the high-water mark and fresh ones, one of them for the logbook.
            let file = [imported("a", id: 900), imported("b", to: .next), imported("old", finished: true, inLogbook: true)]
            let stored = try await store.importTasks(file, summary: "three", client: "me")
            #expect(stored.value.map(\.id).contains(900))
            let record = try #require(try await store.importRecord(revision: stored.revision))
            #expect(record == ImportRecord(summary: "three", undoneBy: nil, loggedTasks: 3))
            #expect(record.canBeTakenBack)

            // The session's undo leaves the import alone (and sets it aside); its summary page still can.
            await #expect(throws: PlanError.importNotUndoable) { try await store.undo(client: "me") }
            let removed = try await store.undoImport(revision: stored.revision, client: "me")
            #expect(removed.revision == stored.revision + 1)
            #expect(Set(removed.value.map(\.title)) == ["a", "b", "old"])
            #expect(try await store.titles() == [.today: ["mine"], .next: [], .later: []])
            #expect(try await store.logbook(after: nil, limit: 10).entries.isEmpty)
            let after = try #require(try await store.importRecord(revision: stored.revision))
            #expect(after.undone && !after.canBeTakenBack)
            await #expect(throws: PlanError.importUndoneAlready) { try await store.undoImport(revision: stored.revision, client: "me") }

            // Other tabs hear the import as one event and the undo as one removal per task.
            let events = try await store.changes(after: before, limit: 100)
            #expect(events.map(\.kind) == [.import, .undo, .undo, .undo])
            #expect(events.filter { $0.kind == .undo }.allSatisfy { $0.task == nil && $0.taskID != nil })

            // The next undo of the session reaches the change before the import.
            let undone = try await store.undo(client: "me")
            #expect(undone.value.undone == .create && undone.value.task.id == mine.id)
        }
    }

    @Test(arguments: StoreKind.available)
    func aTaskChangedMovedOrDeletedSinceKeepsTheWholeImport(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            // Changed, moved within its column, deleted: each refuses, naming the task, and removes nothing.
            let changes: [(String, (any BoardStore, [PlanTask]) async throws -> Void)] = [
                ("b2", { store, tasks in _ = try await store.edit(tasks[1].id, try TaskEdit(title: "b2", important: false, notes: .none), client: "you") }),
                ("c", { store, tasks in _ = try await store.move(MoveRequest(taskID: tasks[2].id, column: .later, after: nil), client: "you") }),
                ("a", { store, tasks in _ = try await store.delete(tasks[0].id, client: "you") }),
            ]
            for (title, change) in changes {
                let stored = try await store.importTasks([imported("a"), imported("b"), imported("c")], summary: nil, client: "me")
                try await change(store, stored.value)
                let board = try await store.titles()
                let revision = try await store.revision()
                await #expect(throws: PlanError.importChangedSince(title: title)) {
                    try await store.undoImport(revision: stored.revision, client: "me")
                }
                #expect(try await store.titles() == board)
                #expect(try await store.revision() == revision)
                #expect(try await store.importRecord(revision: stored.revision)?.canBeTakenBack == true, "refused, not set aside")
                for task in try await store.board().tasks(in: .later) { _ = try await store.delete(task.id, client: nil) }
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func onlyAnImportCanBeTakenBack(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let created = try await store.create(try NewTask(title: "mine", column: .today), client: "me")
            await #expect(throws: PlanError.importNotFound(revision: created.revision)) {
                try await store.undoImport(revision: created.revision, client: "me")
            }
            await #expect(throws: PlanError.importNotFound(revision: 999)) { try await store.undoImport(revision: 999, client: "me") }
            #expect(try await store.importRecord(revision: created.revision) == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func aLargeImportDoesNotPushEarlierChangesOutOfUndosReach(_ kind: StoreKind) async throws {
        // Reach counts changes, not the rows a change logs: 50 imported tasks are one change.
        try await kind.withStore(policy: ChangeLogPolicy(undoDepth: 5)) { store in
            let task = try await store.add(["t"])[0]
            _ = try await store.setFinished(task.id, true, client: "me")
            _ = try await store.importTasks((1...50).map { imported("i\($0)") }, summary: nil, client: "me")
            _ = try await store.changeMany(try await store.board().tasks(in: .later).prefix(20).map(\.id), .important(true), client: "me")
            _ = try await store.pruneHistory()
            #expect(try await store.undo(client: "me").value.undone == .edit)
            await #expect(throws: PlanError.importNotUndoable) { try await store.undo(client: "me") }
            #expect(try await store.undo(client: "me").value.undone == .finish)
        }
    }
}
