/// Where a move puts a task in its target column.
public enum MovePlace: Sendable, Equatable {
    /// After this task (nil: first): the anchor a drag sends, judged stale if it has left the column.
    case after(TaskID?)
    /// Relative to the column as it is when the move arrives, as the buttons on a page ask.
    case top, bottom, up, down
}

/// A request to place a task in `column` at `place`.
public struct MoveRequest: Sendable, Equatable {
    public let taskID: TaskID
    public let column: Column
    public let place: MovePlace
    /// Lets a client retry safely: the same id gets the first answer again.
    public let moveID: String?
    /// The revision the page showed. An anchored move ignores it (staleness is judged by the anchor);
    /// a relative move is refused when the task has been moved since that revision.
    public let revision: Int64?

    public init(taskID: TaskID, column: Column, place: MovePlace, moveID: String? = nil, revision: Int64? = nil) {
        self.taskID = taskID
        self.column = column
        self.place = place
        self.moveID = moveID
        self.revision = revision
    }

    /// A move after `after` (nil: first), as a drag sends it.
    public init(taskID: TaskID, column: Column, after: TaskID?, moveID: String? = nil, revision: Int64? = nil) {
        self.init(taskID: taskID, column: column, place: .after(after), moveID: moveID, revision: revision)
    }

    /// The anchor of an anchored move; nil for a relative one or a move to the top.
    public var after: TaskID? {
        if case .after(let anchor) = place { return anchor }
        return nil
    }
}

/// What a successful move answers: the board's new revision and the task where it now is.
public struct MoveResult: Codable, Sendable, Equatable {
    public let revision: Int64
    public let task: PlanTask

    public init(revision: Int64, task: PlanTask) {
        self.revision = revision
        self.task = task
    }
}

/// The rules a move must pass; the store asks them inside its transaction.
public enum MoveRules {
    /// Refuses moves that are wrong whatever the rest of the board looks like.
    public static func check(_ task: PlanTask, for request: MoveRequest) throws(PlanError) {
        if task.finished { throw .taskFinished(title: task.title) }
        if request.after == task.id { throw .anchorIsTask }
        if request.place == .up || request.place == .down, request.column != task.column {
            throw .invalidField(name: "to", problem: .upOrDownInAnotherColumn)
        }
    }

    /// Refuses a relative move ("up", "to the bottom") from a page drawn before the task last moved:
    /// the person asked to move it from where they saw it, and it is no longer there.
    public static func checkNotMovedSince(_ task: PlanTask, lastPlaced: Int64?, for request: MoveRequest) throws(PlanError) {
        if case .after = request.place { return }
        guard let seen = request.revision, let lastPlaced, lastPlaced > seen else { return }
        throw .movedSince(title: task.title)
    }

    /// Refuses a move whose anchor is no longer in the target column: the client saw an older board.
    /// `formerTitle` names an anchor that is gone, so the refusal can say which task it was.
    public static func checkAnchor(_ anchor: PlanTask?, formerTitle: String? = nil, for request: MoveRequest) throws(PlanError) {
        guard request.after != nil else { return }
        guard let anchor, anchor.column == request.column else { throw .staleAnchor(anchor: anchor?.title ?? formerTitle) }
    }
}

/// A change the store made, with the revision it produced.
public struct Revised<Value: Sendable>: Sendable {
    public let revision: Int64
    public let value: Value

    public init(revision: Int64, value: Value) {
        self.revision = revision
        self.value = value
    }
}

extension Revised: Equatable where Value: Equatable {}

/// What kind of change a revision records.
public enum ChangeKind: String, Codable, Sendable {
    case create, edit, move, finish, delete, undo, `import`, restore
}

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

/// One change as other tabs see it: the task after the change (nil once deleted) and, when the
/// change placed it somewhere, the task it now follows.
public struct ChangeEvent: Sendable, Equatable {
    public let revision: Int64
    public let kind: ChangeKind
    public let taskID: TaskID?
    public let task: PlanTask?
    /// Set when the change put the task at a new place: the column is `task.column`.
    public let placement: Placement?

    /// Where a change put a task: after `after` (nil: first) in its column.
    public struct Placement: Sendable, Equatable {
        public let after: TaskID?

        public init(after: TaskID?) { self.after = after }
    }

    public init(revision: Int64, kind: ChangeKind, taskID: TaskID?, task: PlanTask?, placement: Placement?) {
        self.revision = revision
        self.kind = kind
        self.taskID = taskID
        self.task = task
        self.placement = placement
    }
}
