import Foundation
import PlanCore

/// The rules for the plain changes to one task: making it, changing its content, deleting it.
package enum ChangePlan {
    /// A new task at the end of its column.
    package static func create(_ new: NewTask, at now: Date) -> PlannedChange {
        let task = PlanTask(
            id: 0, title: new.title, column: new.column, orderKey: OrderKey.between(nil, nil), important: new.important,
            notes: new.notes, created: now, updated: now, when: new.when, deadline: new.deadline, repeats: new.repeats)
        return PlannedChange(.create, .add(task, at: .last), before: nil)
    }

    /// `old` changed to `new` (an edit or a finish); nil when nothing changed, which leaves the
    /// revision alone.
    package static func content(_ kind: ChangeKind, from old: PlanTask, to new: PlanTask, at now: Date) -> PlannedChange? {
        guard new != old else { return nil }
        var task = new
        task.updated = now
        return PlannedChange(kind, .update(task), before: old)
    }

    /// `old` marked finished or not, on the board's day `today`; nil when it already is. Finishing
    /// a task that repeats makes its next occurrence in the same change (see `RepeatPlan`); the
    /// finished one keeps no repeat, so reopening and finishing it again makes no second one.
    package static func finishing(_ old: PlanTask, _ finished: Bool, today: BoardDay, at now: Date) throws(PlanError) -> PlannedChange? {
        if old.inLogbook { throw .taskInLogbook(title: old.title) }
        guard finished != old.finished else { return nil }
        var task = old
        task.finished = finished
        task.finishedAt = finished ? now : nil
        task.finishedDay = finished ? today : nil
        task.updated = now
        guard finished, let rule = old.repeats else { return PlannedChange(.finish, .update(task), before: old) }
        task.repeats = nil
        guard let next = RepeatPlan.occurrence(after: old, rule, today: today, at: now) else { return PlannedChange(.finish, .update(task), before: old) }
        return PlannedChange(.finish, entries: [
            .init(.update(task), before: old),
            .init(.add(next, at: .last), before: nil),
        ])
    }

    /// `task` deleted; `above` is the task it follows, where an undo puts it back.
    package static func delete(_ task: PlanTask, above: TaskID?) -> PlannedChange {
        PlannedChange(.delete, .remove(task), before: task, previousAnchor: above)
    }

    /// The task a store found, or the refusal that names it: deleted (with the title the change log
    /// remembers) or never there.
    package static func existing(_ task: PlanTask?, id: TaskID, formerTitle: String?) throws(PlanError) -> PlanTask {
        guard let task else { throw formerTitle.map { PlanError.taskDeleted(title: $0) } ?? .taskNotFound(id) }
        return task
    }
}
