import Foundation
import PlanCore
import PlanStore

extension PostgresBoardStore {
    public func move(_ request: MoveRequest, client: String?) async throws -> MoveResult {
        try await write { tx, now, board in
            switch try MovePlan.decide(request, try await moveFacts(tx, request, client: client), at: now) {
            case .answered(let first):
                return first
            case .stays(let task):
                return MoveResult(revision: board.revision, task: task)
            case .change(let change):
                let moved = try await carryOut(tx, board, change, client: client, remembering: request.moveID, at: now).first
                return MoveResult(revision: moved.revision, task: moved.value)
            }
        }
    }

    /// What the rules need to know to decide `request`, in one statement: the answer already given
    /// to its move id, the task, the tasks around it, when it was last placed, and its anchor (with
    /// what the change log remembers of a task or an anchor that is gone).
    private func moveFacts(_ tx: PostgresTransaction, _ request: MoveRequest, client: String?) async throws -> MoveFacts {
        let needs = MovePlan.Needs(request)
        // The task as the change that removed it left it, by the id in `id`.
        func gone(_ id: String) -> String {
            "(SELECT before FROM change WHERE task_id = \(id) AND after IS NULL AND before IS NOT NULL ORDER BY revision DESC LIMIT 1)"
        }
        guard let row = try await tx.rows(#"""
            SELECT (SELECT task_id FROM move_request WHERE client = \#(client ?? "") AND move_id = \#(request.moveID)) AS recorded_task,
                   (SELECT "column" FROM move_request WHERE client = \#(client ?? "") AND move_id = \#(request.moveID)) AS recorded_column,
                   (SELECT order_key FROM move_request WHERE client = \#(client ?? "") AND move_id = \#(request.moveID)) AS recorded_key,
                   (SELECT revision FROM move_request WHERE client = \#(client ?? "") AND move_id = \#(request.moveID)) AS recorded_revision,
                   (SELECT above.id FROM task AS above WHERE NOT task.in_logbook AND above."column" = task."column" AND NOT above.in_logbook
                    AND above.order_key < task.order_key ORDER BY above.order_key DESC LIMIT 1) AS above,
                   (SELECT above.id FROM task AS above WHERE \#(needs.twoAbove) AND above."column" = task."column" AND NOT above.in_logbook
                    AND above.order_key < task.order_key ORDER BY above.order_key DESC LIMIT 1 OFFSET 1) AS two_above,
                   (SELECT below.id FROM task AS below WHERE \#(needs.below) AND below."column" = task."column" AND NOT below.in_logbook
                    AND below.order_key > task.order_key ORDER BY below.order_key LIMIT 1) AS below,
                   (SELECT MAX(revision) FROM change WHERE \#(needs.lastPlaced) AND task_id = task.id AND placed) AS last_placed,
                   CASE WHEN task.id IS NULL THEN \#(unescaped: gone("wanted.id")) END AS former,
                   CASE WHEN anchor.id IS NULL THEN \#(unescaped: gone("wanted.anchor")) END AS anchor_former,
                   \#(unescaped: PlanTask.postgresColumns(of: "task")), \#(unescaped: PlanTask.postgresColumns(of: "anchor"))
            FROM (SELECT \#(request.taskID)::bigint AS id, \#(needs.anchor)::bigint AS anchor) AS wanted
            LEFT JOIN task ON task.id = wanted.id
            LEFT JOIN task AS anchor ON anchor.id = wanted.anchor
            """#).first
        else { return MoveFacts() }
        let cells = row.makeRandomAccess()
        var facts = MoveFacts()
        if let taskID = try cells["recorded_task"].decode(Int64?.self),
            let column = BoardColumn(rawValue: try cells["recorded_column"].decode(String.self)),
            let key = OrderKey(rawValue: try cells["recorded_key"].decode(String.self)) {
            facts.recorded = RecordedMove(taskID: taskID, column: column, orderKey: key, revision: try cells["recorded_revision"].decode(Int64.self))
        }
        facts.task = try PlanTask(postgresIfAny: row, prefix: "task")
        facts.formerTitle = try LoggedChange.task(try cells["former"].decode(String?.self))?.title
        facts.above = try cells["above"].decode(Int64?.self)
        facts.twoAbove = try cells["two_above"].decode(Int64?.self)
        facts.below = try cells["below"].decode(Int64?.self)
        facts.lastPlaced = try cells["last_placed"].decode(Int64?.self)
        facts.anchor = try PlanTask(postgresIfAny: row, prefix: "anchor")
        if needs.anchor != nil { facts.anchorFormerTitle = try LoggedChange.task(try cells["anchor_former"].decode(String?.self))?.title }
        return facts
    }
}
