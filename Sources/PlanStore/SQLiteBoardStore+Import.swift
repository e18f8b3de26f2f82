import Foundation
import GRDB
import PlanCore

extension SQLiteBoardStore {
    /// The largest id an import may bring with it (2^40: far beyond any real board, far below Int64 and 2^53).
    package static let maxKeptID: TaskID = 1 << 40

    public func importTasks(_ tasks: [ImportedTask], summary: String? = nil, client: String?) async throws -> Revised<[PlanTask]> {
        try await write { db, now in
            // An id travels with its task only if no task here ever had it (AUTOINCREMENT's high-water
            // mark), so an id is never handed out twice; the rest get fresh ids. Kept ids stay below
            // `maxKeptID`, so a crafted file cannot use up the id space (or exceed what JSON numbers
            // carry exactly into JavaScript).
            let highWater = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'task'") ?? 0
            var kept = Set<TaskID>()
            var imported: [PlanTask] = []
            imported.reserveCapacity(tasks.count)
            var columnKeys: [BoardColumn: [OrderKey]] = [:]
            for (column, count) in ImportedTask.counts(tasks) { columnKeys[column] = try appendKeys(db, count, to: column) }
            for (task, key) in zip(tasks, ImportedTask.orderKeys(tasks, from: columnKeys)) {
                // The first task to claim an unused id gets it; a repeated id in the file gets a fresh one.
                let id = task.originalID.flatMap { $0 > highWater && $0 <= Self.maxKeptID && kept.insert($0).inserted ? $0 : nil }
                var added = PlanTask(
                    id: id ?? 0, title: task.title, column: task.column, orderKey: key, important: task.important,
                    finished: task.finished, notes: task.notes, origin: task.origin, created: task.created, updated: task.updated)
                try added.add(db)
                imported.append(added)
            }
            let revision = try recordChange(db, .import, before: nil, after: nil, client: client, at: now)
            try db.execute(sql: "UPDATE change SET detail = ? WHERE revision = ?", arguments: [summary, revision])
            return Revised(revision: revision, value: imported)
        }
    }
}

extension ImportedTask {
    /// How many of `tasks` go to each column.
    package static func counts(_ tasks: [ImportedTask]) -> [BoardColumn: Int] {
        tasks.reduce(into: [:]) { $0[$1.column, default: 0] += 1 }
    }

    /// The key of each of `tasks`, in their order, given each column's new keys in order: a
    /// column's tasks keep the file's order, after the tasks it had.
    package static func orderKeys(_ tasks: [ImportedTask], from columnKeys: [BoardColumn: [OrderKey]]) -> [OrderKey] {
        var next: [BoardColumn: Int] = [:]
        return tasks.map { task in
            let index = next[task.column, default: 0]
            next[task.column] = index + 1
            return columnKeys[task.column]![index]
        }
    }
}
