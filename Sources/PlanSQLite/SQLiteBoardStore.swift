import Foundation
import GRDB
import PlanCore
import PlanStore

/// The board in one SQLite file (WAL mode) or, for tests, in memory.
public struct SQLiteBoardStore: BoardStore {
    let writer: any DatabaseWriter
    let now: @Sendable () -> Date
    /// The zone the board's days follow while the board names none of its own.
    public let serverZone: TimeZone
    /// How much history is kept (see `ChangeLogPolicy`).
    public let policy: ChangeLogPolicy
    /// How many times a column had to be rebalanced because a key would have grown past its bound.
    public let metrics = StoreMetrics()

    /// Opens (creating if needed) the database file at `path`, with its folder, and brings its schema
    /// up to date: a copy of the file is kept first and the migrations run on a scratch copy
    /// (`upgrade`), and `upgraded` is told where the copy is. A file from a newer PlanBoard, or one
    /// whose migration fails, is refused with `SchemaUpgradeError` and left as it was.
    public static func open(
        path: String, now: @escaping @Sendable () -> Date = Date.init, policy: ChangeLogPolicy = ChangeLogPolicy(),
        serverZone: TimeZone = .current, upgraded: (SchemaUpgrade) -> Void = { _ in }
    ) throws -> SQLiteBoardStore {
        // Private from the start: the file holds the session key (`PrivateFiles`).
        try PrivateFiles.makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent())
        if let upgrade = try upgrade(path, now: now) { upgraded(upgrade) }
        try PrivateFiles.makeFile(path)
        // A pool runs in WAL mode: page renders read while a move is written.
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try SQLiteBoardStore(writer: pool, now: now, policy: policy, serverZone: serverZone)
    }

    /// A private database that vanishes with the store, for tests.
    public static func inMemory(
        now: @escaping @Sendable () -> Date = Date.init, policy: ChangeLogPolicy = ChangeLogPolicy(), serverZone: TimeZone = .current
    ) throws -> SQLiteBoardStore {
        try SQLiteBoardStore(writer: DatabaseQueue(configuration: configuration), now: now, policy: policy, serverZone: serverZone)
    }

    init(
        writer: any DatabaseWriter, now: @escaping @Sendable () -> Date, policy: ChangeLogPolicy = ChangeLogPolicy(),
        serverZone: TimeZone = .current
    ) throws {
        self.writer = writer
        self.now = now
        self.policy = policy
        self.serverZone = serverZone
        try Self.useIncrementalVacuum(writer)
        try Self.migrator.migrate(writer)
    }

    /// A store over a database left as it is (no migration, no vacuum), for copying it as it was.
    init(unmigrated reader: any DatabaseWriter, now: @escaping @Sendable () -> Date) {
        self.writer = reader
        self.now = now
        self.policy = ChangeLogPolicy()
        self.serverZone = .current
    }

    static var configuration: Configuration {
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
            let rows = try Row.fetchAll(db, sql: "SELECT id, title, notes FROM task WHERE excerpt IS NULL")
            let update = try db.makeStatement(sql: "UPDATE task SET excerpt = ?, notesSource = ?, notesFormat = ?, searchText = ? WHERE id = ?")
            for row in rows {
                let legacy = derive(row["notes"])
                let searchText = Self.indexed(SearchText.of(title: row["title"], notesSource: legacy.source))
                try update.execute(arguments: [legacy.excerpt, legacy.source, legacy.format.rawValue, searchText, row["id"] as TaskID])
            }
            return rows.count
        }
    }

    static func board(_ db: Database) throws -> Board {
        // Through the board's own index: the logbook's rows are never read to draw the board.
        let tasks = try PlanTask.fetchAll(db, sql: "SELECT * FROM task WHERE inLogbook = 0 ORDER BY \"column\", orderKey")
        return Board(revision: try revision(db), tasks: tasks)
    }

    // MARK: - Changing

    public func create(_ new: NewTask, client: String? = nil) async throws -> Revised<PlanTask> {
        try await write { db, now in try carryOut(db, ChangePlan.create(new, at: now), client: client, at: now).first }
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
            let today = try calendar(db).day(of: now)
            return try carryOut(db, ChangePlan.finishing(old, finished, today: today, at: now), otherwise: old, client: client, at: now)
        }
    }

    public func delete(_ id: TaskID, client: String? = nil) async throws -> Revised<PlanTask> {
        try await write { db, now in
            let task = try Self.existingTask(db, id)
            return try carryOut(db, ChangePlan.delete(task, above: try predecessor(db, of: task)), client: client, at: now).first
        }
    }

    public func move(_ request: MoveRequest, client: String? = nil) async throws -> MoveResult {
        try await write { db, now in
            switch try MovePlan.decide(request, try moveFacts(db, request, client: client), at: now) {
            case .answered(let first):
                return first
            case .stays(let task):
                return MoveResult(revision: try Self.revision(db), task: task)
            case .change(let change):
                let moved = try carryOut(db, change, client: client, at: now).first
                let result = MoveResult(revision: moved.revision, task: moved.value)
                if let moveID = request.moveID { try recordMove(db, moveID, client: client, RecordedMove(result), at: now) }
                return result
            }
        }
    }

    /// What the rules need to know to decide `request`, read in its transaction.
    private func moveFacts(_ db: Database, _ request: MoveRequest, client: String?) throws -> MoveFacts {
        var facts = MoveFacts()
        facts.recorded = try request.moveID.flatMap { try recordedMove(db, $0, client: client) }
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
    /// is, at the current revision. Answers with the change's first task.
    func carryOut(_ db: Database, _ change: PlannedChange?, otherwise unchanged: PlanTask, client: String?, at now: Date) throws -> Revised<PlanTask> {
        guard let change else { return Revised(revision: try Self.revision(db), value: unchanged) }
        return try carryOut(db, change, client: client, at: now).first
    }

    /// Carries out a change the rules decided under a new revision: each entry's row written and
    /// logged in turn (a place or a new row gets its key here). A change of no task (a day's turn
    /// that found nothing to do) is logged as one row without a task.
    func carryOut(_ db: Database, _ change: PlannedChange, client: String?, at now: Date) throws -> Revised<[PlanTask]> {
        let revision = try nextRevision(db)
        var written: [PlanTask] = []
        for (index, entry) in change.entries.enumerated() {
            written.append(try carryOut(db, entry, of: change.kind, revision: revision, index: index, client: client, at: now))
        }
        if change.entries.isEmpty {
            try recordEntry(db, revision: revision, index: 0, change.kind, before: nil, after: nil, client: client, at: now)
        }
        if let detail = change.detail {
            try db.execute(sql: "UPDATE change SET detail = ? WHERE revision = ? AND entry = 0", arguments: [detail, revision])
        }
        return Revised(revision: revision, value: written)
    }

    /// Writes one entry's row and logs it as entry `index` of the change `revision`.
    func carryOut(
        _ db: Database, _ entry: PlannedChange.Entry, of kind: ChangeKind, revision: Int64, index: Int, client: String?, at now: Date
    ) throws -> PlanTask {
        var task = entry.write.task
        switch entry.write {
        case .place(_, let slot):
            task.inLogbook = false
            task.orderKey = try placeKey(db, in: task.column, at: slot, moving: task)
            try task.updatePlace(db)
        case .add(_, let slot):
            // A task for the logbook keeps its key: the logbook has no order by key.
            if !task.inLogbook { task.orderKey = try placeKey(db, in: task.column, at: slot, moving: nil) }
            try task.add(db)
        case .update:
            try task.updateContent(db)
        case .remove:
            try db.cachedStatement(sql: "DELETE FROM task WHERE id = ?").execute(arguments: [task.id])
            // Nothing about a deleted task outlives it outside the change log's undo window.
            try db.cachedStatement(sql: "DELETE FROM moveRequest WHERE taskID = ?").execute(arguments: [task.id])
        }
        if !entry.write.removes, !entry.write.isAdd, entry.changesText {
            try task.updateSearchText(db)
        }
        try recordEntry(
            db, revision: revision, index: index, kind, before: entry.before, after: entry.after(task),
            previousAnchor: entry.previousAnchor, placed: entry.placed, client: client, at: now)
        return task
    }

    // MARK: - Helpers

    /// Runs `body` in one write transaction with one reading of the clock.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database, Date) throws -> T) async throws -> T {
        let now = self.now()
        return try await writer.write { db in try body(db, now) }
    }

    /// The task `skipping` places above `task` in its column on the board (0: just above), if any:
    /// where an undo puts it back.
    func predecessor(_ db: Database, of task: PlanTask, skipping: Int = 0) throws -> TaskID? {
        guard !task.inLogbook else { return nil }
        return try TaskID.fetchOne(
            db, sql: "SELECT id FROM task WHERE \"column\" = ? AND inLogbook = 0 AND orderKey < ? ORDER BY orderKey DESC LIMIT 1 OFFSET ?",
            arguments: [task.column.rawValue, task.orderKey.rawValue, skipping])
    }

    /// The task just below `task` in its column on the board, if any.
    func successor(_ db: Database, of task: PlanTask) throws -> TaskID? {
        guard !task.inLogbook else { return nil }
        return try TaskID.fetchOne(
            db, sql: "SELECT id FROM task WHERE \"column\" = ? AND inLogbook = 0 AND orderKey > ? ORDER BY orderKey LIMIT 1",
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
