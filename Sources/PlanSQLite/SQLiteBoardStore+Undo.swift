import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func undo(client: String) async throws -> Revised<UndoResult> {
        let policy = self.policy
        let outcome: Result<Revised<UndoResult>, PlanError> = try await write { db, now in
            // Within reach: one of this session's last `undoDepth` changes, younger than the
            // window, none of whose entries is undone or set aside (pruning sets aside what falls
            // out of reach, but runs only now and then, so reach is checked here too).
            guard let revision = try Int64.fetchOne(
                db,
                sql: """
                    SELECT revision FROM (
                        SELECT revision, MAX(undoneBy IS NOT NULL) AS closed, MIN(created) AS created FROM change
                        WHERE client = ? AND kind != 'undo' GROUP BY revision ORDER BY revision DESC LIMIT ?
                    ) WHERE NOT closed AND created >= ?
                    ORDER BY revision DESC LIMIT 1
                    """,
                arguments: [client, policy.undoDepth, now.addingTimeInterval(-policy.undoWindow)])
            else { throw PlanError.nothingToUndo }
            // An import's own tasks are left to its summary page (`undoImport`): its summary entry refuses.
            let entries = try loggedEntries(db, of: revision, where: "NOT (kind = 'import' AND entry > 0)")
            guard let first = entries.first, let kind = first?.kind else { throw PlanError.nothingToUndo }
            do {
                return .success(try revert(db, entries.compactMap { $0 }, of: kind, client: client, at: now))
            } catch let refusal as PlanError where UndoRules.setsChangeAside(refusal) {
                // A change that can no longer be undone is passed over (marked with revision 0), so
                // the next undo reaches the change before it instead of meeting this refusal forever.
                try db.execute(sql: "UPDATE change SET undoneBy = 0 WHERE revision = ?", arguments: [revision])
                return .failure(refusal)
            }
        }
        return try outcome.get()
    }

    /// Reverts a change's entries, newest first, as one undo: all of them or, when one is refused,
    /// none (the savepoint takes back what the others wrote).
    private func revert(_ db: Database, _ entries: [LoggedUndo], of kind: ChangeKind, client: String, at now: Date) throws -> Revised<UndoResult> {
        var result: Revised<UndoResult>?
        try db.inSavepoint {
            let revision = try nextRevision(db)
            for (index, logged) in entries.enumerated().reversed() {
                let entry = try UndoPlan.decide(try undoFacts(db, logged), at: now)
                let written = try carryOut(db, entry, of: .undo, revision: revision, index: entries.count - 1 - index, client: client, at: now)
                if index == 0 { result = UndoPlan.result(of: kind, entry, written, revision: revision) }
            }
            try db.execute(sql: "UPDATE change SET undoneBy = ? WHERE revision = ?", arguments: [revision, entries[0].revision])
            return .commit
        }
        return result!
    }

    /// The entries of the change `revision` that `condition` (SQL over `change`) keeps, in order,
    /// as the log kept them for undoing; nil for an entry of a kind this version does not know.
    func loggedEntries(_ db: Database, of revision: Int64, where condition: String) throws -> [LoggedUndo?] {
        try Row.fetchAll(
            db, sql: """
                SELECT revision, kind, before, after, previousAnchor, notesBack, notesDigest FROM change
                WHERE revision = ? AND \(condition) ORDER BY entry
                """,
            arguments: [revision]
        ).map { row in
            try LoggedUndo(
                revision: row["revision"], kind: row["kind"], before: row["before"], after: row["after"],
                previousAnchor: row["previousAnchor"], notesBack: row["notesBack"], notesDigest: row["notesDigest"])
        }
    }

    /// What the rules need to know to undo one entry: the task as it is now and its neighbours.
    func undoFacts(_ db: Database, _ entry: LoggedUndo) throws -> UndoFacts {
        let needs = UndoPlan.Needs(entry)
        var facts = UndoFacts(entry)
        facts.current = try needs.current.flatMap { try Self.findTask(db, $0) }
        if needs.lastPlaced, let current = facts.current { facts.lastPlaced = try lastPlaced(db, current.id) }
        facts.anchor = try needs.anchor.flatMap { try Self.findTask(db, $0) }
        return facts
    }
}
