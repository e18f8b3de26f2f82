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
    /// The revision of the latest change that named `current` (read only for an import's tasks,
    /// `ImportUndoPlan`).
    package var lastChanged: Int64?

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

/// An import as the change log keeps it, read for its summary page and for taking it back.
public struct ImportRecord: Sendable, Equatable {
    /// The summary kept with it.
    public let summary: String?
    /// Whether an undo took it back (an import only set aside by the session's undo still can be).
    public let undone: Bool
    /// How many tasks the log names as its own: none for an import logged before imports kept them.
    public let loggedTasks: Int

    package init(summary: String?, undoneBy: Int64?, loggedTasks: Int) {
        self.summary = summary
        // Revision 0 marks a change set aside, not undone.
        undone = (undoneBy ?? 0) > 0
        self.loggedTasks = loggedTasks
    }

    /// Whether its summary page offers to take it back.
    public var canBeTakenBack: Bool { !undone && loggedTasks > 0 }
}

/// The decisions of taking back an import from its summary page: every task it added is removed,
/// as one change and all or nothing, while none of them has changed since. The import logs each
/// task it added (kind `import`, entries after the summary's entry 0) for this; the session's
/// undo still passes over an import (`UndoPlan.decide`), so one keystroke never removes a whole
/// file's tasks.
package enum ImportUndoPlan {
    /// Refuses an import that was taken back already or whose tasks the log does not name.
    package static func check(_ record: ImportRecord) throws(PlanError) {
        if record.undone { throw .importUndoneAlready }
        if record.loggedTasks == 0 { throw .importTasksNotLogged }
    }

    /// The change that takes the import back, from the facts a store read for all its tasks at once:
    /// the entries the import logged for them (`added`), those tasks as they are now (by id; a task
    /// gone has none) and the latest revision that named each. All of it, or the first refusal.
    package static func change(
        removing added: [LoggedUndo], current: [TaskID: PlanTask], lastChanged: [TaskID: Int64]
    ) throws(PlanError) -> PlannedChange {
        var entries: [PlannedChange.Entry] = []
        for logged in added {
            var facts = UndoFacts(logged)
            if let id = logged.after?.id {
                facts.current = current[id]
                facts.lastChanged = lastChanged[id]
            }
            entries.append(try removing(facts))
        }
        return PlannedChange(.undo, entries: entries)
    }

    /// The entry that removes one task the import added: refused when the task is gone, or any
    /// change named it after the import (an edit, a move, a finish, the day's turn).
    package static func removing(_ facts: UndoFacts) throws(PlanError) -> PlannedChange.Entry {
        let entry = facts.entry
        guard entry.kind == .import, entry.before == nil, let added = entry.after else { throw .nothingToUndo }
        guard let current = facts.current else { throw .importChangedSince(title: added.title) }
        if let lastChanged = facts.lastChanged, lastChanged > entry.revision { throw .importChangedSince(title: current.title) }
        do {
            try UndoRules.checkUnchanged(current, since: added, notesDigest: entry.notesDigest)
        } catch {
            throw .importChangedSince(title: current.title)
        }
        return .init(.remove(current), before: current)
    }
}
