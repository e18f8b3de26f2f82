import Foundation
import GRDB
import PlanCore
import PlanStore

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
        try await write { db, now in try carryOut(db, ChangePlan.create(new, at: now), client: client, at: now) }
    }

    public func edit(_ id: TaskID, _ edit: TaskEdit, client: String? = nil) async throws -> Revised<PlanTask> {
        try await write { db, now in
            // Read and written in one transaction, so fields left out keep what is stored now.
            let old = try Self.existingTask(db, id)
            return try carryOut(db, ChangePlan.content(.edit, from: old, to: try edit.applied(to: old), at: now), otherwise: old, client: client, at: now)
        }
    }

    public func setFinished(_ id: TaskID, _ finished: Bool, client: String? = nil) async throws -> Revised<PlanTask> {
        try await write { db, now in
            let old = try Self.existingTask(db, id)
            return try carryOut(db, ChangePlan.finishing(old, finished, at: now), otherwise: old, client: client, at: now)
        }
    }

    public func delete(_ id: TaskID, client: String? = nil) async throws -> Revised<PlanTask> {
        try await write { db, now in
            let task = try Self.existingTask(db, id)
            return try carryOut(db, ChangePlan.delete(task, above: try predecessor(db, of: task)), client: client, at: now)
        }
    }

    public func move(_ request: MoveRequest, client: String? = nil) async throws -> MoveResult {
        try await write { db, now in
            switch try MovePlan.decide(request, try moveFacts(db, request), at: now) {
            case .answered(let first):
                return first
            case .stays(let task):
                return MoveResult(revision: try Self.revision(db), task: task)
            case .change(let change):
                let moved = try carryOut(db, change, client: client, at: now)
                let result = MoveResult(revision: moved.revision, task: moved.value)
                if let moveID = request.moveID { try recordMove(db, moveID, result, at: now) }
                return result
            }
        }
    }

    /// What the rules need to know to decide `request`, read in its transaction.
    private func moveFacts(_ db: Database, _ request: MoveRequest) throws -> MoveFacts {
        var facts = MoveFacts()
        if let moveID = request.moveID, let first = try recordedMove(db, moveID) {
            facts.recorded = first
            return facts
        }
        guard let task = try Self.findTask(db, request.taskID) else {
            facts.formerTitle = try Self.formerTitle(db, request.taskID)
            return facts
        }
        let needs = MovePlan.Needs(request)
        facts.task = task
        facts.above = try predecessor(db, of: task)
        if needs.lastPlaced { facts.lastPlaced = try lastPlaced(db, task.id) }
        if needs.twoAbove { facts.twoAbove = try predecessor(db, of: task, skipping: 1) }
        if needs.below { facts.below = try successor(db, of: task) }
        if let anchorID = needs.anchor {
            facts.anchor = try Self.findTask(db, anchorID)
            if facts.anchor == nil { facts.anchorFormerTitle = try Self.formerTitle(db, anchorID) }
        }
        return facts
    }

    /// Carries out `change`, or, when the rules found nothing to change, answers `unchanged` as it
    /// is, at the current revision.
    func carryOut(_ db: Database, _ change: PlannedChange?, otherwise unchanged: PlanTask, client: String?, at now: Date) throws -> Revised<PlanTask> {
        guard let change else { return Revised(revision: try Self.revision(db), value: unchanged) }
        return try carryOut(db, change, client: client, at: now)
    }

    /// Carries out a change the rules decided and logs it: the one row it writes (a place or a new
    /// row gets its key here), then the change under a new revision.
    func carryOut(_ db: Database, _ change: PlannedChange, client: String?, at now: Date) throws -> Revised<PlanTask> {
        var task = change.write.task
        switch change.write {
        case .place(_, let slot):
            task.orderKey = try placeKey(db, in: task.column, at: slot, moving: task)
            try db.execute(
                sql: "UPDATE task SET \"column\" = ?, orderKey = ?, updated = ? WHERE id = ?",
                arguments: [task.column.rawValue, task.orderKey.rawValue, task.updated, task.id])
        case .add(_, let slot):
            task.orderKey = try placeKey(db, in: task.column, at: slot, moving: nil)
            try task.add(db)
        case .update:
            try task.updateContent(db)
        case .remove:
            try db.execute(sql: "DELETE FROM task WHERE id = ?", arguments: [task.id])
        }
        let revision = try recordChange(
            db, change.kind, before: change.before, after: change.after(task), previousAnchor: change.previousAnchor,
            placed: change.placed, client: client, at: now)
        return Revised(revision: revision, value: task)
    }

    // MARK: - Helpers

    /// Runs `body` in one write transaction with one reading of the clock.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database, Date) throws -> T) async throws -> T {
        let now = self.now()
        return try await writer.write { db in try body(db, now) }
    }

    /// The task `skipping` places above `task` in its column (0: just above), if any: where an undo puts it back.
    func predecessor(_ db: Database, of task: PlanTask, skipping: Int = 0) throws -> TaskID? {
        try TaskID.fetchOne(
            db, sql: "SELECT id FROM task WHERE \"column\" = ? AND orderKey < ? ORDER BY orderKey DESC LIMIT 1 OFFSET ?",
            arguments: [task.column.rawValue, task.orderKey.rawValue, skipping])
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
        let task = try findTask(db, id)
        return try ChangePlan.existing(task, id: id, formerTitle: task == nil ? try formerTitle(db, id) : nil)
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
