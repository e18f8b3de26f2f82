import Foundation
import PlanCore
import PlanStore

extension PostgresBoardStore {
    public func move(_ request: MoveRequest, client: String?) async throws -> MoveResult {
        try await write { tx, now, board in
            let (recorded, found, anchor) = try await firstLook(tx, request)
            if let recorded, let moveID = request.moveID {
                guard recorded.task.id == request.taskID else { throw PlanError.moveIDReused(moveID) }
                return recorded
            }
            let old: PlanTask
            if let found { old = found } else { old = try await tx.existingTask(request.taskID) }  // the refusal names a deleted task
            // Only a relative move asks when the task was last placed (a drag is judged by its anchor).
            if case .after = request.place {} else {
                try MoveRules.checkNotMovedSince(old, lastPlaced: try await tx.lastPlaced(old.id), for: request)
            }
            // A relative move with nowhere to go (up from the top) changes nothing and records nothing.
            guard let task = try await applyMove(tx, request, to: old, at: now) else {
                return MoveResult(revision: board.revision, task: old)
            }
            let result = MoveResult(revision: board.revision + 1, task: task)
            _ = try await recordChange(
                tx, board, .move, before: old, after: task, previousAnchor: anchor, placed: true, client: client,
                remembering: request.moveID.map { ($0, result) }, at: now)
            return result
        }
    }

    /// What a move needs to know first, in one statement: the answer already given to its move
    /// id, the task, and the task it follows now (where an undo puts it back).
    private func firstLook(_ tx: PostgresTransaction, _ request: MoveRequest) async throws -> (MoveResult?, PlanTask?, TaskID?) {
        guard let row = try await tx.rows(#"""
            SELECT (SELECT result FROM move_request WHERE move_id = \#(request.moveID)) AS recorded,
                   (SELECT above.id FROM task AS above WHERE above."column" = task."column" AND above.order_key < task.order_key
                    ORDER BY above.order_key DESC LIMIT 1) AS predecessor,
                   \#(unescaped: PlanTask.postgresColumns)
            FROM (SELECT 1) AS one LEFT JOIN task ON task.id = \#(request.taskID)
            """#).first
        else { return (nil, nil, nil) }
        let cells = row.makeRandomAccess()
        let recorded = try cells["recorded"].decode(String?.self).map { try JSONDecoder().decode(MoveResult.self, from: Data($0.utf8)) }
        return (recorded, try PlanTask(postgresIfAny: row), try cells["predecessor"].decode(Int64?.self))
    }

    /// Checks a move against the rules and the board as it is now, then writes the one row it
    /// changes; nil when a relative move finds the task already where it would go.
    func applyMove(_ tx: PostgresTransaction, _ request: MoveRequest, to old: PlanTask, at now: Date) async throws -> PlanTask? {
        try MoveRules.check(old, for: request)
        guard let slot = try await slot(tx, for: request, moving: old) else { return nil }
        var task = old
        task.column = request.column
        task.orderKey = try await placeKey(tx, in: request.column, at: slot, moving: old)
        task.updated = now
        try await tx.updatePlace(task)
        return task
    }

    /// Where in the target column the request puts the task; nil when a relative move would leave it where it is.
    private func slot(_ tx: PostgresTransaction, for request: MoveRequest, moving task: PlanTask) async throws -> Slot? {
        let sameColumn = request.column == task.column
        switch request.place {
        case .after(nil):
            return .first
        case .after(let anchorID?):
            let anchor = try await tx.findTask(anchorID)
            let formerTitle = anchor == nil ? try await tx.formerTitle(anchorID) : nil
            try MoveRules.checkAnchor(anchor, formerTitle: formerTitle, for: request)
            return .after(anchorID)
        case .top:
            if sameColumn, try await tx.predecessor(of: task) == nil { return nil }
            return .first
        case .bottom:
            if sameColumn, try await tx.successor(of: task) == nil { return nil }
            return .last
        case .up:
            guard let above = try await tx.predecessor(of: task) else { return nil }
            return try await tx.predecessor(of: tx.existingTask(above)).map { .after($0) } ?? .first
        case .down:
            return try await tx.successor(of: task).map { .after($0) }
        }
    }
}
