import Foundation
import PlanCore

/// What every store keeps to, whatever holds the board: how long things are remembered, and which
/// ids and keys an import's tasks get.
package enum StoreRules {
    /// How long a move id is remembered for retries (a retried move older than this is applied again).
    package static let moveIDLifetime: TimeInterval = 24 * 60 * 60
    /// How long an upload waits for the person to confirm its import.
    package static let stashLifetime: TimeInterval = 60 * 60
    /// The newest changes are always kept whole in the log (bar their notes), whatever their age:
    /// a tab that reconnects catches up from them (`EventsController.catchUpLimit` is 200, and
    /// CatchUpLimitTests keeps it below this).
    package static let alwaysKept: Int64 = 256
    /// The largest id an import may bring with it (2^40: far beyond any real board, far below Int64 and 2^53).
    package static let maxKeptID: TaskID = 1 << 40
}

extension ImportedTask {
    /// The id each of `tasks` keeps, nil for a fresh one. An id travels with its task only if no
    /// task here ever had it (above the store's `highWater` mark), so an id is never handed out
    /// twice, and only below `StoreRules.maxKeptID`, so a crafted file cannot use up the id space
    /// (or exceed what JSON numbers carry exactly into JavaScript). The first task to claim an
    /// unused id gets it; a repeated id in the file gets a fresh one.
    package static func keptIDs(_ tasks: [ImportedTask], above highWater: TaskID) -> [TaskID?] {
        var kept = Set<TaskID>()
        return tasks.map { task in
            task.originalID.flatMap { $0 > highWater && $0 <= StoreRules.maxKeptID && kept.insert($0).inserted ? $0 : nil }
        }
    }

    /// How many of `tasks` go to each column of the board (a file's logbook entries go to the logbook).
    package static func counts(_ tasks: [ImportedTask]) -> [BoardColumn: Int] {
        tasks.reduce(into: [:]) { counts, task in
            if !task.inLogbook { counts[task.column, default: 0] += 1 }
        }
    }

    /// The key of each of `tasks`, in their order, given each column's new keys in order: a
    /// column's tasks keep the file's order, after the tasks it had; a task for the logbook has
    /// none (nil: the logbook has no order by key). `columnKeys` comes from `counts`.
    package static func orderKeys(_ tasks: [ImportedTask], from columnKeys: [BoardColumn: [OrderKey]]) -> [OrderKey?] {
        var next: [BoardColumn: Int] = [:]
        return tasks.map { task in
            if task.inLogbook { return nil }
            let index = next[task.column, default: 0]
            next[task.column] = index + 1
            return columnKeys[task.column]![index]
        }
    }
}
