import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func pruneHistory() async throws -> PruneReport {
        let policy = self.policy
        let now = self.now()
        let report = try await writer.write { db in try Self.prune(db, policy: policy, at: now) }
        if report.changedAnything {
            // The pages the pruning freed go back to the system, and the write-ahead log, which
            // still holds the pages as they were, is emptied.
            try await writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA incremental_vacuum")
                if try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal" {
                    try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                }
            }
        }
        return report
    }

    static func prune(_ db: Database, policy: ChangeLogPolicy, at now: Date) throws -> PruneReport {
        var report = PruneReport()
        for step in PrunePlan.steps(policy: policy, revision: try revision(db), at: now) {
            try run(db, step)
            report.count(db.changesCount, for: step)
        }
        return report
    }

    /// Runs one step of pruning as one statement.
    private static func run(_ db: Database, _ step: PruneStep) throws {
        switch step {
        case .setAsideOutOfReach(let olderThan, let deeperThan):
            try db.execute(
                sql: """
                    UPDATE change SET undoneBy = 0
                    WHERE undoneBy IS NULL AND kind NOT IN ('undo', 'import') AND (
                        created < ? OR revision IN (
                            SELECT revision FROM (
                                SELECT revision, ROW_NUMBER() OVER (PARTITION BY client ORDER BY revision DESC) AS depth
                                FROM (SELECT DISTINCT revision, client FROM change WHERE kind != 'undo')
                            ) WHERE depth > ?
                        )
                    )
                    """,
                arguments: [olderThan, deeperThan])
        case .dropNotesOfSetAside:
            try db.execute(sql: "UPDATE change SET notesBack = NULL WHERE notesBack IS NOT NULL AND undoneBy IS NOT NULL")
        case .keepNotesWithin(let bytes):
            try db.execute(
                sql: """
                    UPDATE change SET notesBack = NULL, undoneBy = COALESCE(undoneBy, 0) WHERE revision IN (
                        SELECT revision FROM (
                            SELECT revision, SUM(length(CAST(notesBack AS BLOB))) OVER (ORDER BY revision DESC) AS kept
                            FROM change WHERE notesBack IS NOT NULL
                        ) WHERE kept > ?
                    )
                    """,
                arguments: [bytes])
        case .removeChanges(let upTo, let olderThan, let orUpTo):
            try db.execute(sql: "DELETE FROM change WHERE revision <= ? AND (created < ? OR revision <= ?)", arguments: [upTo, olderThan, orUpTo])
        case .expireMoveIDs(let olderThan):
            try db.execute(sql: "DELETE FROM moveRequest WHERE created < ?", arguments: [olderThan])
        case .expireUploads(let olderThan):
            try db.execute(sql: "DELETE FROM stashedUpload WHERE created < ?", arguments: [olderThan])
        }
    }

    public func secret(named name: String, length: Int) async throws -> [UInt8] {
        try await writer.write { db in
            if let value = try Data.fetchOne(db, sql: "SELECT value FROM secret WHERE name = ?", arguments: [name]) {
                return Array(value)
            }
            var generator = SystemRandomNumberGenerator()
            let value = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            try db.execute(sql: "INSERT INTO secret (name, value) VALUES (?, ?)", arguments: [name, Data(value)])
            return value
        }
    }

    /// Makes the file give freed pages back (`PRAGMA incremental_vacuum` after a pruning). A file
    /// made before needs one full VACUUM to switch, done once here.
    static func useIncrementalVacuum(_ writer: any DatabaseWriter) throws {
        try writer.writeWithoutTransaction { db in
            guard try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") != 2 else { return }
            try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            try db.execute(sql: "VACUUM")
        }
    }
}
