import Foundation
import PlanCore

/// Where the board lives. The SQLite store is the embedded default; a server database can take its place.
///
/// Every method that changes something does it in one transaction, raises the board revision once,
/// and throws `PlanError` for anything a person did wrong.
public protocol BoardStore: Sendable {
    /// The whole board at one consistent revision.
    func board() async throws -> Board
    /// Only the current revision, cheaply.
    func revision() async throws -> Int64
    /// One task, on the board or in the logbook, or `PlanError.taskNotFound`.
    func task(_ id: TaskID) async throws -> PlanTask
    /// Adds a task at the end of its column.
    func create(_ new: NewTask, client: String?) async throws -> Revised<PlanTask>
    /// Changes title, importance and notes.
    func edit(_ id: TaskID, _ edit: TaskEdit, client: String?) async throws -> Revised<PlanTask>
    /// Places a task after another one (or first) in a column; see `MoveRules`.
    func move(_ request: MoveRequest, client: String?) async throws -> MoveResult
    /// Marks a task finished or not (on the board's day; a repeating task's next occurrence is made with it).
    func setFinished(_ id: TaskID, _ finished: Bool, client: String?) async throws -> Revised<PlanTask>
    /// Removes a task (an undo can bring it back).
    func delete(_ id: TaskID, client: String?) async throws -> Revised<PlanTask>
    /// Does `action` to the tasks `ids` on the board in one transaction and one revision, all or
    /// nothing (`BatchPlan`); answers the tasks as written (none when nothing changed).
    func changeMany(_ ids: [TaskID], _ action: BatchAction, client: String?) async throws -> Revised<[PlanTask]>
    /// Reverts this client's most recent change that is not yet undone, checked like any change.
    func undo(client: String) async throws -> Revised<UndoResult>
    /// Adds the batch's tasks at the end of their columns in one transaction and one revision: all or
    /// nothing. In that transaction it first claims the batch's stashed upload (throwing
    /// `StashedUploadTaken` when another import claimed it or it is gone), then leaves out the tasks
    /// the board already has when the batch skips them, and keeps the batch's summary with the change.
    func importTasks(_ batch: ImportBatch, client: String?) async throws -> Revised<ImportOutcome>
    /// The import that made `revision` as the log keeps it (its summary, whether it was taken back),
    /// if that change was an import still in the log.
    func importRecord(revision: Int64) async throws -> ImportRecord?
    /// Takes back the import that made `revision` as one change of `client`'s: every task it added
    /// is removed, all or nothing, and refused (`ImportUndoPlan`) when any of them changed since.
    /// Answers the tasks removed.
    func undoImport(revision: Int64, client: String) async throws -> Revised<[PlanTask]>
    /// This board's own identity, carried in its exports (a task made here has the origin `planboard:BOARD:ID`).
    func boardID() async throws -> String
    /// Which of `origins` tasks on the board already have (see `PlanTask.origin`).
    func existingOrigins(_ origins: [String]) async throws -> Set<String>
    /// Keeps an uploaded file under `id` while `client` reviews it (for an hour at most), or refuses
    /// it (`PlanError.uploadsWaiting`, `.uploadRoomFull`) when it would pass `limits`: the check and
    /// the keeping are one transaction, so uploads arriving at once cannot all slip under them.
    func stash(upload: [UInt8], id: String, client: String?, limits: StashLimits) async throws
    /// A stashed upload, waiting or imported already, while it is kept.
    func stashedUpload(_ id: String) async throws -> StashedUpload?
    /// The changes made after `revision`, oldest first, at most `limit` of them.
    func changes(after revision: Int64, limit: Int) async throws -> [ChangeEvent]
    /// A secret of `length` random bytes kept with the board under `name` (made on first use), so
    /// that every server in front of one board shares it: the key session tokens are signed with.
    func secret(named name: String, length: Int) async throws -> [UInt8]
    /// Trims the change log to what the store's `ChangeLogPolicy` keeps, drops uploads and move
    /// ids past their time, and gives the freed space back; returns what it did. Stores do it by
    /// themselves after changes (at most once a minute); this is for tests and maintenance.
    func pruneHistory() async throws -> PruneReport
    /// Gives every task stored by an older version what is now kept with its notes (the excerpt, the
    /// notes as written and their format), worked out from its stored HTML by `derive`; returns how
    /// many it completed. Nothing a person sees changes, so the revision stays as it is.
    func completeLegacyNotes(_ derive: @escaping @Sendable (_ notesHTML: String) -> LegacyNotes) async throws -> Int
    /// The zone the board's days follow while the board names none of its own.
    var serverZone: TimeZone { get }
    /// The board's time zone, the hour its day starts, and the day it last turned to.
    func settings() async throws -> BoardSettings
    /// Changes the board's time zone (nil: the server's) and the hour its day starts, checked first.
    func saveSettings(timeZone: String?, dayStartsAt: Int, client: String?) async throws -> Revised<BoardSettings>
    /// Turns the board's day when it is due (see `DayPlan.turn`), in one change (none for a board's
    /// first turn that moves nothing); nil when the board has turned today already. Safe to call at
    /// any time, from any number of servers.
    func turnDay() async throws -> Revised<TurnSummary>?
    /// Sends a column's finished tasks to the logbook now, in one change.
    func clearFinished(in column: BoardColumn, client: String?) async throws -> Revised<[PlanTask]>
    /// Brings a task back from the logbook to the top of its column, unfinished.
    func putBack(_ id: TaskID, client: String?) async throws -> Revised<PlanTask>
    /// The tasks the latest day's turn brought to Today that are still where it put them, each with
    /// the column it came from: each arrival can be undone on its own (`undoArrival`).
    func arrivals() async throws -> [TaskID: BoardColumn]
    /// Sends one task the day's turn brought to Today back where it was, its day restored, as a
    /// move of `client`'s (which their undo takes back); refused when the task has changed or moved since.
    func undoArrival(_ id: TaskID, client: String?) async throws -> Revised<PlanTask>
    /// A page of the logbook after `cursor` (nil: the first page), at most `limit` entries.
    func logbook(after cursor: LogbookCursor?, limit: Int) async throws -> LogbookPage
    /// The tasks, on the board and in the logbook, whose folded title and notes (`SearchText`) hold
    /// every term of `query`: the board's first, then the logbook's; `limit` of them from `offset`.
    func search(_ query: SearchQuery, offset: Int, limit: Int) async throws -> SearchPage
    /// Wake-ups for every committed change, this server's own and other servers' on the same
    /// board, when there can be such servers; nil for a store only this process writes to.
    func changeWakeUps() -> AsyncStream<Void>?
}

