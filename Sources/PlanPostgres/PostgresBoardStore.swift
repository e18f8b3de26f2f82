import Foundation
import Logging
import PlanCore
import PlanStore
import PostgresNIO

/// The board in a PostgreSQL database, so that several PlanBoard servers can serve one board.
///
/// Every change runs in one transaction that first locks the board's single `board_state` row
/// (`SELECT … FOR UPDATE`): changes are applied one after another whichever server makes them,
/// each sees the ones before it, and revisions come from that one row, one at a time. The
/// database also enforces one task per (column, order key). Reads take no lock. Each change
/// sends a NOTIFY with its revision when it commits, which wakes the live streams of every
/// server (`changeWakeUps`).
///
/// The store needs `run()` running (the connection pool and the listener) while it is used.
public struct PostgresBoardStore: BoardStore {
    let client: PostgresClient
    let logger: Logger
    let now: @Sendable () -> Date
    /// The zone the board's days follow while the board names none of its own.
    public let serverZone: TimeZone
    /// How much history is kept (see `ChangeLogPolicy`).
    public let policy: ChangeLogPolicy
    /// Counters for benchmarks and tests.
    public let metrics = StoreMetrics()
    /// The NOTIFY channel of this board (one per schema, so boards in one database stay apart).
    let channel: String
    let wakeUps: AsyncStream<Void>
    let wake: AsyncStream<Void>.Continuation

    /// A store for the database `url` names (`postgres://user:password@host:port/database`); call
    /// `run()` and then `migrate()` before using it.
    public init(
        url: String, logger: Logger = Logger(label: "planboard.postgres"),
        now: @escaping @Sendable () -> Date = Date.init, policy: ChangeLogPolicy = ChangeLogPolicy(), serverZone: TimeZone = .current
    ) throws {
        self.serverZone = serverZone
        let location = try PostgresLocation(url: url)
        self.client = PostgresClient(configuration: location.configuration, backgroundLogger: logger)
        self.logger = logger
        self.now = now
        self.policy = policy
        self.channel = "planboard_\(location.schema ?? "public")"
        (wakeUps, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Runs the connection pool and listens for other servers' changes until the task is cancelled.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await client.run() }
            group.addTask { await listen() }
        }
        wake.finish()
    }

    // MARK: - Reading

