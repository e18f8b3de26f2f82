import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func boardID() async throws -> String {
        try await writer.read { db in try String.fetchOne(db, sql: "SELECT boardID FROM boardState") ?? "" }
    }

    public func existingOrigins(_ origins: [String]) async throws -> Set<String> {
        try await writer.read { db in
            var found = Set<String>()
            // In chunks, well below SQLite's limit on bound parameters.
            for start in stride(from: 0, to: origins.count, by: 500) {
                let chunk = Array(origins[start..<min(start + 500, origins.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                found.formUnion(try String.fetchAll(db, sql: "SELECT DISTINCT origin FROM task WHERE origin IN (\(marks))", arguments: StatementArguments(chunk)))
            }
            return found
        }
    }

    public func stash(upload: [UInt8], id: String) async throws {
        // Dropped after `stashLifetime` by `pruneHistory`; never read after it.
        try await write { db, now in
            try db.execute(sql: "INSERT INTO stashedUpload (id, document, created) VALUES (?, ?, ?)", arguments: [id, Data(upload), now])
        }
    }

    public func stashedUpload(_ id: String) async throws -> [UInt8]? {
        let oldest = now().addingTimeInterval(-StoreRules.stashLifetime)
        return try await writer.read { db in
            try Data.fetchOne(db, sql: "SELECT document FROM stashedUpload WHERE id = ? AND created >= ?", arguments: [id, oldest]).map { Array($0) }
        }
    }

    public func dropStashedUpload(_ id: String) async throws {
        try await writer.write { db in try db.execute(sql: "DELETE FROM stashedUpload WHERE id = ?", arguments: [id]) }
    }

    public func importSummary(revision: Int64) async throws -> String? {
        try await writer.read { db in
            try String.fetchOne(db, sql: "SELECT detail FROM change WHERE revision = ? AND kind = 'import'", arguments: [revision])
        }
    }
}
