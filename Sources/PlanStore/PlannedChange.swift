import Foundation
import PlanCore

/// One change the rules decided, for a store to carry out inside its transaction: the one row it
/// writes, and what the change log keeps of it. Every change to a task (made, edited, finished,
/// moved, deleted, undone) is decided as one of these, so a store carries them all out one way.
package struct PlannedChange: Sendable, Equatable {
    /// The row a change writes.
    package enum Write: Sendable, Equatable {
        /// The task (its column already the new one) at `slot` of its column: a new key, found by the store.
        case place(PlanTask, at: Slot)
        /// A new row for the task at `slot`: under a fresh id when its id is 0, else under its own
        /// (a deleted task coming back).
        case add(PlanTask, at: Slot)
        /// The task's content (title, importance, finished, notes, excerpt, updated) as given.
        case update(PlanTask)
        /// The task's row deleted.
        case remove(PlanTask)

        /// The task the write is about, before the store gives it a key or an id.
        package var task: PlanTask {
            switch self {
            case .place(let task, _), .add(let task, _), .update(let task), .remove(let task): task
            }
        }

        /// Whether the task is gone afterwards.
        package var removes: Bool {
            if case .remove = self { return true }
            return false
        }
    }

    package let kind: ChangeKind
    package let write: Write
    /// The task as the change found it (nil when the change brings it into being).
    package let before: PlanTask?
    /// The task the changed task followed before the change: where an undo puts it back.
    package let previousAnchor: TaskID?
    /// Whether the change put the task somewhere new (other tabs replay it in place).
    package let placed: Bool

    package init(_ kind: ChangeKind, _ write: Write, before: PlanTask?, previousAnchor: TaskID? = nil, placed: Bool = false) {
        self.kind = kind
        self.write = write
        self.before = before
        self.previousAnchor = previousAnchor
        self.placed = placed
    }

    /// The task as the change log keeps it after the change: the written task, or nil when removed.
    package func after(_ written: PlanTask) -> PlanTask? {
        write.removes ? nil : written
    }
}
