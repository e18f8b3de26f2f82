import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    public func importTasks(_ batch: ImportBatch, client: String?) async throws -> Revised<ImportOutcome> {
        try await write { tx, now, board in
            let revision = board.revision + 1
            // Claimed first, under the board's lock: of several confirms of one review, the first
            // imports it and the others, taking the lock after it committed, find it taken.
            if let upload = batch.upload { try await claim(tx, upload, as: revision, at: now) }
            // Read here, under the lock, not when the file was read: an import committed meanwhile counts.
            let leftOut = batch.skipExisting
                ? ImportPlan.leftOut(batch.tasks, existing: try await tx.existingOrigins(batch.tasks.compactMap(\.origin))) : []
            let tasks = ImportPlan.keeping(batch.tasks, leavingOut: leftOut)
            // The sequence's high-water mark: ids above it were never any task's here.
            let (last, called) = try await tx.rows("SELECT last_value, is_called FROM task_id").first?.decode((Int64, Bool).self) ?? (Int64(0), false)
            let calendar = board.settings.calendar(serverZone: serverZone)
            var columnKeys: [BoardColumn: [OrderKey]] = [:]
            for (column, count) in ImportedTask.counts(tasks) { columnKeys[column] = try await appendKeys(tx, count, to: column) }
            var imported = ImportPlan.tasks(tasks, above: called ? last : last - 1, columnKeys: columnKeys, calendar: calendar, at: now)
            for (index, id) in try await tx.taskIDs(keeping: imported.map { $0.id == 0 ? nil : $0.id }).enumerated() { imported[index].id = id }
            let inserted = try await tx.insert(imported, boardID: board.id)
            try await recordEntry(
                tx, revision: revision, index: 0, .import, before: nil, after: nil, client: client, detail: batch.summary(leftOut),
                closing: ChangeClosing(move: nil), at: now)
            try await logImported(tx, inserted, revision: revision, client: client, at: now)
            return Revised(revision: revision, value: ImportOutcome(tasks: inserted, leftOut: leftOut))
        }
    }

    /// Takes the stashed upload `id` for the import `revision`: marked imported, its document
    /// emptied, in the statement that finds it still waiting; or the import stops here.
    private func claim(_ tx: PostgresTransaction, _ id: String, as revision: Int64, at now: Date) async throws {
        let oldest = now.addingTimeInterval(-StoreRules.stashLifetime)
        let claimed = try await tx.count("""
            UPDATE stashed_upload SET document = ''::bytea, imported_as = \(revision)
            WHERE id = \(id) AND imported_as IS NULL AND created >= \(oldest) RETURNING 1
            """)
        guard claimed == 0 else { return }
        if let earlier = try await tx.value("SELECT imported_as FROM stashed_upload WHERE id = \(id)", as: Int64.self) {
            throw StashedUploadTaken.imported(revision: earlier)
        }
        throw StashedUploadTaken.gone
    }

    public func importRecord(revision: Int64) async throws -> ImportRecord? {
        try await autocommit { tx in try await importRecord(tx, revision: revision) }
    }

    func importRecord(_ tx: PostgresTransaction, revision: Int64) async throws -> ImportRecord? {
        guard let row = try await tx.rows("""
            SELECT detail, undone_by, (SELECT count(*) FROM change AS added WHERE added.revision = summary.revision AND added.entry > 0)
            FROM change AS summary WHERE revision = \(revision) AND entry = 0 AND kind = 'import'
            """).first
        else { return nil }
        let (detail, undoneBy, tasks) = try row.decode((String?, Int64?, Int64).self)
        return ImportRecord(summary: detail, undoneBy: undoneBy, loggedTasks: Int(tasks))
    }

    public func undoImport(revision: Int64, client: String) async throws -> Revised<[PlanTask]> {
        try await write { tx, now, board in
            guard let record = try await importRecord(tx, revision: revision) else { throw PlanError.importNotFound(revision: revision) }
            try ImportUndoPlan.check(record)
            // What the rules need for every task the import added, in three statements however many.
            let added = try await loggedEntries(tx, of: revision, where: "entry > 0").compactMap { $0 }
            let current = try await tx.rows(#"""
                SELECT \#(unescaped: PlanTask.postgresColumns) FROM task
                WHERE id IN (SELECT task_id FROM change WHERE revision = \#(revision) AND entry > 0)
                """#).map { try PlanTask(postgres: $0) }
            let lastChanged = try await tx.rows("""
                SELECT added.task_id, (SELECT MAX(later.revision) FROM change AS later WHERE later.task_id = added.task_id)
                FROM change AS added WHERE added.revision = \(revision) AND added.entry > 0
                """).map { try $0.decode((Int64, Int64?).self) }
            let change = try ImportUndoPlan.change(
                removing: added, current: Dictionary(current.map { ($0.id, $0) }) { first, _ in first },
                lastChanged: Dictionary(lastChanged.compactMap { id, last in last.map { (id, $0) } }) { first, _ in first })
            let undone = try await carryOut(tx, board, change, client: client, at: now)
            try await tx.execute("UPDATE change SET undone_by = \(undone.revision) WHERE revision = \(revision)")
            return undone
        }
    }

    public func boardID() async throws -> String {
        try await autocommit { tx in try await tx.value("SELECT board_id FROM board_state WHERE id = 1") ?? "" }
    }

    public func existingOrigins(_ origins: [String]) async throws -> Set<String> {
        try await autocommit { tx in try await tx.existingOrigins(origins) }
    }

    public func stash(upload: [UInt8], id: String, client: String?, limits: StashLimits) async throws {
        // Dropped after `stashLifetime` by `pruneHistory`; never read after it.
        let now = self.now()
        let oldest = now.addingTimeInterval(-StoreRules.stashLifetime)
        try await transaction { tx in
            // Stashes take turns (not with changes to the board), so uploads arriving at once from
            // several servers cannot all count the same room as free.
            try await tx.execute("SELECT pg_advisory_xact_lock(hashtext('planboard stash ' || current_schema()))")
            let (clientWaiting, bytesWaiting) = try await tx.rows("""
                SELECT count(*) FILTER (WHERE client IS NOT DISTINCT FROM \(client)), coalesce(sum(length(document)), 0)::bigint
                FROM stashed_upload WHERE imported_as IS NULL AND created >= \(oldest)
                """).first?.decode((Int64, Int64).self) ?? (Int64(0), Int64(0))
            if let refusal = limits.refusal(clientWaiting: Int(clientWaiting), bytesWaiting: Int(bytesWaiting), adding: upload.count) {
                throw refusal
            }
            try await tx.execute("INSERT INTO stashed_upload (id, document, created, client) VALUES (\(id), \(Data(upload)), \(now), \(client))")
        }
    }

    public func stashedUpload(_ id: String) async throws -> StashedUpload? {
        let oldest = now().addingTimeInterval(-StoreRules.stashLifetime)
        return try await autocommit { tx in
            guard let row = try await tx.rows("SELECT document, imported_as FROM stashed_upload WHERE id = \(id) AND created >= \(oldest)").first
            else { return nil }
            let (document, revision) = try row.decode((Data, Int64?).self)
            return revision.map { .imported(revision: $0) } ?? .waiting(Array(document))
        }
    }

    public func secret(named name: String, length: Int) async throws -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let fresh = Data((0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return try await transaction { tx in
            // The first server to ask makes it; every other one reads the same.
            try await tx.execute("INSERT INTO secret (name, value) VALUES (\(name), \(fresh)) ON CONFLICT (name) DO NOTHING")
            return Array(try await tx.value("SELECT value FROM secret WHERE name = \(name)", as: Data.self) ?? fresh)
        }
    }
}

extension PostgresTransaction {
    /// Which of `origins` tasks here have (on the board or in the logbook).
    func existingOrigins(_ origins: [String]) async throws -> Set<String> {
        Set(try await rows("SELECT DISTINCT origin FROM task WHERE origin = ANY(\(origins)::text[])").map { try $0.decode(String.self) })
    }
}
