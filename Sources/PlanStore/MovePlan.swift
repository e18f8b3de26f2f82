import Foundation
import PlanCore

/// What a store remembers of a move with a move id, for a retry: only where it put which task, at
/// which revision (never the task's content, which would outlive the task's own undo window).
package struct RecordedMove: Sendable, Equatable {
    package let taskID: TaskID
    package let column: BoardColumn
    package let orderKey: OrderKey
    package let revision: Int64

    package init(taskID: TaskID, column: BoardColumn, orderKey: OrderKey, revision: Int64) {
        self.taskID = taskID
        self.column = column
        self.orderKey = orderKey
        self.revision = revision
    }

    /// What the move answered.
    package init(_ result: MoveResult) {
        self.init(taskID: result.task.id, column: result.task.column, orderKey: result.task.orderKey, revision: result.revision)
    }
}

/// What a store looks up about a move before the rules decide it, inside the move's transaction.
/// `MovePlan.Needs` says which of these a request needs; the rest may stay nil.
package struct MoveFacts: Sendable, Equatable {
    /// The move already made under the request's move id (by the same client).
    package var recorded: RecordedMove?
    /// The task to move.
    package var task: PlanTask?
    /// When the task is gone: its title, from the change log.
    package var formerTitle: String?
    /// The revision of the latest change that put the task somewhere.
    package var lastPlaced: Int64?
    /// The task just above the task in its column.
    package var above: TaskID?
    /// The task above that one.
    package var twoAbove: TaskID?
    /// The task just below the task in its column.
    package var below: TaskID?
    /// The task the request names as its anchor.
    package var anchor: PlanTask?
    /// When the anchor is gone: its title, from the change log.
    package var anchorFormerTitle: String?

    package init() {}
}

/// The decisions of a move (see `MoveRules` for what is refused): where the task goes, or why
/// it doesn't. A store gathers `MoveFacts`, asks `decide`, and carries out the change.
package enum MovePlan {
    /// Which facts a request needs beyond the task, the answer to its move id and the task above it.
    package struct Needs: Sendable, Equatable {
        /// The last revision that placed the task: a relative move from a page that says what it saw.
        package let lastPlaced: Bool
        package let twoAbove: Bool
        package let below: Bool
        /// The anchor to look up.
        package let anchor: TaskID?

        package init(_ request: MoveRequest) {
            if case .after = request.place { lastPlaced = false } else { lastPlaced = request.revision != nil }
            twoAbove = request.place == .up
            below = request.place == .bottom || request.place == .down
            anchor = request.after
        }
    }

    /// What a move comes to.
    package enum Decision: Sendable, Equatable {
        /// The move id was answered before: the same answer again, nothing changed.
        case answered(MoveResult)
        /// A relative move with nowhere to go (up from the top): nothing changes or is recorded.
        case stays(PlanTask)
        case change(PlannedChange)
    }

    package static func decide(_ request: MoveRequest, _ facts: MoveFacts, at now: Date) throws(PlanError) -> Decision {
        let old = try ChangePlan.existing(facts.task, id: request.taskID, formerTitle: facts.formerTitle)
        if let moveID = request.moveID, let first = facts.recorded {
            guard first.taskID == request.taskID else { throw .moveIDReused(moveID) }
            // The first answer again: its revision, and the task where that move put it.
            var placed = old
            placed.column = first.column
            placed.orderKey = first.orderKey
            return .answered(MoveResult(revision: first.revision, task: placed))
        }
        try MoveRules.checkNotMovedSince(old, lastPlaced: facts.lastPlaced, for: request)
        try MoveRules.check(old, for: request)
        guard let slot = try slot(for: request, moving: old, facts) else { return .stays(old) }
        return .change(PlannedChange(.move, .place(placed(old, in: request.column, at: now), at: slot), before: old, previousAnchor: facts.above))
    }

    /// Where in the target column the request puts the task, from the column as it is now; nil
    /// when a relative move would leave it where it is.
    static func slot(for request: MoveRequest, moving task: PlanTask, _ facts: MoveFacts) throws(PlanError) -> Slot? {
        let sameColumn = request.column == task.column
        switch request.place {
        case .after(let anchorID):
            try MoveRules.checkAnchor(facts.anchor, formerTitle: facts.anchorFormerTitle, for: request)
            return anchorID.map { .after($0) } ?? .first
        case .top:
            return sameColumn && facts.above == nil ? nil : .first
        case .bottom:
            return sameColumn && facts.below == nil ? nil : .last
        case .up:
            guard facts.above != nil else { return nil }
            return facts.twoAbove.map { .after($0) } ?? .first
        case .down:
            return facts.below.map { .after($0) }
        }
    }

    /// The task in `column`, updated now; its key is the store's to find.
    static func placed(_ task: PlanTask, in column: BoardColumn, at now: Date) -> PlanTask {
        var moved = task
        moved.column = column
        moved.updated = now
        return moved
    }
}
