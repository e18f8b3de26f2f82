import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    public func undo(client: String) async throws -> Revised<UndoResult> {
        let policy = self.policy
        let outcome: Result<Revised<UndoResult>, PlanError> = try await write { tx, now, board in
            // This session's latest change within reach (depth and age), none of whose entries is undone or set aside.
            guard let revision = try await tx.value("""
                SELECT revision FROM (
                    SELECT revision, bool_or(undone_by IS NOT NULL) AS closed, MIN(created) AS created FROM change
                    WHERE client = \(client) AND kind <> 'undo' GROUP BY revision ORDER BY revision DESC LIMIT \(policy.undoDepth)
                ) AS recent WHERE NOT closed AND created >= \(now.addingTimeInterval(-policy.undoWindow))
                ORDER BY revision DESC LIMIT 1
                """, as: Int64.self)
            else { throw PlanError.nothingToUndo }
            // An import's own tasks are left to its summary page (`undoImport`): its summary entry refuses.
            let entries = try await loggedEntries(tx, of: revision, where: "NOT (kind = 'import' AND entry > 0)")
            guard let first = entries.first, let kind = first?.kind, entries.allSatisfy({ $0 != nil }) else { throw PlanError.nothingToUndo }
            do {
                return .success(try await revert(tx, board, entries.compactMap { $0 }, of: kind, client: client, at: now))
            } catch let refusal as PlanError where UndoRules.setsChangeAside(refusal) {
                // Passed over from now on (undone_by 0), so the next undo reaches the change before it.
                try await tx.execute("UPDATE change SET undone_by = 0 WHERE revision = \(revision)")
                return .failure(refusal)
            }
        }
        return try outcome.get()
    }

    /// Reverts a change's entries, newest first, as one undo: all of them or, when one is refused,
    /// none (the savepoint takes back what the others wrote).
    private func revert(
        _ tx: PostgresTransaction, _ board: BoardLock, _ entries: [LoggedUndo], of kind: ChangeKind, client: String, at now: Date
    ) async throws -> Revised<UndoResult> {
        try await tx.execute("SAVEPOINT undo")
        do {
            let revision = board.revision + 1
            var result: Revised<UndoResult>?
            for (index, logged) in entries.enumerated().reversed() {
                let entry = try UndoPlan.decide(try await undoFacts(tx, logged), at: now)
                let task = try await write(tx, board, entry)
                try await recordEntry(
                    tx, revision: revision, index: entries.count - 1 - index, .undo, before: entry.before, after: entry.after(task),
                    previousAnchor: entry.previousAnchor, placed: entry.placed, client: client, closing: index == 0 ? ChangeClosing(move: nil) : nil, at: now)
                if index == 0 { result = UndoPlan.result(of: kind, entry, task, revision: revision) }
            }
            try await tx.execute("UPDATE change SET undone_by = \(revision) WHERE revision = \(entries[0].revision)")
            try await tx.execute("RELEASE SAVEPOINT undo")
            return result!
        } catch {
            try await tx.execute("ROLLBACK TO SAVEPOINT undo")
            throw error
        }
    }

    /// The entries of the change `revision` that `condition` (SQL over `change`) keeps, in order,
    /// as the log kept them for undoing; nil for an entry of a kind this version does not know.
    func loggedEntries(_ tx: PostgresTransaction, of revision: Int64, where condition: String) async throws -> [LoggedUndo?] {
        try await tx.rows("""
            SELECT revision, kind, before, after, previous_anchor, notes_back, notes_digest FROM change
            WHERE revision = \(revision) AND \(unescaped: condition) ORDER BY entry
            """
        ).map { row in
            let (revision, kind, before, after, anchor, back, digest) = try row.decode((Int64, String, String?, String?, Int64?, String?, Int64?).self)
            return try LoggedUndo(
                revision: revision, kind: kind, before: before, after: after, previousAnchor: anchor, notesBack: back, notesDigest: digest)
        }
    }

    /// What the rules need to know to undo one entry, in one statement: the task as it is now,
    /// when it was last placed, and the task it followed before the change.
    func undoFacts(_ tx: PostgresTransaction, _ entry: LoggedUndo) async throws -> UndoFacts {
        let needs = UndoPlan.Needs(entry)
        var facts = UndoFacts(entry)
        guard let row = try await tx.rows(#"""
            SELECT (SELECT MAX(revision) FROM change WHERE \#(needs.lastPlaced) AND task_id = task.id AND placed) AS last_placed,
                   \#(unescaped: PlanTask.postgresColumns(of: "task")), \#(unescaped: PlanTask.postgresColumns(of: "anchor"))
            FROM (SELECT \#(needs.current)::bigint AS id, \#(needs.anchor)::bigint AS anchor) AS wanted
            LEFT JOIN task ON task.id = wanted.id
            LEFT JOIN task AS anchor ON anchor.id = wanted.anchor
            """#).first
        else { return facts }
        facts.current = try PlanTask(postgresIfAny: row, prefix: "task")
        facts.lastPlaced = try row.makeRandomAccess()["last_placed"].decode(Int64?.self)
        facts.anchor = try PlanTask(postgresIfAny: row, prefix: "anchor")
        return facts
    }
}
