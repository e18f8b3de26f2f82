import Foundation
import GRDB
import PlanCore
import PlanStore

/// What a backup or restore copied, for the person running it.
public struct BackupSummary: Sendable, Equatable {
    public let revision: Int64
    public let taskCount: Int
    public let bytes: Int
}

/// Problems with a backup file, each said plainly.
public enum BackupError: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case notABoard(String)
    case damaged(String, String)
    /// The destination of a backup is the board's own database (or one of its files).
    case intoLiveDatabase(String)

    public var description: String {
        switch self {
        case .missing(let path): "There is no file at \(path)."
        case .notABoard(let path): "\(path) is not a PlanBoard database."
        case .damaged(let path, let report): "\(path) is damaged (SQLite integrity check: \(report)); nothing was changed."
        case .intoLiveDatabase(let path): "\(path) is the board's own database; back up to another file. Nothing was changed."
        }
    }
}

extension SQLiteBoardStore {
    /// Writes a consistent copy of the board to `path` with SQLite's online backup, while the
    /// server keeps running; the copy appears under its name only once complete and checked.
    ///
    /// The copy is one self-contained file (rollback journal, not WAL), made 0600 in a folder made
    /// 0700, and nothing else is left beside it; the board's own database is refused as the destination.
    public func backup(to path: String) throws -> BackupSummary {
        let destination = URL(fileURLWithPath: path)
        if isLiveDatabase(destination) { throw BackupError.intoLiveDatabase(path) }
        try PrivateFiles.makeFolder(destination.deletingLastPathComponent())
        let partial = destination.path + ".partial"
        let leftovers = [partial, partial + "-wal", partial + "-shm", partial + "-journal"]
        for file in leftovers { try? FileManager.default.removeItem(atPath: file) }
        // A WAL copy would need its -wal and -shm beside it, and opening it to check it (read-only)
        // would leave them behind under the partial name.
        defer { for file in leftovers.dropFirst() { try? FileManager.default.removeItem(atPath: file) } }
        do {
            try PrivateFiles.makeFile(partial)
            let copy = try DatabaseQueue(path: partial)
            try writer.backup(to: copy)
            try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            try copy.close()
            let summary = try Self.check(partial)
            // rename(2) replaces an older copy in one step: there is always a whole backup under the name.
            guard rename(partial, destination.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
            }
            return summary
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    /// Whether `destination` is the board's database file or one of its companions (a path to it,
    /// a link to it, or another name of the same file).
    func isLiveDatabase(_ destination: URL) -> Bool {
        let live = URL(fileURLWithPath: writer.path).resolvingSymlinksInPath().standardizedFileURL.path
        let target = destination.resolvingSymlinksInPath().standardizedFileURL.path
        if [live, live + "-wal", live + "-shm", live + "-journal"].contains(target) { return true }
        var a = stat(), b = stat()
        return stat(live, &a) == 0 && stat(target, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Replaces the board with the backup at `path`, after checking the backup is whole.
    /// A running server sees the restored board at once; its open tabs are told to refresh.
    public func restore(from path: String) throws -> BackupSummary {
        guard FileManager.default.fileExists(atPath: path) else { throw BackupError.missing(path) }
        let summary = try Self.check(path)
        // The backup is prepared in a scratch copy — schema brought up to date, revision and id
        // counters moved past everything this board has handed out — and then copied over the
        // board in one backup step, so other connections never see a half-restored board.
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("planboard-restore-\(UUID().uuidString).sqlite").path
        defer { for file in [scratch, scratch + "-wal", scratch + "-shm", scratch + "-journal"] { try? FileManager.default.removeItem(atPath: file) } }
        try PrivateFiles.makeFile(scratch)
        let copy = try DatabaseQueue(path: scratch)
        try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }()).backup(to: copy)
        try Self.migrator.migrate(copy)
        let (revision, highWater) = try writer.read { db in
            (try Self.revision(db), try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'task'") ?? 0)
        }
        try copy.write { db in
            // Revisions and ids are never reused, not even across a restore: the restore itself
            // becomes the next revision, so a tab that saw a later, now-discarded change reloads.
            try db.execute(sql: "UPDATE boardState SET revision = max(revision, ?)", arguments: [revision])
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'task'", arguments: [highWater])
            try db.execute(
                sql: "INSERT INTO sqlite_sequence (name, seq) SELECT 'task', ? WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'task')",
                arguments: [highWater])
            _ = try carryOut(db, PlannedChange(.restore, entries: []), client: nil, at: now())
        }
        try copy.backup(to: writer)
        try copy.close()
        return summary
    }

    /// Confirms a file is an intact PlanBoard database and says what it holds.
    static func check(_ path: String) throws -> BackupSummary {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try summarize(queue, path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw BackupError.notABoard(path)
        }
    }

    private static func summarize(_ queue: DatabaseQueue, _ path: String) throws -> BackupSummary {
        try queue.read { db in
            let report = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard report == ["ok"] else { throw BackupError.damaged(path, report.joined(separator: "; ")) }
            guard try db.tableExists("task"), try db.tableExists("boardState") else { throw BackupError.notABoard(path) }
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            return BackupSummary(
                revision: try Self.revision(db),
                taskCount: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM task") ?? 0,
                bytes: bytes)
        }
    }
}
