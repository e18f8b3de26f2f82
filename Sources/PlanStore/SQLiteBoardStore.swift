import Foundation
import GRDB
import PlanCore
import Synchronization

/// The board in one SQLite file (WAL mode) or, for tests, in memory.
public struct SQLiteBoardStore: BoardStore {
    let writer: any DatabaseWriter
    let now: @Sendable () -> Date
    /// How many times a column had to be rebalanced because a key would have grown past its bound.
    public let metrics = StoreMetrics()

    /// Opens (creating if needed) the database file at `path`, with its folder, and brings its schema up to date.
    public static func open(path: String, now: @escaping @Sendable () -> Date = Date.init) throws -> SQLiteBoardStore {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A pool runs in WAL mode: page renders read while a move is written.
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try SQLiteBoardStore(writer: pool, now: now)
    }

    /// A private database that vanishes with the store, for tests.
    public static func inMemory(now: @escaping @Sendable () -> Date = Date.init) throws -> SQLiteBoardStore {
        try SQLiteBoardStore(writer: DatabaseQueue(configuration: configuration), now: now)
    }

    init(writer: any DatabaseWriter, now: @escaping @Sendable () -> Date) throws {
        self.writer = writer
        self.now = now
        try Self.migrator.migrate(writer)
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        return configuration
    }

    // MARK: - Reading

    public func board() async throws -> Board {
        try await writer.read { db in try Self.board(db) }
    }

    public func revision() async throws -> Int64 {
        try await writer.read { db in try Self.revision(db) }
    }

    public func task(_ id: TaskID) async throws -> PlanTask {
        try await writer.read { db in try Self.existingTask(db, id) }
    }

    static func board(_ db: Database) throws -> Board {
        let tasks = try Row.fetchAll(db, sql: "SELECT * FROM task ORDER BY \"column\", orderKey").map(PlanTask.init(row:))
        return Board(revision: try revision(db), tasks: tasks)
    }

    // MARK: - Changing

    public func create(_ new: NewTask, client: String? = nil) async throws -> Revised<PlanTask> {
        try await write { db, now in
            let key = try placeKey(db, in: new.column, at: .last, moving: nil)
            try db.execute(
                sql: """
                    INSERT INTO task (title, "column", orderKey, important, finished, notes, created, updated)
                    VALUES (?, ?, ?, ?, 0, ?, ?, ?)
                    """,
                arguments: [new.title, new.column.rawValue, key.rawValue, new.important, new.notes, now, now])
            let task = PlanTask(
                id: db.lastInsertedRowID, title: new.title, column: new.column, orderKey: key,
                important: new.important, notes: new.notes, created: now, updated: now)
            let revision = try recordChange(db, .create, before: nil, after: task, placed: true, client: client, at: now)
            return Revised(revision: revision, value: task)
        }
    }

    public func edit(_ id: TaskID, _ edit: TaskEdit, client: String? = nil) async throws -> Revised<PlanTask> {
        try await write { db, now in
            // Read and written in one transaction, so fields left out keep what is stored now.
            let old = try Self.existingTask(db, id)
            return try saveFields(db, old: old, new: try edit.applied(to: old), kind: .edit, client: client, at: now)
        }
    }

    public func setFinished(_ id: TaskID, _ finished: Bool, client: String? = nil) async throws -> Revised<PlanTask> {
        try await write { db, now in
            let old = try Self.existingTask(db, id)
            var task = old
            task.finished = finished
            return try saveFields(db, old: old, new: task, kind: .finish, client: client, at: now)
        }
    }

    public func delete(_ id: TaskID, client: String? = nil) async throws -> Revised<PlanTask> {
        try await write { db, now in
            let task = try Self.existingTask(db, id)
            let anchor = try predecessor(db, of: task)
            try db.execute(sql: "DELETE FROM task WHERE id = ?", arguments: [id])
            let revision = try recordChange(db, .delete, before: task, after: nil, previousAnchor: anchor, client: client, at: now)
            return Revised(revision: revision, value: task)
        }
    }

