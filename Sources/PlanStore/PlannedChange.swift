import Foundation
import PlanCore

/// One change the rules decided, for a store to carry out inside its transaction: the rows it
/// writes, one entry per task, and what the change log keeps of each. Every change to the board's
/// tasks (made, edited, finished, moved, deleted, undone, the day's turn, a column cleared, a task
/// put back) is decided as one of these, so a store carries them all out one way, under one revision.
package struct PlannedChange: Sendable, Equatable {
    /// The row an entry writes.
    package enum Write: Sendable, Equatable {
        /// The task (its column already the new one) at `slot` of its column, on the board: a new
        /// key, found by the store; every other field as given.
        case place(PlanTask, at: Slot)
        /// A new row for the task: under a fresh id when its id is 0, else under its own (a deleted
        /// task coming back). On the board at `slot`; a task for the logbook keeps its key.
        case add(PlanTask, at: Slot)
        /// The task's content as given: everything but its id, place, origin and creation time.
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

        /// Whether the write makes a new row.
        package var isAdd: Bool {
            if case .add = self { return true }
            return false
        }
    }

    /// What one task goes through in a change.
    package struct Entry: Sendable, Equatable {
        package let write: Write
        /// The task as the change found it (nil when the change brings it into being).
        package let before: PlanTask?
        /// The task it followed before the change: where an undo puts it back.
        package let previousAnchor: TaskID?

        package init(_ write: Write, before: PlanTask?, previousAnchor: TaskID? = nil) {
            self.write = write
            self.before = before
            self.previousAnchor = previousAnchor
        }

        /// Whether the entry alters what search reads (the title or the notes as typed).
        package var changesText: Bool {
            let task = write.task
            return before.map { $0.title != task.title || $0.notesSource != task.notesSource } ?? true
        }

        /// Whether the entry puts the task somewhere on the board (other tabs replay it in place).
        package var placed: Bool {
            switch write {
            case .place: true
            case .add(let task, _): !task.inLogbook
            case .update, .remove: false
            }
        }

        /// The task as the change log keeps it after the change: the written task, or nil when removed.
        package func after(_ written: PlanTask) -> PlanTask? {
            write.removes ? nil : written
        }
    }

    package let kind: ChangeKind
    package let entries: [Entry]
    /// What the change log keeps beside the entries (an import's summary, the day's turn's days).
    package let detail: String?

    package init(_ kind: ChangeKind, entries: [Entry], detail: String? = nil) {
        self.kind = kind
        self.entries = entries
        self.detail = detail
    }

    /// A change to one task.
    package init(_ kind: ChangeKind, _ write: Write, before: PlanTask?, previousAnchor: TaskID? = nil) {
        self.init(kind, entries: [Entry(write, before: before, previousAnchor: previousAnchor)])
    }
}

extension Revised where Value == [PlanTask] {
    /// The change with the first of its tasks: the answer to a change of one task.
    package var first: Revised<PlanTask> {
        Revised<PlanTask>(revision: revision, value: value[0])
    }
}
