import Foundation
import GRDB
import PlanCore
import Synchronization

/// The board in one SQLite file (WAL mode) or, for tests, in memory.
public struct SQLiteBoardStore: BoardStore {
    let writer: any DatabaseWriter
    let now: @Sendable () -> Date
    /// How much history is kept (see `ChangeLogPolicy`).
    public let policy: ChangeLogPolicy
    /// How many times a column had to be rebalanced because a key would have grown past its bound.
    public let metrics = StoreMetrics()

    /// Opens (creating if needed) the database file at `path`, with its folder, and brings its schema up to date.
    public static func open(
        path: String, now: @escaping @Sendable () -> Date = Date.init, policy: ChangeLogPolicy = ChangeLogPolicy()
    ) throws -> SQLiteBoardStore {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A pool runs in WAL mode: page renders read while a move is written.
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try SQLiteBoardStore(writer: pool, now: now, policy: policy)
    }

    /// A private database that vanishes with the store, for tests.
    public static func inMemory(
        now: @escaping @Sendable () -> Date = Date.init, policy: ChangeLogPolicy = ChangeLogPolicy()
    ) throws -> SQLiteBoardStore {
        try SQLiteBoardStore(writer: DatabaseQueue(configuration: configuration), now: now, policy: policy)
    }

    init(writer: any DatabaseWriter, now: @escaping @Sendable () -> Date, policy: ChangeLogPolicy = ChangeLogPolicy()) throws {
        self.writer = writer
        self.now = now
        self.policy = policy
        try Self.useIncrementalVacuum(writer)
        try Self.migrator.migrate(writer)
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            // Deleted content is overwritten, not just unlinked: a deleted task's notes, once
            // pruned from the history, are not left in free pages of the file.
            try db.execute(sql: "PRAGMA secure_delete = ON")
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

    public func completeLegacyNotes(_ derive: @escaping @Sendable (String) -> LegacyNotes) async throws -> Int {
        try await writer.write { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, notes FROM task WHERE excerpt IS NULL")
            let update = try db.makeStatement(sql: "UPDATE task SET excerpt = ?, notesSource = ?, notesFormat = ? WHERE id = ?")
            for row in rows {
                let legacy = derive(row["notes"])
                try update.execute(arguments: [legacy.excerpt, legacy.source, legacy.format.rawValue, row["id"] as TaskID])
            }
            return rows.count
        }
    }

    static func board(_ db: Database) throws -> Board {
        let tasks = try PlanTask.fetchAll(db, sql: "SELECT * FROM task ORDER BY \"column\", orderKey")
        return Board(revision: try revision(db), tasks: tasks)
    }

    // MARK: - Changing

    public func create(_ new: NewTask, client: String? = nil) async throws -> Revised<PlanTask> {
        try await write { db, now in
            let key = try placeKey(db, in: new.column, at: .last, moving: nil)
            var task = PlanTask(
                id: 0, title: new.title, column: new.column, orderKey: key, important: new.important,
                notes: new.notes, created: now, updated: now)
            try task.add(db)
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
            if case .after = request.place {} else {
                try MoveRules.checkNotMovedSince(old, lastPlaced: try lastPlaced(db, old.id), for: request)
            }
            let anchor = try predecessor(db, of: old)
            // A relative move with nowhere to go (up from the top) changes nothing and records nothing.
            guard let task = try applyMove(db, request, to: old, at: now) else {
                return MoveResult(revision: try Self.revision(db), task: old)
            }
            let revision = try recordChange(db, .move, before: old, after: task, previousAnchor: anchor, placed: true, client: client, at: now)
            let result = MoveResult(revision: revision, task: task)
            if let moveID = request.moveID { try recordMove(db, moveID, result, at: now) }
            return result
        }
    }

    /// Checks a move against the rules and the current board, then writes the one row it changes;
    /// nil when a relative move finds the task already where it would go.
    func applyMove(_ db: Database, _ request: MoveRequest, to old: PlanTask, at now: Date) throws -> PlanTask? {
        try MoveRules.check(old, for: request)
        guard let slot = try slot(db, for: request, moving: old) else { return nil }
        var task = old
        task.column = request.column
        task.orderKey = try placeKey(db, in: request.column, at: slot, moving: old)
        task.updated = now
        try db.execute(
            sql: "UPDATE task SET \"column\" = ?, orderKey = ?, updated = ? WHERE id = ?",
            arguments: [task.column.rawValue, task.orderKey.rawValue, now, task.id])
        return task
    }

    /// Where in the target column the request puts the task, read from the column as it is now;
    /// nil when a relative move would leave it where it is.
    private func slot(_ db: Database, for request: MoveRequest, moving task: PlanTask) throws -> Slot? {
        let sameColumn = request.column == task.column
        switch request.place {
        case .after(let anchorID):
            let anchor = try anchorID.flatMap { try Self.findTask(db, $0) }
            let formerTitle = try anchor == nil ? anchorID.flatMap { try Self.formerTitle(db, $0) } : nil
            try MoveRules.checkAnchor(anchor, formerTitle: formerTitle, for: request)
            return anchor.map { .after($0.id) } ?? .first
        case .top:
            if sameColumn, try predecessor(db, of: task) == nil { return nil }
            return .first
        case .bottom:
            if sameColumn, try successor(db, of: task) == nil { return nil }
            return .last
        case .up:
            guard let above = try predecessor(db, of: task) else { return nil }
            return try predecessor(db, of: Self.existingTask(db, above)).map { .after($0) } ?? .first
        case .down:
            return try successor(db, of: task).map { .after($0) }
        }
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
        try task.updateContent(db)
        let revision = try recordChange(db, kind, before: old, after: task, client: client, at: now)
        return Revised(revision: revision, value: task)
    }

    /// The task just above `task` in its column, if any: where an undo puts it back.
    func predecessor(_ db: Database, of task: PlanTask) throws -> TaskID? {
        try TaskID.fetchOne(
            db, sql: "SELECT id FROM task WHERE \"column\" = ? AND orderKey < ? ORDER BY orderKey DESC LIMIT 1",
            arguments: [task.column.rawValue, task.orderKey.rawValue])
    }

    /// The task just below `task` in its column, if any.
    func successor(_ db: Database, of task: PlanTask) throws -> TaskID? {
        try TaskID.fetchOne(
            db, sql: "SELECT id FROM task WHERE \"column\" = ? AND orderKey > ? ORDER BY orderKey LIMIT 1",
            arguments: [task.column.rawValue, task.orderKey.rawValue])
    }

    /// The revision of the latest change that put the task somewhere, if the change log has one.
    func lastPlaced(_ db: Database, _ id: TaskID) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT MAX(revision) FROM change WHERE taskID = ? AND placed", arguments: [id])
    }