extension BoardStore {
    public func changeWakeUps() -> AsyncStream<Void>? { nil }

    /// Adds `tasks` as one import, all of them, with `summary` kept alongside.
    public func importTasks(_ tasks: [ImportedTask], summary: String?, client: String?) async throws -> Revised<[PlanTask]> {
        let stored = try await importTasks(ImportBatch(tasks: tasks, summary: { _ in summary }), client: client)
        return Revised(revision: stored.revision, value: stored.value.tasks)
    }

    /// The summary kept with the import that made `revision`, if it was one.
    public func importSummary(revision: Int64) async throws -> String? {
        try await importRecord(revision: revision)?.summary
    }

    /// The board's calendar as its settings say now (its zone, or the server's).
    public func calendar() async throws -> BoardCalendar {
        try await settings().calendar(serverZone: serverZone)
    }
}

/// What one pruning of the history did.
public struct PruneReport: Sendable, Equatable {
    /// Changes that can no longer be undone (too old, too deep, or over the notes budget).
    public var setAside = 0
    /// Changes whose notes were dropped.
    public var notesDropped = 0
    /// Changes removed from the log altogether.
    public var removed = 0
    /// Expired move ids and stashed uploads removed.
    public var expired = 0

    public init() {}

    public var changedAnything: Bool { setAside + notesDropped + removed + expired > 0 }
}
