import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    public func undo(client: String) async throws -> Revised<UndoResult> {
        let policy = self.policy
        let outcome: Result<Revised<UndoResult>, PlanError> = try await write { tx, now, board in
            // This session's latest change within reach (depth and age), not undone or set aside.
            guard let row = try await tx.rows("""
                SELECT revision, kind, before, after, previous_anchor, placed_after, notes_back, notes_digest FROM (
                    SELECT * FROM change WHERE client = \(client) AND kind <> 'undo' ORDER BY revision DESC LIMIT \(policy.undoDepth)
                ) AS recent WHERE undone_by IS NULL AND created >= \(now.addingTimeInterval(-policy.undoWindow))
                ORDER BY revision DESC LIMIT 1
                """).first
            else { throw PlanError.nothingToUndo }
            let (revision, kind, before, after, anchor, placedAfter, back, digest) = try row.decode(
                (Int64, String, String?, String?, Int64?, Int64?, String?, Int64?).self)
            guard let change = try LoggedUndo(
                revision: revision, kind: kind, before: before, after: after, previousAnchor: anchor, placedAfter: placedAfter,
                notesBack: back, notesDigest: digest)
            else { throw PlanError.nothingToUndo }
            do {
                let planned = try UndoPlan.decide(try await undoFacts(tx, change), at: now)
                let undo = try await carryOut(tx, board, planned, client: client, at: now)
                try await tx.execute("UPDATE change SET undone_by = \(undo.revision) WHERE revision = \(change.revision)")
                return .success(UndoPlan.result(of: change, planned, undo))
            } catch let refusal as PlanError where UndoRules.setsChangeAside(refusal) {
                // Passed over from now on (undone_by 0), so the next undo reaches the change before it.
                try await tx.execute("UPDATE change SET undone_by = 0 WHERE revision = \(change.revision)")
                return .failure(refusal)
            }
        }
        return try outcome.get()
    }

    /// What the rules need to know to undo `change`, in one statement: the task as it is now, the
    /// task above it, and the task it followed before the change.
    private func undoFacts(_ tx: PostgresTransaction, _ change: LoggedUndo) async throws -> UndoFacts {
        let needs = UndoPlan.Needs(change)
        var facts = UndoFacts(change)
        guard let row = try await tx.rows(#"""
            SELECT (SELECT above.id FROM task AS above WHERE \#(needs.currentAbove) AND above."column" = task."column"
                    AND above.order_key < task.order_key ORDER BY above.order_key DESC LIMIT 1) AS above,
                   \#(unescaped: PlanTask.postgresColumns(of: "task")), \#(unescaped: PlanTask.postgresColumns(of: "anchor"))
            FROM (SELECT \#(needs.current)::bigint AS id, \#(needs.anchor)::bigint AS anchor) AS wanted
            LEFT JOIN task ON task.id = wanted.id
            LEFT JOIN task AS anchor ON anchor.id = wanted.anchor
            """#).first
        else { return facts }
        facts.current = try PlanTask(postgresIfAny: row, prefix: "task")
        facts.currentAbove = try row.makeRandomAccess()["above"].decode(Int64?.self)
        facts.anchor = try PlanTask(postgresIfAny: row, prefix: "anchor")
        return facts
    }
}
