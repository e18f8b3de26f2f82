import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func boardID() async throws -> String {
        try await writer.read { db in try String.fetchOne(db, sql: "SELECT boardID FROM boardState") ?? "" }
    }

    public func existingOrigins(_ origins: [String]) async throws -> Set<String> {
        try await writer.read { db in try Self.existingOrigins(db, origins) }
    }

    /// Which of `origins` tasks here have (on the board or in the logbook).
    static func existingOrigins(_ db: Database, _ origins: [String]) throws -> Set<String> {
        var found = Set<String>()
        // In chunks, well below SQLite's limit on bound parameters.
        for start in stride(from: 0, to: origins.count, by: 500) {
            let chunk = Array(origins[start..<min(start + 500, origins.count)])
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            found.formUnion(try String.fetchAll(db, sql: "SELECT DISTINCT origin FROM task WHERE origin IN (\(marks))", arguments: StatementArguments(chunk)))
        }
        return found
    }

    public func stash(upload: [UInt8], id: String, client: String?, limits: StashLimits) async throws {
        // Dropped after `stashLifetime` by `pruneHistory`; never read after it.
        try await write { db, now in
            let oldest = now.addingTimeInterval(-StoreRules.stashLifetime)
            // Counted and kept in one write transaction: SQLite's one writer makes them one step.
            let row = try Row.fetchOne(db, sql: """
                SELECT count(*) FILTER (WHERE client IS ?) AS clientWaiting, coalesce(sum(length(document)), 0) AS bytesWaiting
                FROM stashedUpload WHERE importedAs IS NULL AND created >= ?
                """, arguments: [client, oldest])
            if let refusal = limits.refusal(clientWaiting: row?["clientWaiting"] ?? 0, bytesWaiting: row?["bytesWaiting"] ?? 0, adding: upload.count) {
                throw refusal
            }
            try db.execute(
                sql: "INSERT INTO stashedUpload (id, document, created, client) VALUES (?, ?, ?, ?)", arguments: [id, Data(upload), now, client])
        }
    }

    public func stashedUpload(_ id: String) async throws -> StashedUpload? {
        let oldest = now().addingTimeInterval(-StoreRules.stashLifetime)
        return try await writer.read { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT document, importedAs FROM stashedUpload WHERE id = ? AND created >= ?", arguments: [id, oldest])
            else { return nil }
            if let revision = row["importedAs"] as Int64? { return .imported(revision: revision) }
            return .waiting(Array(row["document"] as Data))
        }
    }

    public func importRecord(revision: Int64) async throws -> ImportRecord? {
        try await writer.read { db in try Self.importRecord(db, revision: revision) }
    }

    static func importRecord(_ db: Database, revision: Int64) throws -> ImportRecord? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT detail, undoneBy, (SELECT count(*) FROM change AS added WHERE added.revision = summary.revision AND added.entry > 0) AS tasks
            FROM change AS summary WHERE revision = ? AND entry = 0 AND kind = 'import'
            """, arguments: [revision])
        else { return nil }
        return ImportRecord(summary: row["detail"], undoneBy: row["undoneBy"], loggedTasks: row["tasks"])
    }
}
