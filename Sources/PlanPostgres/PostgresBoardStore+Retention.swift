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
            for step in PrunePlan.steps(policy: policy, revision: board.revision, at: now) {
                report.count(try await run(tx, step), for: step)
            }
            return report
        }
    }

    /// Runs one step of pruning as one statement; returns how many rows it touched.
    private func run(_ tx: PostgresTransaction, _ step: PruneStep) async throws -> Int {
        switch step {
        case .setAsideOutOfReach(let olderThan, let deeperThan):
            try await tx.count("""
                UPDATE change SET undone_by = 0
                WHERE undone_by IS NULL AND kind NOT IN ('undo', 'import') AND (
                    created < \(olderThan) OR revision IN (
                        SELECT revision FROM (
                            SELECT revision, ROW_NUMBER() OVER (PARTITION BY client ORDER BY revision DESC) AS depth
                            FROM (SELECT DISTINCT revision, client FROM change WHERE kind <> 'undo') AS changes
                        ) AS ranked WHERE depth > \(deeperThan)
                    )
                )
                RETURNING 1
                """)
        case .dropNotesOfSetAside:
            try await tx.count("UPDATE change SET notes_back = NULL WHERE notes_back IS NOT NULL AND undone_by IS NOT NULL RETURNING 1")
        case .keepNotesWithin(let bytes):
            try await tx.count("""
                UPDATE change SET notes_back = NULL, undone_by = COALESCE(undone_by, 0) WHERE revision IN (
                    SELECT revision FROM (
                        SELECT revision, SUM(octet_length(notes_back)) OVER (ORDER BY revision DESC) AS kept
                        FROM change WHERE notes_back IS NOT NULL
                    ) AS running WHERE kept > \(bytes)
                )
                RETURNING 1
                """)
        case .removeChanges(let upTo, let olderThan, let orUpTo):
            try await tx.count("DELETE FROM change WHERE revision <= \(upTo) AND (created < \(olderThan) OR revision <= \(orUpTo)) RETURNING 1")
        case .expireMoveIDs(let olderThan):
            try await tx.count("DELETE FROM move_request WHERE created < \(olderThan) RETURNING 1")
        case .expireUploads(let olderThan):
            try await tx.count("DELETE FROM stashed_upload WHERE created < \(olderThan) RETURNING 1")
        }
    }
}
