import Foundation
import PlanCore
import Testing
@testable import PlanStore

/// An import happens once: confirms of one review claim its stashed upload in the import's
/// transaction, imports that skip repeats look for them there too, and only so many uploads wait.
@Suite struct ImportOnceTests {
    /// Fifty cards as a Trello board would bring them, each with its origin.
    static let cards = (1...50).map { number in
        ImportedTask(
            title: "card \(number)", column: .next, important: false, finished: false, notes: .none, created: Date(timeIntervalSince1970: 0),
            updated: Date(timeIntervalSince1970: 0), originalID: nil, origin: "trello:card\(number)")
    }

    /// Runs `count` imports of `batch` at once; answers each one's revision, or how it was refused.
    static func importAtOnce(_ count: Int, _ batch: ImportBatch, into store: any BoardStore) async throws -> [Result<Revised<ImportOutcome>, StashedUploadTaken>] {
        try await withThrowingTaskGroup(of: Result<Revised<ImportOutcome>, StashedUploadTaken>.self) { group in
            for index in 0..<count {
                group.addTask {
                    do {
                        return .success(try await store.importTasks(batch, client: "client-\(index)"))
                    } catch let taken as StashedUploadTaken {
                        return .failure(taken)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test(arguments: StoreKind.available)
    func fourConfirmsOfOneReviewAtOnceImportItOnce(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.stash(upload: Array(#"{"lists":[],"cards":[]}"#.utf8), id: "review-1", client: "me", limits: StashLimits())
            let outcomes = try await Self.importAtOnce(4, ImportBatch(tasks: Self.cards, upload: "review-1"), into: store)
            let stored = outcomes.compactMap { try? $0.get() }
            try #require(stored.count == 1, "exactly one confirm imports")
            let revision = stored[0].revision
            // The others were told which import took their upload, to show its summary.
            #expect(outcomes.filter { if case .failure(.imported(revision)) = $0 { true } else { false } }.count == 3)
            #expect(try await store.board().allTasks.count == 50)
            #expect(try await store.stashedUpload("review-1") == .imported(revision: revision))
            // Once taken, its bytes are no longer kept.
            #expect(try await kind.storedRows(in: store, containing: "lists") == 0)
        }
    }

    @Test(arguments: StoreKind.available)
    func anUploadThatIsGoneImportsNothing(_ kind: StoreKind) async throws {
        try await kind.withStore { (store: any BoardStore) async throws in
            await #expect(throws: StashedUploadTaken.gone) {
                try await store.importTasks(ImportBatch(tasks: Self.cards, upload: "never-stashed"), client: "me")
            }
            let board = try await store.board()
            #expect(board.allTasks.isEmpty)
            #expect(board.revision == 0)
        }
    }

    @Test(arguments: StoreKind.available)
    func importsThatSkipRepeatsRunningAtOnceBringEachTaskOnce(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.add(["mine"], to: .next)
            let batch = ImportBatch(tasks: Self.cards, skipExisting: true) { leftOut in "left out \(leftOut.count)" }
            let outcomes = try await Self.importAtOnce(4, batch, into: store).map { try $0.get() }
            #expect(try await store.board().allTasks.map(\.title).sorted() == (["mine"] + Self.cards.map(\.title)).sorted())
            // One of them brought all fifty; each of the others found them there and said so in its summary.
            let leftOut = outcomes.map(\.value.leftOut.count).sorted()
            #expect(leftOut == [0, 50, 50, 50])
            for outcome in outcomes {
                #expect(try await store.importSummary(revision: outcome.revision) == "left out \(outcome.value.leftOut.count)")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func aSessionKeepsOnlySoManyUploadsWaitingAndEveryoneOnlySoManyBytes(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let limits = StashLimits(perClient: 2, totalBytes: 100)
            let file = [UInt8](repeating: 0x20, count: 30)
            try await store.stash(upload: file, id: "a1", client: "a", limits: limits)
            try await store.stash(upload: file, id: "a2", client: "a", limits: limits)
            await #expect(throws: PlanError.uploadsWaiting(limit: 2)) { try await store.stash(upload: file, id: "a3", client: "a", limits: limits) }
            try await store.stash(upload: file, id: "b1", client: "b", limits: limits)
            await #expect(throws: PlanError.uploadRoomFull) { try await store.stash(upload: file, id: "c1", client: "c", limits: limits) }
            #expect(try await store.stashedUpload("a3") == nil)
            #expect(try await store.stashedUpload("c1") == nil)
            // An upload imported no longer waits: its session and the room have space again.
            _ = try await store.importTasks(ImportBatch(tasks: [], upload: "a1"), client: "a")
            try await store.stash(upload: file, id: "a3", client: "a", limits: limits)
        }
    }

    @Test(arguments: StoreKind.available)
    func uploadsArrivingAtOnceCannotAllSlipUnderTheLimit(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let limits = StashLimits(perClient: 3, totalBytes: 1 << 20)
            let kept = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        do {
                            try await store.stash(upload: Array("{}".utf8), id: "u\(index)", client: "same", limits: limits)
                            return true
                        } catch PlanError.uploadsWaiting {
                            return false
                        }
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(kept == 3)
        }
    }
}
