import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {

    /// Raises the board revision for the change being made; returns it.
    func nextRevision(_ db: Database) throws -> Int64 {
        try db.execute(sql: "UPDATE boardState SET revision = revision + 1")
        return try Self.revision(db)
    }

    /// Logs one entry of the change `revision`.
    ///
    /// `placed` says the entry put the task somewhere new; the task it now follows is looked up
    /// here, once, so that other tabs can replay the change in place.
    func recordEntry(
        _ db: Database, revision: Int64, index: Int, _ kind: ChangeKind, before: PlanTask?, after: PlanTask?,
        previousAnchor: TaskID? = nil, placed: Bool = false, client: String?, at now: Date
    ) throws {
        let placedAfter = try after.flatMap { placed ? try predecessor(db, of: $0) : nil }
        // What the log keeps of the tasks and their notes is decided once, for every store.
        let logged = try LoggedChange(kind, before: before, after: after)
        // Prepared once per connection: a change of thousands of entries (an import taken back) logs each with it.
        try db.cachedStatement(sql: """
            INSERT INTO change (revision, entry, kind, taskID, client, before, after, previousAnchor, placed, placedAfter, created, notesBack, notesDigest)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(
            arguments: [
                revision, index, kind.rawValue, logged.taskID, client, logged.before, logged.after,
                previousAnchor, placed && after != nil, placedAfter, now, logged.notesBack, logged.notesDigest,
            ])
    }

    public func changes(after revision: Int64, limit: Int) async throws -> [ChangeEvent] {
        try await writer.read { db in
            try Row.fetchAll(
                // An import's tasks are logged for taking it back, not for tabs: the import is one event.
                db, sql: """
                    SELECT revision, kind, taskID, after, placed, placedAfter FROM change
                    WHERE revision > ? AND NOT (kind = 'import' AND entry > 0) ORDER BY revision, entry LIMIT ?
                    """,
                arguments: [revision, limit]
            ).map { row in
                let task = try LoggedChange.task(row["after"])
                let kindName: String = row["kind"]
                guard let kind = ChangeKind(rawValue: kindName) else {
                    throw DatabaseError(message: "change \(row["revision"] as Int64) has an unknown kind \(kindName)")
                }
                return ChangeEvent(
                    revision: row["revision"], kind: kind, taskID: row["taskID"], task: task,
                    placement: row["placed"] as Bool ? ChangeEvent.Placement(after: row["placedAfter"]) : nil)
            }
        }
    }

    /// The move `client` made under `moveID`, if it is still remembered.
    func recordedMove(_ db: Database, _ moveID: String, client: String?) throws -> RecordedMove? {
        guard let row = try Row.fetchOne(
            db, sql: "SELECT taskID, \"column\", orderKey, revision FROM moveRequest WHERE client = ? AND moveID = ?",
            arguments: [client ?? "", moveID]),
            let column = BoardColumn(rawValue: row["column"]), let key = OrderKey(rawValue: row["orderKey"])
        else { return nil }
        return RecordedMove(taskID: row["taskID"], column: column, orderKey: key, revision: row["revision"])
    }

    /// Remembers where a move with a move id put its task (`pruneHistory` forgets it after
    /// `moveIDLifetime`; deleting the task forgets it at once). Move ids are each client's own.
    func recordMove(_ db: Database, _ moveID: String, client: String?, _ move: RecordedMove, at now: Date) throws {
        try db.execute(
            sql: "INSERT INTO moveRequest (client, moveID, taskID, \"column\", orderKey, revision, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [client ?? "", moveID, move.taskID, move.column.rawValue, move.orderKey.rawValue, move.revision, now])
    }
}
