import Foundation
import PlanCore

/// The decisions of an import: which id and key each task gets (see `ImportedTask.keptIDs` and
/// `ImportedTask.orderKeys`), so every store stores the same tasks. A store finds each column's
/// new keys first (`ImportedTask.counts` of them at its end: `OrderKey.appending`, or the column
/// spread again to make room).
package enum ImportPlan {
    /// The tasks to store, in the file's order: each with the id it keeps (0: a fresh one, which
    /// the store hands out) and its key from `columnKeys` (each column's new keys in order).
    package static func tasks(_ tasks: [ImportedTask], above highWater: TaskID, columnKeys: [BoardColumn: [OrderKey]]) -> [PlanTask] {
        let ids = ImportedTask.keptIDs(tasks, above: highWater)
        let keys = ImportedTask.orderKeys(tasks, from: columnKeys)
        return zip(tasks, zip(ids, keys)).map { task, place in
            PlanTask(
                id: place.0 ?? 0, title: task.title, column: task.column, orderKey: place.1, important: task.important,
                finished: task.finished, notes: task.notes, origin: task.origin, created: task.created, updated: task.updated)
        }
    }
}
