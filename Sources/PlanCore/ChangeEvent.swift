/// What kind of change a revision records.
public enum ChangeKind: String, Codable, Sendable {
    case create, edit, move, finish, delete, undo, `import`, restore
    /// The day's turn: yesterday's finished tasks to the logbook, tasks whose day has come to Today.
    case turn
    /// A column's finished tasks sent to the logbook now.
    case clear
    /// A task brought back from the logbook.
    case putBack = "putback"
    /// The board's time zone or the hour its day starts changed.
    case settings
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
