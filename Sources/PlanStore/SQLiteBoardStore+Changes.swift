import Foundation
import GRDB
import PlanCore

extension SQLiteBoardStore {
    /// How long a move id is remembered for retries.
    static let moveIDLifetime: TimeInterval = 24 * 60 * 60

    /// Raises the board revision and logs the change under it; returns the new revision.
    func recordChange(
        _ db: Database, _ kind: ChangeKind, before: PlanTask?, after: PlanTask?, previousAnchor: TaskID? = nil,
        client: String?, at now: Date
    ) throws -> Int64 {
        try db.execute(sql: "UPDATE boardState SET revision = revision + 1")
        let revision = try Self.revision(db)
        let encoder = JSONEncoder()
        try db.execute(
            sql: "INSERT INTO change (revision, kind, taskID, client, before, after, previousAnchor, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                revision, kind.rawValue, (after ?? before)?.id, client,
                try before.map { String(decoding: try encoder.encode($0), as: UTF8.self) },
                try after.map { String(decoding: try encoder.encode($0), as: UTF8.self) },
                previousAnchor, now,
            ])
        return revision
    }

    func recordedMove(_ db: Database, _ moveID: String) throws -> MoveResult? {
        guard let json = try String.fetchOne(db, sql: "SELECT result FROM moveRequest WHERE moveID = ?", arguments: [moveID])
        else { return nil }
        return try JSONDecoder().decode(MoveResult.self, from: Data(json.utf8))
    }

    func recordMove(_ db: Database, _ moveID: String, _ result: MoveResult, at now: Date) throws {
        try db.execute(
            sql: "DELETE FROM moveRequest WHERE created < ?", arguments: [now.addingTimeInterval(-Self.moveIDLifetime)])
        try db.execute(
            sql: "INSERT INTO moveRequest (moveID, result, created) VALUES (?, ?, ?)",
            arguments: [moveID, String(decoding: try JSONEncoder().encode(result), as: UTF8.self), now])
    }
}
