import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func changeMany(_ ids: [TaskID], _ action: BatchAction, client: String?) async throws -> Revised<[PlanTask]> {
        try await write { db, now in
            let today = try calendar(db).day(of: now)
            guard let change = try BatchPlan.decide(action, ids: ids, board: try placedTasks(db, where: "1"), today: today, at: now) else {
                return Revised(revision: try Self.revision(db), value: [])
            }
            return try carryOut(db, change, client: client, at: now)
        }
    }
}
