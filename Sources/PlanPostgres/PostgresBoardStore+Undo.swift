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
            let (revision, kindName, before, after, anchor, placedAfter, back, digest) = try row.decode(
                (Int64, String, String?, String?, Int64?, Int64?, String?, Int64?).self)
            guard let kind = ChangeKind(rawValue: kindName) else { throw PlanError.nothingToUndo }
            let change = LoggedUndo(
                revision: revision, kind: kind, before: try LoggedChange.task(before), after: try LoggedChange.task(after),
                previousAnchor: anchor, placedAfter: placedAfter, notesBack: try LoggedChange.notesBack(back), notesDigest: digest)
            do {
                return .success(try await revert(tx, board, change, client: client, at: now))
            } catch let refusal as PlanError where UndoRules.setsChangeAside(refusal) {
                // Passed over from now on (undone_by 0), so the next undo reaches the change before it.
                try await tx.execute("UPDATE change SET undone_by = 0 WHERE revision = \(revision)")
                return .failure(refusal)
            }
        }
        return try outcome.get()
    }

    /// What the log kept of a change, for undoing it.
    struct LoggedUndo: Sendable {
        let revision: Int64
        let kind: ChangeKind
        let before: PlanTask?
        let after: PlanTask?
        let previousAnchor: TaskID?
        let placedAfter: TaskID?
        let notesBack: NotesBack?
        let notesDigest: Int64?
    }

    /// Reverts one change and records the undo; every refusal comes before the first write.
    private func revert(_ tx: PostgresTransaction, _ board: BoardLock, _ change: LoggedUndo, client: String, at now: Date) async throws -> Revised<UndoResult> {
        let kind = change.kind
        if kind == .import { throw PlanError.importNotUndoable }
        let current: PlanTask?
        let result: UndoResult
        switch (kind, change.before, change.after) {
        case (.move, let before?, let after?):
            let task = try await unchangedTask(tx, since: after, notesDigest: change.notesDigest)
            // Moved again since? Then undoing would undo someone else's move.
            if try await tx.predecessor(of: task) != change.placedAfter { throw PlanError.changedSince(title: task.title) }
            current = task
            let request = MoveRequest(taskID: task.id, column: before.column, after: change.previousAnchor)
            do {
                result = UndoResult(undone: kind, task: try await applyMove(tx, request, to: task, at: now) ?? task, exists: true)
            } catch PlanError.staleAnchor {
                throw PlanError.cannotGoBack(title: task.title)
            }
        case (.edit, let before?, let after?), (.finish, let before?, let after?):
            let task = try await unchangedTask(tx, since: after, notesDigest: change.notesDigest)
            current = task
            let restored = try UndoRules.restoring(before, into: task, notesBack: change.notesBack, at: now)
            try await tx.updateContent(restored)
            result = UndoResult(undone: kind, task: restored, exists: true)
        case (.create, nil, let after?):
            let task = try await unchangedTask(tx, since: after, notesDigest: change.notesDigest)
            current = task
            try await tx.execute("DELETE FROM task WHERE id = \(task.id)")
            result = UndoResult(undone: kind, task: task, exists: false)
        case (.delete, let before?, nil):
            current = nil
            let deleted = try UndoRules.reviving(before, notesBack: change.notesBack)
            result = UndoResult(undone: kind, task: try await reinsert(tx, board, deleted, after: change.previousAnchor, at: now), exists: true)
        default:
            throw PlanError.nothingToUndo
        }
        let revision = try await recordChange(
            tx, board, .undo, before: current, after: result.exists ? result.task : nil,
            placed: kind == .move || kind == .delete, client: client, at: now)
        try await tx.execute("UPDATE change SET undone_by = \(revision) WHERE revision = \(change.revision)")
        return Revised(revision: revision, value: result)
    }

    /// The task as the change being undone left it, or a refusal if it is gone or changed since.
    private func unchangedTask(_ tx: PostgresTransaction, since after: PlanTask, notesDigest: Int64?) async throws -> PlanTask {
        guard let task = try await tx.findTask(after.id) else { throw PlanError.changedSince(title: after.title) }
        try UndoRules.checkUnchanged(task, since: after, notesDigest: notesDigest)
        return task
    }

    /// Puts a deleted task back with its id, after the task it used to follow — or at the end of
    /// its column when that task has moved or gone.
    private func reinsert(_ tx: PostgresTransaction, _ board: BoardLock, _ task: PlanTask, after anchor: TaskID?, at now: Date) async throws -> PlanTask {
        var slot = Slot.first
        if let anchor {
            slot = .last
            if let neighbour = try await tx.findTask(anchor), neighbour.column == task.column { slot = .after(neighbour.id) }
        }
        var restored = task
        restored.orderKey = try await placeKey(tx, in: task.column, at: slot, moving: nil)
        restored.updated = now
        try await tx.insert(&restored, keepingID: true, boardID: board.id)
        return restored
    }
}
