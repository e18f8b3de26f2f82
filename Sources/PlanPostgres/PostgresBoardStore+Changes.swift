import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    /// Raises the board revision and logs the change under it; returns the new revision. The
    /// NOTIFY it sends reaches other servers when the transaction commits, and never before.
    func recordChange(
        _ tx: PostgresTransaction, _ board: BoardLock, _ kind: ChangeKind, before: PlanTask?, after: PlanTask?,
        previousAnchor: TaskID? = nil, placed: Bool = false, client: String?, detail: String? = nil, at now: Date
    ) async throws -> Int64 {
        let change = try LoggedChange(kind, before: before, after: after)
        let column = placed ? after?.column.rawValue : nil
        // One statement, one round trip: raise the revision, log the change under it (with the
        // task it now follows, read after this transaction's own writes), and notify.
        guard let revision = try await tx.value(#"""
            WITH bump AS (UPDATE board_state SET revision = revision + 1 WHERE id = 1 RETURNING revision),
            logged AS (
                INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest, detail)
                SELECT bump.revision, \#(kind.rawValue), \#(change.taskID), \#(client), \#(change.before), \#(change.after), \#(previousAnchor),
                       \#(column != nil),
                       (SELECT id FROM task WHERE "column" = \#(column) AND order_key < \#(after?.orderKey.rawValue) ORDER BY order_key DESC LIMIT 1),
                       \#(now), \#(change.notesBack), \#(change.notesDigest), \#(detail)
                FROM bump
                RETURNING revision
            ),
            notified AS (SELECT pg_notify(\#(channel), logged.revision::text) FROM logged)
            SELECT logged.revision FROM logged, notified
            """#, as: Int64.self)
        else { throw CorruptRow(description: "board_state has no row") }
        return revision
    }

    public func changes(after revision: Int64, limit: Int) async throws -> [ChangeEvent] {
        try await autocommit { tx in
            try await tx.rows("""
                SELECT revision, kind, task_id, after, placed, placed_after FROM change WHERE revision > \(revision) ORDER BY revision LIMIT \(limit)
                """
            ).map { row in
                let (revision, kindName, taskID, after, placed, placedAfter) = try row.decode((Int64, String, Int64?, String?, Bool, Int64?).self)
                guard let kind = ChangeKind(rawValue: kindName) else { throw CorruptRow(description: "change \(revision) has an unknown kind \(kindName)") }
                return ChangeEvent(
                    revision: revision, kind: kind, taskID: taskID, task: try LoggedChange.task(after),
                    placement: placed ? ChangeEvent.Placement(after: placedAfter) : nil)
            }
        }
    }

    /// The first answer given to a move id, if it is still remembered.
    func recordedMove(_ tx: PostgresTransaction, _ moveID: String) async throws -> MoveResult? {
        guard let json = try await tx.value("SELECT result FROM move_request WHERE move_id = \(moveID)", as: String.self) else { return nil }
        return try JSONDecoder().decode(MoveResult.self, from: Data(json.utf8))
    }

    /// Remembers the answer to a move id (`pruneHistory` forgets it after `moveIDLifetime`).
    func recordMove(_ tx: PostgresTransaction, _ moveID: String, _ result: MoveResult, at now: Date) async throws {
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        try await tx.execute("INSERT INTO move_request (move_id, result, created) VALUES (\(moveID), \(json), \(now))")
    }
}
