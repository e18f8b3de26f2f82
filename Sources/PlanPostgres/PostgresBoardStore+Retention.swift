import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    /// Trims the change log as `ChangeLogPolicy` says (the same rules as the SQLite store), under
    /// the board's lock. Freed space is left to PostgreSQL's autovacuum, which reuses it; unlike
    /// SQLite's secure_delete, it does not overwrite it at once.
    public func pruneHistory() async throws -> PruneReport {
        let policy = self.policy
        let now = self.now()
        return try await lockedTransaction { tx, board in
            var report = PruneReport()
            report.setAside += try await tx.count("""
                UPDATE change SET undone_by = 0
                WHERE undone_by IS NULL AND kind NOT IN ('undo', 'import') AND (
                    created < \(now.addingTimeInterval(-policy.undoWindow)) OR revision IN (
                        SELECT revision FROM (
                            SELECT revision, ROW_NUMBER() OVER (PARTITION BY client ORDER BY revision DESC) AS depth
                            FROM change WHERE kind <> 'undo'
                        ) AS ranked WHERE depth > \(policy.undoDepth)
                    )
                )
                RETURNING 1
                """)
            report.notesDropped += try await tx.count(
                "UPDATE change SET notes_back = NULL WHERE notes_back IS NOT NULL AND undone_by IS NOT NULL RETURNING 1")
            // Within the notes budget, newest first (a running total in bytes); older changes with notes are set aside.
            let over = try await tx.count("""
                UPDATE change SET notes_back = NULL, undone_by = COALESCE(undone_by, 0) WHERE revision IN (
                    SELECT revision FROM (
                        SELECT revision, SUM(octet_length(notes_back)) OVER (ORDER BY revision DESC) AS kept
                        FROM change WHERE notes_back IS NOT NULL
                    ) AS running WHERE kept > \(policy.notesBudget)
                )
                RETURNING 1
                """)
            report.notesDropped += over
            report.setAside += over
            let alwaysKept = StoreRules.alwaysKept
            let newestKept = board.revision - max(Int64(policy.keepChanges), alwaysKept)
            let youngestKept = now.addingTimeInterval(-Double(policy.keepDays) * 24 * 60 * 60)
            report.removed += try await tx.count("""
                DELETE FROM change WHERE revision <= \(board.revision - alwaysKept) AND (created < \(youngestKept) OR revision <= \(newestKept))
                RETURNING 1
                """)
            report.expired += try await tx.count(
                "DELETE FROM move_request WHERE created < \(now.addingTimeInterval(-StoreRules.moveIDLifetime)) RETURNING 1")
            report.expired += try await tx.count(
                "DELETE FROM stashed_upload WHERE created < \(now.addingTimeInterval(-StoreRules.stashLifetime)) RETURNING 1")
            return report
        }
    }
}
