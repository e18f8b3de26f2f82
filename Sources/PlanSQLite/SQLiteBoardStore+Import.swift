import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func importTasks(_ batch: ImportBatch, client: String?) async throws -> Revised<ImportOutcome> {
        try await write { db, now in
            // Claimed first, in the import's own transaction: of several confirms of one review,
            // the first to write imports it and the others find it taken.
            if let upload = batch.upload { try claim(db, upload, at: now) }
            // Read here, not when the file was read: an import committed meanwhile counts.
            let leftOut = batch.skipExisting ? ImportPlan.leftOut(batch.tasks, existing: try Self.existingOrigins(db, batch.tasks.compactMap(\.origin))) : []
            let tasks = ImportPlan.keeping(batch.tasks, leavingOut: leftOut)
            // AUTOINCREMENT's high-water mark: ids above it were never any task's here.
            let highWater = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'task'") ?? 0
            let calendar = try calendar(db)
            var columnKeys: [BoardColumn: [OrderKey]] = [:]
            for (column, count) in ImportedTask.counts(tasks) { columnKeys[column] = try appendKeys(db, count, to: column) }
            var imported = ImportPlan.tasks(tasks, above: highWater, columnKeys: columnKeys, calendar: calendar, at: now)
            for index in imported.indices { try imported[index].add(db) }
            let revision = try nextRevision(db)
            try recordEntry(db, revision: revision, index: 0, .import, before: nil, after: nil, client: client, at: now)
            try db.execute(sql: "UPDATE change SET detail = ? WHERE revision = ?", arguments: [batch.summary(leftOut), revision])
            try logImported(db, imported, revision: revision, client: client, at: now)
            if let upload = batch.upload {
                try db.execute(sql: "UPDATE stashedUpload SET importedAs = ? WHERE id = ?", arguments: [revision, upload])
            }
            return Revised(revision: revision, value: ImportOutcome(tasks: imported, leftOut: leftOut))
        }
    }

    /// Logs each task the import added as an entry of its own after the summary's (kind `import`,
    /// the task as added), so that its summary page can take the import back; the live stream
    /// leaves these entries out (`changes(after:)`).
    private func logImported(_ db: Database, _ tasks: [PlanTask], revision: Int64, client: String?, at now: Date) throws {
        for (index, task) in tasks.enumerated() {
            try recordEntry(db, revision: revision, index: index + 1, .import, before: nil, after: task, client: client, at: now)
        }
    }

    public func undoImport(revision: Int64, client: String) async throws -> Revised<[PlanTask]> {
        try await write { db, now in
            guard let record = try Self.importRecord(db, revision: revision) else { throw PlanError.importNotFound(revision: revision) }
            try ImportUndoPlan.check(record)
            // What the rules need for every task the import added, in three statements however many.
            let added = try loggedEntries(db, of: revision, where: "entry > 0").compactMap { $0 }
            let current = try PlanTask.fetchAll(
                db, sql: "SELECT * FROM task WHERE id IN (SELECT taskID FROM change WHERE revision = ? AND entry > 0)", arguments: [revision])
            let lastChanged = try Row.fetchAll(db, sql: """
                SELECT added.taskID, (SELECT MAX(later.revision) FROM change AS later WHERE later.taskID = added.taskID) AS lastChanged
                FROM change AS added WHERE added.revision = ? AND added.entry > 0
                """, arguments: [revision])
            let change = try ImportUndoPlan.change(
                removing: added, current: Dictionary(current.map { ($0.id, $0) }) { first, _ in first },
                lastChanged: Dictionary(lastChanged.compactMap { row in (row["lastChanged"] as Int64?).map { (row["taskID"] as TaskID, $0) } }) { first, _ in first })
            let undone = try carryOut(db, change, client: client, at: now)
            try db.execute(sql: "UPDATE change SET undoneBy = ? WHERE revision = ?", arguments: [undone.revision, revision])
            return undone
        }
    }

    /// Takes the stashed upload `id` for this import: its document is emptied in the same statement
    /// that finds it still waiting, or the import stops here (`StashedUploadTaken`).
    private func claim(_ db: Database, _ id: String, at now: Date) throws {
        let oldest = now.addingTimeInterval(-StoreRules.stashLifetime)
        let claimed = try String.fetchOne(db, sql: """
            UPDATE stashedUpload SET document = x'' WHERE id = ? AND importedAs IS NULL AND created >= ? RETURNING id
            """, arguments: [id, oldest])
        guard claimed == nil else { return }
        if let revision = try Int64.fetchOne(db, sql: "SELECT importedAs FROM stashedUpload WHERE id = ?", arguments: [id]) {
            throw StashedUploadTaken.imported(revision: revision)
        }
        throw StashedUploadTaken.gone
    }
}
