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
    public let column: BoardColumn
    public let place: MovePlace
    /// Lets a client retry safely: the same id gets the first answer again.
    public let moveID: String?
    /// The revision the page showed. An anchored move ignores it (staleness is judged by the anchor);
    /// a relative move is refused when the task has been moved since that revision.
    public let revision: Int64?

    public init(taskID: TaskID, column: BoardColumn, place: MovePlace, moveID: String? = nil, revision: Int64? = nil) {
        self.taskID = taskID
        self.column = column
        self.place = place
        self.moveID = moveID
        self.revision = revision
    }

    /// A move after `after` (nil: first), as a drag sends it.
    public init(taskID: TaskID, column: BoardColumn, after: TaskID?, moveID: String? = nil, revision: Int64? = nil) {
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
        if task.inLogbook { throw .taskInLogbook(title: task.title) }
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
        guard let anchor, !anchor.inLogbook, anchor.column == request.column else { throw .staleAnchor(anchor: anchor?.title ?? formerTitle) }
    }
}
