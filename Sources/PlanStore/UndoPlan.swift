import Foundation
import PlanCore

/// One entry of a change as the change log kept it, read back for undoing it.
package struct LoggedUndo: Sendable, Equatable {
    package let revision: Int64
    package let kind: ChangeKind
    package let before: PlanTask?
    package let after: PlanTask?
    package let previousAnchor: TaskID?
    package let notesBack: NotesBack?
    package let notesDigest: Int64?

    /// Reads a change log row's columns (the tasks and the way back to the notes as JSON); nil for a
    /// kind this version does not know, which nothing can undo.
    package init?(
        revision: Int64, kind: String, before: String?, after: String?, previousAnchor: TaskID?,
        notesBack: String?, notesDigest: Int64?
    ) throws {
        guard let kind = ChangeKind(rawValue: kind) else { return nil }
        self.revision = revision
        self.kind = kind
        self.before = try LoggedChange.task(before)
        self.after = try LoggedChange.task(after)
        self.previousAnchor = previousAnchor
        self.notesBack = try LoggedChange.notesBack(notesBack)
        self.notesDigest = notesDigest
    }

    /// Whether the entry put its task somewhere new on the board.
    package var placedTask: Bool {
        guard let after, !after.inLogbook else { return false }
        guard let before else { return true }
        return before.inLogbook || before.column != after.column || kind == .move
    }
}

/// What a store looks up before the rules decide an undo of one entry: the task as it is now and
/// its neighbours, as `UndoPlan.Needs` lists them.
package struct UndoFacts: Sendable, Equatable {
    package let entry: LoggedUndo
    /// The task the entry left behind, as it is now (nil when gone).
    package var current: PlanTask?
    /// The revision of the latest change that put `current` somewhere.
    package var lastPlaced: Int64?
    /// The task the changed task followed before the change, as it is now.
    package var anchor: PlanTask?

    package init(_ entry: LoggedUndo) {
        self.entry = entry
    }
}

/// The decisions of an undo (see `UndoRules` for what is refused): for each entry of a change, the
/// entry that reverts it, or the refusal that says why it can't be. A store undoes a change's
/// entries newest first and all or nothing.
package enum UndoPlan {
    /// Which facts an entry's undo needs.
    package struct Needs: Sendable, Equatable {
        /// The task the entry left behind (it must be unchanged since).
        package let current: TaskID?
        /// Whether it matters when the task was last placed (a move is undone only while no later change moved it).
        package let lastPlaced: Bool
        /// The task it followed before the change (where it goes back to).
        package let anchor: TaskID?

        package init(_ entry: LoggedUndo) {
            current = entry.after?.id
            lastPlaced = entry.placedTask && entry.before != nil
            anchor = entry.before.map { $0.inLogbook ? nil : entry.previousAnchor } ?? nil
        }
    }

    /// The entry that reverts `facts.entry`, or the refusal that says why it can't be.
    package static func decide(_ facts: UndoFacts, at now: Date) throws(PlanError) -> PlannedChange.Entry {
        let entry = facts.entry
        if entry.kind == .import { throw .importNotUndoable }
        switch (entry.before, entry.after) {
        case (let before?, let after?):
            let task = try unchanged(facts.current, since: after, notesDigest: entry.notesDigest)
            let restored = try UndoRules.restoring(before, into: task, notesBack: entry.notesBack, at: now)
            if before.inLogbook || (before.column == after.column && !entry.placedTask) {
                // Its content back (and back to the logbook, for a task put back); it keeps its place.
                return .init(.update(restored), before: task)
            }
            if after.inLogbook {
                // Sent to the logbook: back on the board after its old neighbour, or at the end.
                return .init(.place(restored, at: reinsertSlot(for: restored, after: entry.previousAnchor, facts.anchor)), before: task)
            }
            // Moved: back where it was, while no later change moved it and its old neighbour is still there.
            if let lastPlaced = facts.lastPlaced, lastPlaced > entry.revision { throw .changedSince(title: task.title) }
            let request = MoveRequest(taskID: task.id, column: before.column, after: entry.previousAnchor)
            var moveFacts = MoveFacts()
            moveFacts.anchor = facts.anchor
            let slot: Slot?
            do {
                try MoveRules.check(task, for: request)
                slot = try MovePlan.slot(for: request, moving: task, moveFacts)
            } catch .staleAnchor {
                throw .cannotGoBack(title: task.title)
            }
            var back = restored
            back.column = before.column
            // An anchored move always has a slot.
            return .init(.place(back, at: slot ?? .first), before: task)
        case (nil, let after?):
            let task = try unchanged(facts.current, since: after, notesDigest: entry.notesDigest)
            return .init(.remove(task), before: task)
        case (let before?, nil):
            var revived = try UndoRules.reviving(before, notesBack: entry.notesBack)
            revived.updated = now
            return .init(.add(revived, at: reinsertSlot(for: revived, after: entry.previousAnchor, facts.anchor)), before: nil)
        case (nil, nil):
            throw .nothingToUndo
        }
    }

    /// What an undo answers: what kind of change it reverted, and the task of its first entry as it
    /// is now (or as it was, when the undo removed it).
    package static func result(of kind: ChangeKind, _ first: PlannedChange.Entry, _ written: PlanTask, revision: Int64) -> Revised<UndoResult> {
        Revised(revision: revision, value: UndoResult(undone: kind, task: written, exists: !first.write.removes))
    }

    /// The task as the change being undone left it, or a refusal if it is gone or changed since.
    private static func unchanged(_ current: PlanTask?, since after: PlanTask, notesDigest: Int64?) throws(PlanError) -> PlanTask {
        guard let current else { throw .changedSince(title: after.title) }
        try UndoRules.checkUnchanged(current, since: after, notesDigest: notesDigest)
        return current
    }

    /// Where a task comes back to the board: after the task it used to follow — or at the end of
    /// its column when that task has moved or gone: bringing a task back matters more than its
    /// exact place, and refusing would block every older undo behind it too.
    private static func reinsertSlot(for task: PlanTask, after anchorID: TaskID?, _ anchor: PlanTask?) -> Slot {
        guard anchorID != nil else { return .first }
        guard let anchor, !anchor.inLogbook, anchor.column == task.column else { return .last }
        return .after(anchor.id)
    }
}
