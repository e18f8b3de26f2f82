import Foundation
import PlanCore

/// The decisions of an import: which id and key each task gets (see `ImportedTask.keptIDs` and
/// `ImportedTask.orderKeys`) and which go to the logbook, so every store stores the same tasks. A
/// store finds each column's new keys first (`ImportedTask.counts` of them at its end:
/// `OrderKey.appending`, or the column spread again to make room).
package enum ImportPlan {
    /// The tasks to store, in the file's order: each with the id it keeps (0: a fresh one, which
    /// the store hands out) and its key from `columnKeys` (each column's new keys in order).
    /// A file's logbook entries go to the logbook (under the day the file says, or the day of their
    /// finishing by this board's calendar); its finished tasks go to the board, finished when they
    /// were last updated, and the day's turn sends them on as it does any finished task.
    package static func tasks(
        _ tasks: [ImportedTask], above highWater: TaskID, columnKeys: [BoardColumn: [OrderKey]], calendar: BoardCalendar, at now: Date
    ) -> [PlanTask] {
        let ids = ImportedTask.keptIDs(tasks, above: highWater)
        let keys = ImportedTask.orderKeys(tasks, from: columnKeys)
        return zip(tasks, zip(ids, keys)).map { task, place in
            var stored = PlanTask(
                id: place.0 ?? 0, title: task.title, column: task.column, orderKey: place.1 ?? OrderKey.between(nil, nil),
                important: task.important, finished: task.finished, notes: task.notes, origin: task.origin, created: task.created,
                updated: task.updated, when: task.when, deadline: task.deadline, repeats: task.repeats)
            if task.finished {
                stored.finishedAt = task.finishedAt ?? task.updated
                stored.finishedDay = task.finishedDay
                if task.inLogbook {
                    stored = DayPlan.toLogbook(stored, calendar: calendar, at: now)
                }
            }
            return stored
        }
    }
}

extension ImportPlan {
    /// The indexes of `tasks` whose origin is among `existing` (the origins tasks here have, read
    /// in the import's own transaction): the ones an import that skips repeats leaves out.
    package static func leftOut(_ tasks: [ImportedTask], existing: Set<String>) -> [Int] {
        tasks.indices.filter { index in tasks[index].origin.map(existing.contains) ?? false }
    }

    /// `tasks` without those at `leftOut`.
    package static func keeping(_ tasks: [ImportedTask], leavingOut leftOut: [Int]) -> [ImportedTask] {
        guard !leftOut.isEmpty else { return tasks }
        let out = Set(leftOut)
        return tasks.indices.filter { !out.contains($0) }.map { tasks[$0] }
    }
}
