import PlanCore
import PlanStore
import Synchronization

/// The latest board read, reused while the revision is unchanged: with many tabs open, one change
/// would otherwise make every stream read the whole board.
final class BoardSnapshot: Sendable {
    private let cached = Mutex<Board?>(nil)

    func current(_ store: any BoardStore) async throws -> Board {
        let revision = try await store.revision()
        if let board = cached.withLock({ $0 }), board.revision == revision { return board }
        let board = try await store.board()
        cached.withLock { $0 = board }
        return board
    }
}
