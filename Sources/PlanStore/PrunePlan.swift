import Foundation
import PlanCore

/// One step of pruning the history, with the bounds the rules worked out; a store runs it as one
/// statement and says how many rows it touched.
package enum PruneStep: Sendable, Equatable {
    /// Sets aside (undone by revision 0) every change, but undos and imports, that is out of undo's
    /// reach: made before `olderThan`, or deeper than `deeperThan` in its session's history.
    case setAsideOutOfReach(olderThan: Date, deeperThan: Int)
    /// Drops the notes kept with changes that can no longer be undone (any more, or because they were).
    case dropNotesOfSetAside
    /// Keeps notes only for the newest changes whose notes add up to `bytes` at most (a running
    /// total, newest first); older changes with notes lose them and are set aside.
    case keepNotesWithin(bytes: Int)
    /// Deletes the changes up to revision `upTo` that are older than `olderThan` or up to revision `orUpTo`.
    case removeChanges(upTo: Int64, olderThan: Date, orUpTo: Int64)
    /// Forgets move ids older than `olderThan`.
    case expireMoveIDs(olderThan: Date)
    /// Drops stashed uploads older than `olderThan`.
    case expireUploads(olderThan: Date)
}

/// What pruning the history does, in order: `ChangeLogPolicy` and `StoreRules` turned into steps.
package enum PrunePlan {
    /// The steps for a board at `revision`, now.
    package static func steps(policy: ChangeLogPolicy, revision: Int64, at now: Date) -> [PruneStep] {
        [
            .setAsideOutOfReach(olderThan: now.addingTimeInterval(-policy.undoWindow), deeperThan: policy.undoDepth),
            .dropNotesOfSetAside,
            .keepNotesWithin(bytes: policy.notesBudget),
            // Whole rows past keepDays or beyond the newest keepChanges, except the newest few, which
            // tabs catching up read.
            .removeChanges(
                upTo: revision - StoreRules.alwaysKept,
                olderThan: now.addingTimeInterval(-Double(policy.keepDays) * 24 * 60 * 60),
                orUpTo: revision - max(Int64(policy.keepChanges), StoreRules.alwaysKept)),
            .expireMoveIDs(olderThan: now.addingTimeInterval(-StoreRules.moveIDLifetime)),
            .expireUploads(olderThan: now.addingTimeInterval(-StoreRules.stashLifetime)),
        ]
    }
}

extension PruneReport {
    /// Counts the rows one step touched under what it did.
    package mutating func count(_ rows: Int, for step: PruneStep) {
        switch step {
        case .setAsideOutOfReach: setAside += rows
        case .dropNotesOfSetAside: notesDropped += rows
        case .keepNotesWithin:
            notesDropped += rows
            setAside += rows
        case .removeChanges: removed += rows
        case .expireMoveIDs, .expireUploads: expired += rows
        }
    }
}
