import Foundation
import PlanCore

/// Where a repeating task's next occurrence comes from.
package enum RepeatPlan {
    /// The occurrence that follows `task` when it is finished on `today`: the same title, notes,
    /// importance and repeat, on the rule's first day after today (or after the day it was
    /// scheduled for, when that is later: finishing next Monday's occurrence early makes the one
    /// after it). It waits in Next when that day is tomorrow, in Later when it is further off, and
    /// the day's turn brings it to Today on its day. Nil when the rule has no day left (past 9999).
    package static func occurrence(after task: PlanTask, _ rule: RepeatRule, today: BoardDay, at now: Date) -> PlanTask? {
        guard let when = rule.next(after: max(today, task.when ?? today)) else { return nil }
        return PlanTask(
            id: 0, title: task.title, column: today.days(to: when) <= 1 ? .next : .later, orderKey: OrderKey.between(nil, nil),
            important: task.important, notes: task.noteContent, created: now, updated: now, when: when, repeats: rule)
    }
}
