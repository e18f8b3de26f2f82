import Foundation

/// What an undo reverted: the kind of change, and the task as it is now (or as it was, if the undo removed it).
public struct UndoResult: Codable, Sendable, Equatable {
    public let undone: ChangeKind
    public let task: PlanTask
    /// False when undoing removed the task (the undone change created it).
    public let exists: Bool

    public init(undone: ChangeKind, task: PlanTask, exists: Bool) {
        self.undone = undone
        self.task = task
        self.exists = exists
    }
}

/// The rules an undo must pass before it reverts anything.
public enum UndoRules {
    /// An undo reverts a change only while the task is as that change left it; otherwise it would
    /// silently discard someone's later edit. Its exact key and timestamps are not compared: a
    /// rebalance or an earlier undo may have rewritten them without anyone changing the task.
    public static func checkUnchanged(_ current: PlanTask, since after: PlanTask, notesDigest: Int64?) throws(PlanError) {
        // `after` is the task as the change log keeps it, without its notes: the notes are
        // compared by their fingerprint (a log written before fingerprints compares them whole).
        let same = current.id == after.id && current.title == after.title && current.column == after.column
            && current.important == after.important && current.finished == after.finished
            && current.inLogbook == after.inLogbook && current.when == after.when && current.deadline == after.deadline
            && current.repeats == after.repeats
            && current.notesFormat == after.notesFormat
            && (notesDigest.map { current.notesDigest == $0 } ?? (current.notes == after.notes && current.notesSource == after.notesSource))
        if !same { throw .changedSince(title: current.title) }
    }

    /// Refusals that mean a change can never be undone, rather than "not now": the next undo
    /// passes it over and reaches the change before it.
    public static func setsChangeAside(_ refusal: PlanError) -> Bool {
        switch refusal {
        case .changedSince, .cannotGoBack, .importNotUndoable: true
        default: false
        }
    }

    /// The task with an edit or a finish reverted: title, importance, finished, its days, its repeat
    /// and whether it is in the logbook as `before`, and the notes brought back by the way back the
    /// change kept, applied to the notes it left.
    public static func restoring(_ before: PlanTask, into task: PlanTask, notesBack back: NotesBack?, at now: Date) throws(PlanError) -> PlanTask {
        var restored = task
        restored.title = before.title
        restored.important = before.important
        if let back {
            guard let notes = back.restore(from: task) else { throw .changedSince(title: task.title) }
            restored.noteContent = notes
            // A change logged before excerpts were kept has none: the card derives it when drawn.
            restored.excerpt = back.excerpt
        }
        restored.finished = before.finished
        restored.finishedAt = before.finishedAt
        restored.finishedDay = before.finishedDay
        restored.when = before.when
        restored.deadline = before.deadline
        restored.repeats = before.repeats
        restored.inLogbook = before.inLogbook
        restored.updated = now
        return restored
    }

    /// A deleted task as it comes back, with the notes the change kept the way back to. A way back
    /// that no longer leads anywhere sets the change aside, so it cannot block older undos.
    public static func reviving(_ deleted: PlanTask, notesBack back: NotesBack?) throws(PlanError) -> PlanTask {
        guard let back else { return deleted }
        guard let notes = back.restore(from: nil) else { throw .cannotGoBack(title: deleted.title) }
        var revived = deleted
        revived.noteContent = notes
        revived.excerpt = back.excerpt
        return revived
    }
}
