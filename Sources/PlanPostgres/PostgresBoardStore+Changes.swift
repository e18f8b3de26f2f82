import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    /// Raises the board revision, logs the change under it and sends the NOTIFY that wakes every
    /// server's live streams (delivered when the transaction commits, and never before); returns
    /// the new revision. `move`, when given, is a move id and its answer, remembered in the same statement.
    func recordChangeAndNotify(
        _ tx: PostgresTransaction, _ board: BoardLock, _ kind: ChangeKind, before: PlanTask?, after: PlanTask?,
        previousAnchor: TaskID? = nil, placed: Bool = false, client: String?, detail: String? = nil,
        remembering move: (id: String, answer: MoveResult)? = nil, at now: Date
    ) async throws -> Int64 {
        // The board is locked: this change is the next revision, and the only one this transaction makes.
        let revision = board.revision + 1
        let change = try LoggedChange(kind, before: before, after: after)
        let column = placed ? after?.column.rawValue : nil
        let answer = try move.map { String(decoding: try JSONEncoder().encode($0.answer), as: UTF8.self) }
        // One statement, one round trip: raise the revision, log the change under it (with the
        // task it now follows, read after this transaction's own writes), remember the move id, and notify.
        try await tx.execute(#"""
            WITH bump AS (UPDATE board_state SET revision = \#(revision) WHERE id = 1),
            logged AS (
                INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest, detail)
                VALUES (\#(revision), \#(kind.rawValue), \#(change.taskID), \#(client), \#(change.before), \#(change.after), \#(previousAnchor),
                        \#(column != nil),
                        (SELECT id FROM task WHERE "column" = \#(column) AND order_key < \#(after?.orderKey.rawValue) ORDER BY order_key DESC LIMIT 1),
                        \#(now), \#(change.notesBack), \#(change.notesDigest), \#(detail))
            ),
            remembered AS (
                INSERT INTO move_request (move_id, result, created) SELECT \#(move?.id)::text, \#(answer)::text, \#(now) WHERE \#(move != nil)
            )
            SELECT pg_notify(\#(channel), \#(String(revision)))
            """#)
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
}
