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
            && current.notesFormat == after.notesFormat
            && (notesDigest.map { current.notesDigest == $0 } ?? (current.notes == after.notes && current.notesSource == after.notesSource))
        if !same { throw .changedSince(title: current.title) }
    }
}
