import Foundation
import GRDB
import PlanCore

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
        // Out of undo's reach: too old, or deeper than undoDepth in its session's history.
        try db.execute(
            sql: """
                UPDATE change SET undoneBy = 0
                WHERE undoneBy IS NULL AND kind NOT IN ('undo', 'import') AND (
                    created < ? OR revision IN (
                        SELECT revision FROM (
                            SELECT revision, ROW_NUMBER() OVER (PARTITION BY client ORDER BY revision DESC) AS depth
                            FROM change WHERE kind != 'undo'
                        ) WHERE depth > ?
                    )
                )
                """,
            arguments: [now.addingTimeInterval(-policy.undoWindow), policy.undoDepth])
        report.setAside += db.changesCount
        // A change that cannot be undone (any more, or because it was) needs no notes.
        try db.execute(sql: "UPDATE change SET notesBack = NULL WHERE notesBack IS NOT NULL AND undoneBy IS NOT NULL")
        report.notesDropped += db.changesCount
        // Within the notes budget, newest first (a running total in bytes); older changes with notes are set aside.
        try db.execute(
            sql: """
                UPDATE change SET notesBack = NULL, undoneBy = COALESCE(undoneBy, 0) WHERE revision IN (
                    SELECT revision FROM (
                        SELECT revision, SUM(length(CAST(notesBack AS BLOB))) OVER (ORDER BY revision DESC) AS kept
                        FROM change WHERE notesBack IS NOT NULL
                    ) WHERE kept > ?
                )
                """,
            arguments: [policy.notesBudget])
        report.notesDropped += db.changesCount
        report.setAside += db.changesCount
        // Whole rows past keepDays or beyond the newest keepChanges, except the newest few.
        let current = try revision(db)
        let newestKept = current - max(Int64(policy.keepChanges), StoreRules.alwaysKept)
        let youngestKept = now.addingTimeInterval(-Double(policy.keepDays) * 24 * 60 * 60)
        try db.execute(
            sql: "DELETE FROM change WHERE revision <= ? AND (created < ? OR revision <= ?)",
            arguments: [current - StoreRules.alwaysKept, youngestKept, newestKept])
        report.removed += db.changesCount
        try db.execute(sql: "DELETE FROM moveRequest WHERE created < ?", arguments: [now.addingTimeInterval(-StoreRules.moveIDLifetime)])
        report.expired += db.changesCount
        try db.execute(sql: "DELETE FROM stashedUpload WHERE created < ?", arguments: [now.addingTimeInterval(-StoreRules.stashLifetime)])
        report.expired += db.changesCount
        return report
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