    public func board() async throws -> Board {
        // One statement, so the tasks and the revision are one snapshot (a board without tasks is one row of NULLs).
        try await autocommit { tx in
            let rows = try await tx.rows(#"""
                SELECT board.revision, \#(unescaped: PlanTask.postgresColumns)
                FROM (SELECT revision FROM board_state WHERE id = 1) AS board LEFT JOIN task ON NOT task.in_logbook
                ORDER BY "column", order_key
                """#)
            let revision = try rows.first?.makeRandomAccess()["revision"].decode(Int64.self) ?? 0
            return Board(revision: revision, tasks: try rows.compactMap { try PlanTask(postgresIfAny: $0) })
        }
    }

    public func revision() async throws -> Int64 {
        try await autocommit { tx in try await tx.revision() }
    }

    public func task(_ id: TaskID) async throws -> PlanTask {
        try await autocommit { tx in try await tx.existingTask(id) }
    }

    public func completeLegacyNotes(_ derive: @escaping @Sendable (String) -> LegacyNotes) async throws -> Int {
        try await write { tx, _, _ in
            let rows = try await tx.rows("SELECT id, title, notes FROM task WHERE excerpt IS NULL")
            for row in rows {
                let (id, title, notes) = try row.decode((Int64, String, String).self)
                let legacy = derive(notes)
                let searchText = SearchText.of(title: title, notesSource: legacy.source)
                try await tx.execute(
                    """
                    UPDATE task SET excerpt = \(legacy.excerpt), notes_source = \(legacy.source), notes_format = \(legacy.format.rawValue),
                        search_text = \(searchText) WHERE id = \(id)
                    """)
            }
            return rows.count
        }
    }

    // MARK: - Changing

    public func create(_ new: NewTask, client: String?) async throws -> Revised<PlanTask> {
        try await write { tx, now, board in try await carryOut(tx, board, ChangePlan.create(new, at: now), client: client, at: now).first }
    }

    public func edit(_ id: TaskID, _ edit: TaskEdit, client: String?) async throws -> Revised<PlanTask> {
        try await write { tx, now, board in
            let old = try await tx.existingTask(id)
            return try await carryOut(tx, board, ChangePlan.content(.edit, from: old, to: try edit.applied(to: old), at: now), otherwise: old, client: client, at: now)
        }
    }

    public func setFinished(_ id: TaskID, _ finished: Bool, client: String?) async throws -> Revised<PlanTask> {
        let serverZone = self.serverZone
        return try await write { tx, now, board in
            let old = try await tx.existingTask(id)
            let today = board.settings.calendar(serverZone: serverZone).day(of: now)
            return try await carryOut(tx, board, ChangePlan.finishing(old, finished, today: today, at: now), otherwise: old, client: client, at: now)
        }
    }

    public func delete(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> {
        try await write { tx, now, board in
            let task = try await tx.existingTask(id)
            return try await carryOut(tx, board, ChangePlan.delete(task, above: try await tx.predecessor(of: task)), client: client, at: now).first
        }
    }

    /// Carries out `change`, or, when the rules found nothing to change, answers `unchanged` as it
    /// is, at the revision the board has. Answers with the change's first task.
    private func carryOut(
        _ tx: PostgresTransaction, _ board: BoardLock, _ change: PlannedChange?, otherwise unchanged: PlanTask, client: String?, at now: Date
    ) async throws -> Revised<PlanTask> {
        guard let change else { return Revised(revision: board.revision, value: unchanged) }
        return try await carryOut(tx, board, change, client: client, at: now).first
    }

    /// Carries out a change the rules decided under the next revision: each entry's row written and
    /// logged in turn (a place or a new row gets its key here); the last entry's statement also
    /// closes the change (`ChangeClosing`: the revision raised, a move id remembered, every server
    /// woken). A change of no task (a day's turn that found nothing to do) is logged as one row
    /// without a task.
    func carryOut(
        _ tx: PostgresTransaction, _ board: BoardLock, _ change: PlannedChange, client: String?,
        remembering move: String? = nil, at now: Date
    ) async throws -> Revised<[PlanTask]> {
        let revision = board.revision + 1
        if change.entries.count > 1, change.detail == nil, change.entries.allSatisfy(\.write.removes) {
            return try await carryOutRemovals(tx, change, revision: revision, client: client, at: now)
        }
        var written: [PlanTask] = []
        for (index, entry) in change.entries.enumerated() {
            let last = index == change.entries.count - 1
            let task = try await write(tx, board, entry)
            let closing = last ? ChangeClosing(move: move.map {
                (client ?? "", $0, RecordedMove(MoveResult(revision: revision, task: written.first ?? task)))
            }) : nil
            try await recordEntry(
                tx, revision: revision, index: index, change.kind, before: entry.before, after: entry.after(task),
                previousAnchor: entry.previousAnchor, placed: entry.placed, client: client, detail: index == 0 ? change.detail : nil,
                closing: closing, at: now)
            written.append(task)
        }
        if change.entries.isEmpty {
            try await recordEntry(
                tx, revision: revision, index: 0, change.kind, before: nil, after: nil, client: client, detail: change.detail,
                closing: ChangeClosing(move: nil), at: now)
        }
        return Revised(revision: revision, value: written)
    }

    /// Writes the one row an entry changes; returns the task as written.
    func write(_ tx: PostgresTransaction, _ board: BoardLock, _ entry: PlannedChange.Entry) async throws -> PlanTask {
        var task = entry.write.task
        switch entry.write {
        case .place(_, let slot):
            task.inLogbook = false
            task.orderKey = try await placeKey(tx, in: task.column, at: slot, moving: task)
            try await tx.updateContent(task, place: true, searchText: entry.changesText ? SearchText.of(task) : nil)
        case .add(_, let slot):
            // A task for the logbook keeps its key: the logbook has no order by key.
            if !task.inLogbook { task.orderKey = try await placeKey(tx, in: task.column, at: slot, moving: nil) }
            try await tx.insert(&task, keepingID: task.id != 0, boardID: board.id)
        case .update:
            try await tx.updateContent(task, searchText: entry.changesText ? SearchText.of(task) : nil)
        case .remove:
            // Nothing about a deleted task outlives it outside the change log's undo window.
            try await tx.execute("DELETE FROM task WHERE id = \(task.id)")
            try await tx.execute("DELETE FROM move_request WHERE task_id = \(task.id)")
        }
        return task
    }

    /// A change that only removes tasks (a batch's delete, an import taken back), carried out in a
    /// few statements however many tasks: the rows deleted with their move ids, every entry logged
    /// as `recordEntry` would, and the change closed (the revision raised, every server woken).
    private func carryOutRemovals(
        _ tx: PostgresTransaction, _ change: PlannedChange, revision: Int64, client: String?, at now: Date
    ) async throws -> Revised<[PlanTask]> {
        let tasks = change.entries.map(\.write.task)
        let ids = tasks.map(\.id)
        try await tx.execute("DELETE FROM task WHERE id = ANY(\(ids)::bigint[])")
        // Nothing about a deleted task outlives it outside the change log's undo window.
        try await tx.execute("DELETE FROM move_request WHERE task_id = ANY(\(ids)::bigint[])")
        let logged = try change.entries.map { try LoggedChange(change.kind, before: $0.before, after: nil) }
        try await logEntries(tx, logged, previousAnchors: change.entries.map(\.previousAnchor), revision: revision, from: 0, client: client, at: now)
        try await tx.execute("UPDATE board_state SET revision = \(revision) WHERE id = 1")
        try await tx.execute("SELECT pg_notify(\(channel), \(String(revision)))")
        return Revised(revision: revision, value: tasks)
    }

    // MARK: - Transactions

    /// What a change learns when it locks the board: the revision before it, the board's id and its settings.
    struct BoardLock: Sendable {
        let revision: Int64
        let id: String
        let settings: BoardSettings
    }

    /// Runs `body` in one transaction that holds the board's lock, with one reading of the clock.
    func write<T: Sendable>(_ body: @escaping @Sendable (PostgresTransaction, Date, BoardLock) async throws -> T) async throws -> T {
        let now = self.now()
        return try await lockedTransaction { tx, board in try await body(tx, now, board) }
    }

    /// A transaction that first takes the board's lock: one change at a time, across every server.
    func lockedTransaction<T: Sendable>(_ body: @escaping @Sendable (PostgresTransaction, BoardLock) async throws -> T) async throws -> T {
        try await transaction { tx in
            guard let row = try await tx.rows(
                "SELECT revision, board_id, time_zone, day_starts_at, last_turned_day FROM board_state WHERE id = 1 FOR UPDATE"
            ).first else {
                throw CorruptRow(description: "board_state has no row")
            }
            let (revision, id, zone, hour, turned) = try row.decode((Int64, String, String?, Int, String?).self)
            let settings = BoardSettings(timeZone: zone, dayStartsAt: hour, lastTurnedDay: turned.flatMap { BoardDay(iso: $0) })
            return try await body(tx, BoardLock(revision: revision, id: id, settings: settings))
        }
    }

    /// Runs `body` on one connection without a transaction of its own: for reads whose every
    /// statement stands alone (each sees the board as committed when it runs).
    func autocommit<T: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) async throws -> T) async throws -> T {
        let logger = self.logger
        let client = self.client
        return try await unavailableWhenDisconnected { leased in
            try await client.withConnection { connection in
                leased(connection)
                return try await body(PostgresTransaction(connection: connection, logger: logger))
            }
        }
    }

    /// Runs `body` in a transaction on one connection: committed when it returns, rolled back
    /// when it throws (the error it threw is the one that surfaces). Losing the database on the
    /// way is `StoreUnavailable`.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) async throws -> T) async throws -> T {
        try await autocommit { tx in
            try await tx.execute("BEGIN")
            do {
                let value = try await body(tx)
                try await tx.execute("COMMIT")
                return value
            } catch {
                do {
                    try await tx.execute("ROLLBACK")
                } catch {
                    // A connection that could not roll back (lost, or its request cancelled)
                    // must not go back to the pool still in a transaction holding the board's
                    // lock: closed, the server rolls it back and the pool opens another. (A
                    // closed one is not even asked: `execute` refuses it.)
                    try? await tx.connection.close()
                }
                throw error
            }
        }
    }
}
