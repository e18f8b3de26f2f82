import Foundation
import GRDB
import PlanCore

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
                arguments: [client, policy.undoDepth, now.addingTimeInterval(-policy.undoWindow)])
            else { throw PlanError.nothingToUndo }
            guard let kind = ChangeKind(rawValue: row["kind"]) else { throw PlanError.nothingToUndo }
            let changeRevision: Int64 = row["revision"]
            do {
                return .success(try revert(db, row, kind: kind, client: client, at: now))
            } catch let refusal as PlanError where UndoRules.setsChangeAside(refusal) {
                // A change that can no longer be undone is passed over (marked with revision 0), so
                // the next undo reaches the change before it instead of meeting this refusal forever.
                try db.execute(sql: "UPDATE change SET undoneBy = 0 WHERE revision = ?", arguments: [changeRevision])
                return .failure(refusal)
            }
        }
        return try outcome.get()
    }

    /// Reverts one change of `client`'s and records the undo. Every refusal is raised before the
    /// first write, so a refused undo leaves the board as it was.
    private func revert(_ db: Database, _ row: Row, kind: ChangeKind, client: String, at now: Date) throws -> Revised<UndoResult> {
        if kind == .import { throw PlanError.importNotUndoable }
        let before = try LoggedChange.task(row["before"])
        let after = try LoggedChange.task(row["after"])
        let anchor: TaskID? = row["previousAnchor"]
        let placedAfter: TaskID? = row["placedAfter"]
        let back = try LoggedChange.notesBack(row["notesBack"])
        let digest: Int64? = row["notesDigest"]

        let current: PlanTask?
        let result: UndoResult
        switch (kind, before, after) {
        case (.move, let before?, let after?):
            let task = try unchangedTask(db, since: after, notesDigest: digest)
            // Still where the move put it? If someone has moved it since, undoing would undo them.
            let predecessorNow: TaskID? = try predecessor(db, of: task)
            if predecessorNow != placedAfter { throw PlanError.changedSince(title: task.title) }
            current = task
            let request = MoveRequest(taskID: task.id, column: before.column, after: anchor)
            let moved: PlanTask
            do {
                // An anchored move always places the task, so there is always a result.
                moved = try applyMove(db, request, to: task, at: now) ?? task
            } catch PlanError.staleAnchor {
                throw PlanError.cannotGoBack(title: task.title)
            }
            result = UndoResult(undone: kind, task: moved, exists: true)
        case (.edit, let before?, let after?), (.finish, let before?, let after?):
            let task = try unchangedTask(db, since: after, notesDigest: digest)
            current = task
            let restored = try UndoRules.restoring(before, into: task, notesBack: back, at: now)
            try restored.updateContent(db)
            result = UndoResult(undone: kind, task: restored, exists: true)
        case (.create, nil, let after?):
            let task = try unchangedTask(db, since: after, notesDigest: digest)
            current = task
            try db.execute(sql: "DELETE FROM task WHERE id = ?", arguments: [task.id])
            result = UndoResult(undone: kind, task: task, exists: false)
        case (.delete, let before?, nil):
            current = nil
            let deleted = try UndoRules.reviving(before, notesBack: back)
            result = UndoResult(undone: kind, task: try reinsert(db, deleted, after: anchor, at: now), exists: true)
        default:
            throw PlanError.nothingToUndo
        }
        let revision = try recordChange(
            db, .undo, before: current, after: result.exists ? result.task : nil,
            placed: kind == .move || kind == .delete, client: client, at: now)
        try db.execute(sql: "UPDATE change SET undoneBy = ? WHERE revision = ?", arguments: [revision, row["revision"] as Int64])
        return Revised(revision: revision, value: result)
    }

    /// The task as the change being undone left it, or a refusal if it is gone or changed since.
    /// The log keeps the task without its notes, and a fingerprint of them.
    private func unchangedTask(_ db: Database, since after: PlanTask, notesDigest: Int64?) throws -> PlanTask {
        guard let task = try Self.findTask(db, after.id) else { throw PlanError.changedSince(title: after.title) }
        try UndoRules.checkUnchanged(task, since: after, notesDigest: notesDigest)
        return task
    }

    /// Puts a deleted task back, with its id, after the task it used to follow — or at the end of
    /// its column when that task has moved or gone: bringing a deleted task back matters more than
    /// its exact place, and refusing would block every older undo behind it too.
    private func reinsert(_ db: Database, _ task: PlanTask, after anchor: TaskID?, at now: Date) throws -> PlanTask {
        var slot = Slot.first
        if let anchor {
            slot = .last
            if let neighbour = try Self.findTask(db, anchor), neighbour.column == task.column {
                slot = .after(neighbour.id)
            }
        }
        var restored = task
        restored.orderKey = try placeKey(db, in: task.column, at: slot, moving: nil)
        restored.updated = now
        try restored.add(db)
        return restored
    }
}
