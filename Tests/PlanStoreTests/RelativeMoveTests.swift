import Foundation
import PlanCore
import Testing
@testable import PlanStore

/// Moves the buttons ask for ("up", "to the top", "to the end of Later"), resolved by the store
/// against the column as it is when they arrive.
@Suite struct RelativeMoveTests {
    func move(_ store: any BoardStore, _ task: PlanTask, _ place: MovePlace, to column: BoardColumn? = nil, seen: Int64? = nil) async throws -> MoveResult {
        try await store.move(MoveRequest(taskID: task.id, column: column ?? task.column, place: place, revision: seen), client: nil)
    }

    @Test(arguments: StoreKind.available)
    func eachPlaceLandsWhereItSays(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let t = try await store.add(["a", "b", "c", "d"])
            _ = try await move(store, t[2], .up)
            #expect(try await store.titles()[.today] == ["a", "c", "b", "d"])
            _ = try await move(store, t[2], .up)
            #expect(try await store.titles()[.today] == ["c", "a", "b", "d"])
            _ = try await move(store, t[0], .down)
            #expect(try await store.titles()[.today] == ["c", "b", "a", "d"])
            _ = try await move(store, t[3], .top)
            #expect(try await store.titles()[.today] == ["d", "c", "b", "a"])
            _ = try await move(store, t[3], .bottom)
            #expect(try await store.titles()[.today] == ["c", "b", "a", "d"])
            _ = try await move(store, t[1], .bottom, to: .later)
            _ = try await move(store, t[0], .bottom, to: .later)
            _ = try await move(store, t[3], .top, to: .later)
            #expect(try await store.titles() == [.today: ["c"], .next: [], .later: ["d", "b", "a"]])
        }
    }

    @Test(arguments: StoreKind.available)
    func aPlaceAlreadyTakenChangesNothingAndRecordsNothing(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let t = try await store.add(["a", "b"])
            let before = try await store.rows()
            for (task, place) in [(t[0], MovePlace.up), (t[0], .top), (t[1], .down), (t[1], .bottom)] {
                let result = try await move(store, task, place)
                #expect(result.revision == 2)
                #expect(result.task == task)
            }
            #expect(try await store.rows() == before)
            #expect(try await store.revision() == 2)
        }
    }

    @Test(arguments: StoreKind.available)
    func aRelativeMoveIsRefusedWhenTheTaskMovedAfterThePageWasDrawn(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let t = try await store.add(["a", "b", "c"])
            let seen = try await store.revision()
            _ = try await store.move(MoveRequest(taskID: t[2].id, column: .next, after: nil), client: "other")
            await #expect(throws: PlanError.movedSince(title: "c")) {
                _ = try await store.move(MoveRequest(taskID: t[2].id, column: .next, place: .up, revision: seen), client: nil)
            }
            // Other tasks on that page were not moved since, so their buttons still work.
            _ = try await move(store, t[1], .top, seen: seen)
            #expect(try await store.titles() == [.today: ["b", "a"], .next: ["c"], .later: []])
            // An anchored move is judged by its anchor, not by the revision.
            _ = try await store.move(MoveRequest(taskID: t[2].id, column: .today, after: t[1].id, revision: seen), client: nil)
            #expect(try await store.titles()[.today] == ["b", "c", "a"])
        }
    }

    @Test(arguments: StoreKind.available)
    func upAndDownStayInTheTasksColumn(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let t = try await store.add(["a", "b"])
            await #expect(throws: PlanError.self) { _ = try await move(store, t[1], .up, to: .next) }
            let finished = try await store.setFinished(t[0].id, true, client: nil).value
            await #expect(throws: PlanError.taskFinished(title: "a")) { _ = try await move(store, finished, .bottom) }
        }
    }
}
