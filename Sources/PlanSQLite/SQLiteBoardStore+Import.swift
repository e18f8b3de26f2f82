import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func importTasks(_ tasks: [ImportedTask], summary: String? = nil, client: String?) async throws -> Revised<[PlanTask]> {
        try await write { db, now in
            // AUTOINCREMENT's high-water mark: ids above it were never any task's here.
            let highWater = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'task'") ?? 0
            let calendar = try calendar(db)
            var columnKeys: [BoardColumn: [OrderKey]] = [:]
            for (column, count) in ImportedTask.counts(tasks) { columnKeys[column] = try appendKeys(db, count, to: column) }
            var imported = ImportPlan.tasks(tasks, above: highWater, columnKeys: columnKeys, calendar: calendar, at: now)
            for index in imported.indices { try imported[index].add(db) }
            let revision = try nextRevision(db)
            try recordEntry(db, revision: revision, index: 0, .import, before: nil, after: nil, client: client, at: now)
            try db.execute(sql: "UPDATE change SET detail = ? WHERE revision = ?", arguments: [summary, revision])
            return Revised(revision: revision, value: imported)
        }
    }
}
