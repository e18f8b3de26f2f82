import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    /// Logs entry `index` of the change `revision`, with the task it now follows when it placed
    /// it (read after this transaction's own writes). With `closing`, the same statement closes the
    /// change: it raises the board's revision, remembers the move id's answer, and sends the NOTIFY
    /// that wakes every server's live streams (delivered when the transaction commits, never before).
    func recordEntry(
        _ tx: PostgresTransaction, revision: Int64, index: Int, _ kind: ChangeKind, before: PlanTask?, after: PlanTask?,
        previousAnchor: TaskID? = nil, placed: Bool = false, client: String?, detail: String? = nil, closing: ChangeClosing?, at now: Date
    ) async throws {
        // The board is locked: this change is the next revision, and the only one this transaction makes.
        let change = try LoggedChange(kind, before: before, after: after)
        let column = placed ? after?.column.rawValue : nil
        let move = closing?.move
        try await tx.execute(#"""
            WITH logged AS (
                INSERT INTO change (revision, entry, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest, detail)
                VALUES (\#(revision), \#(index), \#(kind.rawValue), \#(change.taskID), \#(client), \#(change.before), \#(change.after), \#(previousAnchor),
                        \#(column != nil),
                        (SELECT id FROM task WHERE "column" = \#(column) AND NOT in_logbook AND order_key < \#(after?.orderKey.rawValue)
                         ORDER BY order_key DESC LIMIT 1),
                        \#(now), \#(change.notesBack), \#(change.notesDigest), \#(detail))
            ),
            bump AS (UPDATE board_state SET revision = \#(revision) WHERE id = 1 AND \#(closing != nil)),
            remembered AS (
                INSERT INTO move_request (client, move_id, task_id, "column", order_key, revision, created)
                SELECT \#(move?.client ?? "")::text, \#(move?.id)::text, \#(move?.recorded.taskID)::bigint, \#(move?.recorded.column.rawValue)::text,
                       \#(move?.recorded.orderKey.rawValue)::text, \#(move?.recorded.revision)::bigint, \#(now)
                WHERE \#(move != nil)
            )
            SELECT pg_notify(\#(channel), \#(String(revision))) WHERE \#(closing != nil)
            """#)
    }

    /// Logs each task an import added as an entry of its own after the summary's (kind `import`,
    /// the task as added), so that its summary page can take the import back; the live stream
    /// leaves these entries out (`changes(after:)`).
    func logImported(_ tx: PostgresTransaction, _ tasks: [PlanTask], revision: Int64, client: String?, at now: Date) async throws {
        let logged = try tasks.map { try LoggedChange(.import, before: nil, after: $0) }
        try await logEntries(tx, logged, previousAnchors: tasks.map { _ in nil }, revision: revision, from: 1, client: client, at: now)
    }

    /// Logs many entries of the change `revision` (numbered from `first`), a thousand to a
    /// statement: what `recordEntry` writes for each, but nothing placed (other tabs replay these
    /// entries without a neighbour to place them after) and without closing the change.
    func logEntries(
        _ tx: PostgresTransaction, _ logged: [LoggedChange], previousAnchors: [TaskID?], revision: Int64, from first: Int,
        client: String?, at now: Date
    ) async throws {
        for start in stride(from: 0, to: logged.count, by: 1_000) {
            let range = start..<min(start + 1_000, logged.count)
            let batch = logged[range]
            // Arrays cannot carry NULL here: '' and 0 stand for none (task ids start at 1), a flag for a digest.
            try await tx.execute("""
                INSERT INTO change (revision, entry, kind, task_id, client, before, after, previous_anchor, created, notes_back, notes_digest)
                SELECT \(revision), entry, kind, task_id, \(client), NULLIF(before, ''), NULLIF(after, ''), NULLIF(previous_anchor, 0), \(now),
                       NULLIF(notes_back, ''), CASE WHEN has_digest THEN notes_digest END
                FROM unnest(
                    \(range.map { Int64(first + $0) })::bigint[], \(batch.map(\.kind.rawValue))::text[], \(batch.map { $0.taskID ?? 0 })::bigint[],
                    \(batch.map { $0.before ?? "" })::text[], \(batch.map { $0.after ?? "" })::text[],
                    \(range.map { previousAnchors[$0] ?? 0 })::bigint[], \(batch.map { $0.notesBack ?? "" })::text[],
                    \(batch.map { $0.notesDigest ?? 0 })::bigint[], \(batch.map { $0.notesDigest != nil })::boolean[]
                ) AS logged(entry, kind, task_id, before, after, previous_anchor, notes_back, notes_digest, has_digest)
                """)
        }
    }

    public func changes(after revision: Int64, limit: Int) async throws -> [ChangeEvent] {
        try await autocommit { tx in
            try await tx.rows("""
                SELECT revision, kind, task_id, after, placed, placed_after FROM change
                WHERE revision > \(revision) AND NOT (kind = 'import' AND entry > 0) ORDER BY revision, entry LIMIT \(limit)
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

/// What the last statement of a change does besides logging its entry.
struct ChangeClosing: Sendable {
    /// A client's move id and where that move put its task, to remember.
    let move: (client: String, id: String, recorded: RecordedMove)?
}
