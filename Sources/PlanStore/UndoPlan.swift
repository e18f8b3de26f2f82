import Foundation
import PlanCore

/// A change as the change log kept it, read back for undoing it.
package struct LoggedUndo: Sendable, Equatable {
    package let revision: Int64
    package let kind: ChangeKind
    package let before: PlanTask?
    package let after: PlanTask?
    package let previousAnchor: TaskID?
    package let placedAfter: TaskID?
    package let notesBack: NotesBack?
    package let notesDigest: Int64?

    /// Reads a change log row's columns (the tasks and the way back to the notes as JSON); nil for a
    /// kind this version does not know, which nothing can undo.
    package init?(
        revision: Int64, kind: String, before: String?, after: String?, previousAnchor: TaskID?, placedAfter: TaskID?,
        notesBack: String?, notesDigest: Int64?
    ) throws {
        guard let kind = ChangeKind(rawValue: kind) else { return nil }
        self.revision = revision
        self.kind = kind
        self.before = try LoggedChange.task(before)
        self.after = try LoggedChange.task(after)
        self.previousAnchor = previousAnchor
        self.placedAfter = placedAfter
        self.notesBack = try LoggedChange.notesBack(notesBack)
        self.notesDigest = notesDigest
    }
}

/// What a store looks up before the rules decide an undo: the task as it is now and its
/// neighbours, as `UndoPlan.Needs` lists them.
package struct UndoFacts: Sendable, Equatable {
    package let change: LoggedUndo
    /// The task the change left behind, as it is now (nil when gone).
    package var current: PlanTask?
    /// The task just above `current` now.
    package var currentAbove: TaskID?
    /// The task the changed task followed before the change, as it is now.
    package var anchor: PlanTask?

    package init(_ change: LoggedUndo) {
        self.change = change
    }
}

/// The decisions of an undo (see `UndoRules` for what is refused): the change that reverts one
/// logged change, decided before anything is written, so a refused undo writes nothing.
package enum UndoPlan {
    /// Which tasks an undo must look up.
    package struct Needs: Sendable, Equatable {
        /// The task the change left behind (it must be unchanged since).
        package let current: TaskID?
        /// Whether the task above it matters (a move is undone only while the task is where it went).
        package let currentAbove: Bool
        /// The task it followed before the change (where it goes back to).
        package let anchor: TaskID?

        package init(_ change: LoggedUndo) {
            current = change.after?.id
            currentAbove = change.kind == .move
            anchor = change.kind == .move || change.kind == .delete ? change.previousAnchor : nil
        }
    }

    /// The change that reverts `facts.change`, or the refusal that says why it can't be.
    package static func decide(_ facts: UndoFacts, at now: Date) throws(PlanError) -> PlannedChange {
        let change = facts.change
        if change.kind == .import { throw .importNotUndoable }
        switch (change.kind, change.before, change.after) {
        case (.move, let before?, let after?):
            let task = try unchanged(facts.current, since: after, notesDigest: change.notesDigest)
            // Moved again since? Then undoing would undo someone else's move.
            if facts.currentAbove != change.placedAfter { throw .changedSince(title: task.title) }
            let request = MoveRequest(taskID: task.id, column: before.column, after: change.previousAnchor)
            var moveFacts = MoveFacts()
            moveFacts.anchor = facts.anchor
            let slot: Slot?
            do {
                try MoveRules.check(task, for: request)
                slot = try MovePlan.slot(for: request, moving: task, moveFacts)
            } catch .staleAnchor {
                throw .cannotGoBack(title: task.title)
            }
            // An anchored move always has a slot.
            return PlannedChange(.undo, .place(MovePlan.placed(task, in: before.column, at: now), at: slot ?? .first), before: task, placed: true)
        case (.edit, let before?, let after?), (.finish, let before?, let after?):
            let task = try unchanged(facts.current, since: after, notesDigest: change.notesDigest)
            let restored = try UndoRules.restoring(before, into: task, notesBack: change.notesBack, at: now)
            return PlannedChange(.undo, .update(restored), before: task)
        case (.create, nil, let after?):
            let task = try unchanged(facts.current, since: after, notesDigest: change.notesDigest)
            return PlannedChange(.undo, .remove(task), before: task)
        case (.delete, let before?, nil):
            var revived = try UndoRules.reviving(before, notesBack: change.notesBack)
            revived.updated = now
            return PlannedChange(.undo, .add(revived, at: reinsertSlot(for: revived, after: change.previousAnchor, facts.anchor)), before: nil, placed: true)
        default:
            throw .nothingToUndo
        }
    }

    /// What an undo answers once `planned`, the change reverting `change`, is carried out as `done`.
    package static func result(of change: LoggedUndo, _ planned: PlannedChange, _ done: Revised<PlanTask>) -> Revised<UndoResult> {
        Revised(revision: done.revision, value: UndoResult(undone: change.kind, task: done.value, exists: !planned.write.removes))
    }

    /// The task as the change being undone left it, or a refusal if it is gone or changed since.
    private static func unchanged(_ current: PlanTask?, since after: PlanTask, notesDigest: Int64?) throws(PlanError) -> PlanTask {
        guard let current else { throw .changedSince(title: after.title) }
        try UndoRules.checkUnchanged(current, since: after, notesDigest: notesDigest)
        return current
    }

    /// Where a deleted task comes back: after the task it used to follow — or at the end of its
    /// column when that task has moved or gone: bringing a deleted task back matters more than its
    /// exact place, and refusing would block every older undo behind it too.
    private static func reinsertSlot(for task: PlanTask, after anchorID: TaskID?, _ anchor: PlanTask?) -> Slot {
        guard anchorID != nil else { return .first }
        guard let anchor, anchor.column == task.column else { return .last }
        return .after(anchor.id)
    }
}
