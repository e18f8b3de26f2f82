import Foundation
import GRDB
import PlanCore

extension SQLiteBoardStore {
    public func importTasks(_ tasks: [ImportedTask], summary: String? = nil, client: String?) async throws -> Revised<[PlanTask]> {
        try await write { db, now in
            // AUTOINCREMENT's high-water mark: ids above it were never any task's here.
            let highWater = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'task'") ?? 0
            var imported: [PlanTask] = []
            imported.reserveCapacity(tasks.count)
            var columnKeys: [BoardColumn: [OrderKey]] = [:]
            for (column, count) in ImportedTask.counts(tasks) { columnKeys[column] = try appendKeys(db, count, to: column) }
            let keys = ImportedTask.orderKeys(tasks, from: columnKeys)
            for (task, (key, id)) in zip(tasks, zip(keys, ImportedTask.keptIDs(tasks, above: highWater))) {
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

