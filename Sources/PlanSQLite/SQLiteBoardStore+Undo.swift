import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func undo(client: String) async throws -> Revised<UndoResult> {
        let policy = self.policy
        let outcome: Result<Revised<UndoResult>, PlanError> = try await write { db, now in
            // Within reach: one of this session's last `undoDepth` changes, younger than the
            // window, not undone or set aside (pruning sets aside what falls out of reach, but
            // runs only now and then, so reach is checked here too).
            guard let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT revision, kind, before, after, previousAnchor, placedAfter, notesBack, notesDigest FROM (
                        SELECT * FROM change WHERE client = ? AND kind != 'undo' ORDER BY revision DESC LIMIT ?
                    ) WHERE undoneBy IS NULL AND created >= ?
                    ORDER BY revision DESC LIMIT 1
                    """,
                arguments: [client, policy.undoDepth, now.addingTimeInterval(-policy.undoWindow)]),
                let change = try LoggedUndo(
                    revision: row["revision"], kind: row["kind"], before: row["before"], after: row["after"],
                    previousAnchor: row["previousAnchor"], placedAfter: row["placedAfter"], notesBack: row["notesBack"],
                    notesDigest: row["notesDigest"])
            else { throw PlanError.nothingToUndo }
            do {
                let planned = try UndoPlan.decide(try undoFacts(db, change), at: now)
                let undo = try carryOut(db, planned, client: client, at: now)
                try db.execute(sql: "UPDATE change SET undoneBy = ? WHERE revision = ?", arguments: [undo.revision, change.revision])
                return .success(UndoPlan.result(of: change, planned, undo))
            } catch let refusal as PlanError where UndoRules.setsChangeAside(refusal) {
                // A change that can no longer be undone is passed over (marked with revision 0), so
                // the next undo reaches the change before it instead of meeting this refusal forever.
                try db.execute(sql: "UPDATE change SET undoneBy = 0 WHERE revision = ?", arguments: [change.revision])
                return .failure(refusal)
            }
        }
        return try outcome.get()
    }

    /// What the rules need to know to undo `change`: the task as it is now and its neighbours.
    private func undoFacts(_ db: Database, _ change: LoggedUndo) throws -> UndoFacts {
        let needs = UndoPlan.Needs(change)
        var facts = UndoFacts(change)
        facts.current = try needs.current.flatMap { try Self.findTask(db, $0) }
        if needs.currentAbove, let current = facts.current { facts.currentAbove = try predecessor(db, of: current) }
        facts.anchor = try needs.anchor.flatMap { try Self.findTask(db, $0) }
        return facts
    }
}