    public func move(_ request: MoveRequest, client: String? = nil) async throws -> MoveResult {
        try await write { db, now in
            if let moveID = request.moveID, let first = try recordedMove(db, moveID) {
                guard first.task.id == request.taskID else { throw PlanError.moveIDReused(moveID) }
                return first
            }
            let old = try Self.existingTask(db, request.taskID)
            let anchor = try predecessor(db, of: old)
            let task = try applyMove(db, request, to: old, at: now)
            let revision = try recordChange(db, .move, before: old, after: task, previousAnchor: anchor, placed: true, client: client, at: now)
            let result = MoveResult(revision: revision, task: task)
            if let moveID = request.moveID { try recordMove(db, moveID, result, at: now) }
            return result
        }
    }

    /// Checks a move against the rules and the current board, then writes the one row it changes.
    func applyMove(_ db: Database, _ request: MoveRequest, to old: PlanTask, at now: Date) throws -> PlanTask {
        try MoveRules.check(old, for: request)
        let anchor = try request.after.flatMap { try Self.findTask(db, $0) }
        try MoveRules.checkAnchor(anchor, for: request)
        var task = old
        task.column = request.column
        task.orderKey = try placeKey(db, in: request.column, at: anchor.map { .after($0.id) } ?? .first, moving: old)
        task.updated = now
        try db.execute(
            sql: "UPDATE task SET \"column\" = ?, orderKey = ?, updated = ? WHERE id = ?",
            arguments: [task.column.rawValue, task.orderKey.rawValue, now, task.id])
        return task
    }

    // MARK: - Helpers

    /// Runs `body` in one write transaction with one reading of the clock.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database, Date) throws -> T) async throws -> T {
        let now = self.now()
        return try await writer.write { db in try body(db, now) }
    }

    /// Writes the editable fields when they changed; an unchanged task leaves the revision alone.
    private func saveFields(
        _ db: Database, old: PlanTask, new: PlanTask, kind: ChangeKind, client: String?, at now: Date
    ) throws -> Revised<PlanTask> {
        guard new != old else { return Revised(revision: try Self.revision(db), value: old) }
        var task = new
        task.updated = now
        try db.execute(
            sql: "UPDATE task SET title = ?, important = ?, finished = ?, notes = ?, updated = ? WHERE id = ?",
            arguments: [task.title, task.important, task.finished, task.notes, now, task.id])
        let revision = try recordChange(db, kind, before: old, after: task, client: client, at: now)
        return Revised(revision: revision, value: task)
    }

    /// The task just above `task` in its column, if any: where an undo puts it back.
    func predecessor(_ db: Database, of task: PlanTask) throws -> TaskID? {
        try TaskID.fetchOne(
            db, sql: "SELECT id FROM task WHERE \"column\" = ? AND orderKey < ? ORDER BY orderKey DESC LIMIT 1",
            arguments: [task.column.rawValue, task.orderKey.rawValue])
    }

    static func existingTask(_ db: Database, _ id: TaskID) throws -> PlanTask {
        guard let task = try findTask(db, id) else { throw PlanError.taskNotFound(id) }
        return task
    }

    static func findTask(_ db: Database, _ id: TaskID) throws -> PlanTask? {
        try Row.fetchOne(db, sql: "SELECT * FROM task WHERE id = ?", arguments: [id]).map(PlanTask.init(row:))
    }

    static func revision(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT revision FROM boardState") ?? 0
    }
}

/// Counters a benchmark or test can read; the store never needs them itself.
public final class StoreMetrics: Sendable {
    private let rebalances = Atomic<Int>(0)

    /// How many column rebalances this store has done.
    public var rebalanceCount: Int { rebalances.load(ordering: .relaxed) }

    func countRebalance() { rebalances.add(1, ordering: .relaxed) }
}
