import Foundation
import PlanCore
import PlanStore

extension PostgresBoardStore {
    public func changeMany(_ ids: [TaskID], _ action: BatchAction, client: String?) async throws -> Revised<[PlanTask]> {
        let serverZone = self.serverZone
        return try await write { tx, now, board in
            let today = board.settings.calendar(serverZone: serverZone).day(of: now)
            guard let change = try BatchPlan.decide(action, ids: ids, board: try await placedTasks(tx, finished: nil), today: today, at: now) else {
                return Revised(revision: board.revision, value: [])
            }
            return try await carryOut(tx, board, change, client: client, at: now)
        }
    }
}
