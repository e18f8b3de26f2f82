import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    public func importTasks(_ tasks: [ImportedTask], summary: String?, client: String?) async throws -> Revised<[PlanTask]> {
        try await write { tx, now, board in
            // The sequence's high-water mark: ids above it were never any task's here.
            let (last, called) = try await tx.rows("SELECT last_value, is_called FROM task_id").first?.decode((Int64, Bool).self) ?? (Int64(0), false)
            let calendar = board.settings.calendar(serverZone: serverZone)
            var columnKeys: [BoardColumn: [OrderKey]] = [:]
            for (column, count) in ImportedTask.counts(tasks) { columnKeys[column] = try await appendKeys(tx, count, to: column) }
            var imported = ImportPlan.tasks(tasks, above: called ? last : last - 1, columnKeys: columnKeys, calendar: calendar, at: now)
            for (index, id) in try await tx.taskIDs(keeping: imported.map { $0.id == 0 ? nil : $0.id }).enumerated() { imported[index].id = id }
            let inserted = try await tx.insert(imported, boardID: board.id)
            let revision = board.revision + 1
            try await recordEntry(tx, revision: revision, index: 0, .import, before: nil, after: nil, client: client, detail: summary, closing: ChangeClosing(move: nil), at: now)
            return Revised(revision: revision, value: inserted)
        }
    }

    public func importSummary(revision: Int64) async throws -> String? {
        try await autocommit { tx in
            try await tx.value("SELECT detail FROM change WHERE revision = \(revision) AND kind = 'import'")
        }
    }

    public func boardID() async throws -> String {
        try await autocommit { tx in try await tx.value("SELECT board_id FROM board_state WHERE id = 1") ?? "" }
    }

    public func existingOrigins(_ origins: [String]) async throws -> Set<String> {
        try await autocommit { tx in
            Set(try await tx.rows("SELECT DISTINCT origin FROM task WHERE origin = ANY(\(origins)::text[])").map { try $0.decode(String.self) })
        }
    }

    public func stash(upload: [UInt8], id: String) async throws {
        // Dropped after `stashLifetime` by `pruneHistory`; never read after it.
        let now = self.now()
        try await autocommit { tx in
            try await tx.execute("INSERT INTO stashed_upload (id, document, created) VALUES (\(id), \(Data(upload)), \(now))")
        }
    }

    public func stashedUpload(_ id: String) async throws -> [UInt8]? {
        let oldest = now().addingTimeInterval(-StoreRules.stashLifetime)
        return try await autocommit { tx in
            try await tx.value("SELECT document FROM stashed_upload WHERE id = \(id) AND created >= \(oldest)", as: Data.self).map { Array($0) }
        }
    }

    public func dropStashedUpload(_ id: String) async throws {
        try await autocommit { tx in try await tx.execute("DELETE FROM stashed_upload WHERE id = \(id)") }
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