    static func existingTask(_ db: Database, _ id: TaskID) throws -> PlanTask {
        guard let task = try findTask(db, id) else {
            throw try formerTitle(db, id).map { PlanError.taskDeleted(title: $0) } ?? PlanError.taskNotFound(id)
        }
        return task
    }

    /// The title of a task that is gone (deleted, or its creation undone), from the change log.
    static func formerTitle(_ db: Database, _ id: TaskID) throws -> String? {
        guard let json = try String.fetchOne(
            db, sql: "SELECT before FROM change WHERE taskID = ? AND after IS NULL AND before IS NOT NULL ORDER BY revision DESC LIMIT 1",
            arguments: [id])
        else { return nil }
        return (try? LoggedChange.task(json))?.title
    }

    static func findTask(_ db: Database, _ id: TaskID) throws -> PlanTask? {
        try PlanTask.fetchOne(db, key: id)
    }

    static func revision(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT revision FROM boardState") ?? 0
    }
}

/// Counters a benchmark or test can read; the store never needs them itself.
public final class StoreMetrics: Sendable {
    private let rebalances = Atomic<Int>(0)

    package init() {}

    /// How many column rebalances this store has done.
    public var rebalanceCount: Int { rebalances.load(ordering: .relaxed) }

    package func countRebalance() { rebalances.add(1, ordering: .relaxed) }
}

extension SQLiteBoardStore {
    /// Who the change log says made its changes, oldest first (tests only).
    package func changeOwnersForTesting() async throws -> [String] {
        try await writer.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT client FROM change WHERE client IS NOT NULL ORDER BY revision") }
    }

    /// Clears every stored excerpt, as a board saved before excerpts were kept has none (tests only).
    package func forgetExcerptsForTesting() async throws {
        try await writer.write { db in try db.execute(sql: "UPDATE task SET excerpt = NULL") }
    }
}
