import Foundation
import PlanCore
import PlanStore

/// A store that wakes the live streams after every successful change, whichever route made it.
/// A store with wake-ups of its own (`changeWakeUps`, PostgreSQL's NOTIFY, which reaches this
/// server too) is left to them, so that a change wakes each stream once, not twice.
struct NotifyingStore: BoardStore {
    let base: any BoardStore
    let notifier: ChangeNotifier
    /// Whether this wrapper wakes the streams itself (false when the store's own wake-ups do).
    let wakes: Bool

    func board() async throws -> Board { try await base.board() }
    func revision() async throws -> Int64 { try await base.revision() }
    func task(_ id: TaskID) async throws -> PlanTask { try await base.task(id) }
    func changes(after revision: Int64, limit: Int) async throws -> [ChangeEvent] { try await base.changes(after: revision, limit: limit) }
    func secret(named name: String, length: Int) async throws -> [UInt8] { try await base.secret(named: name, length: length) }
    func pruneHistory() async throws -> PruneReport { try await base.pruneHistory() }
    func completeLegacyNotes(_ derive: @escaping @Sendable (String) -> LegacyNotes) async throws -> Int { try await base.completeLegacyNotes(derive) }

    func create(_ new: NewTask, client: String?) async throws -> Revised<PlanTask> {
        try await notifying { try await base.create(new, client: client) }
    }

    func edit(_ id: TaskID, _ edit: TaskEdit, client: String?) async throws -> Revised<PlanTask> {
        try await notifying { try await base.edit(id, edit, client: client) }
    }

    func move(_ request: MoveRequest, client: String?) async throws -> MoveResult {
        try await notifying { try await base.move(request, client: client) }
    }

    func setFinished(_ id: TaskID, _ finished: Bool, client: String?) async throws -> Revised<PlanTask> {
        try await notifying { try await base.setFinished(id, finished, client: client) }
    }

    func delete(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> {
        try await notifying { try await base.delete(id, client: client) }
    }

    func changeMany(_ ids: [TaskID], _ action: BatchAction, client: String?) async throws -> Revised<[PlanTask]> {
        try await notifying { try await base.changeMany(ids, action, client: client) }
    }

    func importTasks(_ batch: ImportBatch, client: String?) async throws -> Revised<ImportOutcome> {
        try await notifying { try await base.importTasks(batch, client: client) }
    }

    func importRecord(revision: Int64) async throws -> ImportRecord? { try await base.importRecord(revision: revision) }

    func undoImport(revision: Int64, client: String) async throws -> Revised<[PlanTask]> {
        try await notifying { try await base.undoImport(revision: revision, client: client) }
    }

    func boardID() async throws -> String { try await base.boardID() }
    func existingOrigins(_ origins: [String]) async throws -> Set<String> { try await base.existingOrigins(origins) }
    func stash(upload: [UInt8], id: String, client: String?, limits: StashLimits) async throws {
        try await base.stash(upload: upload, id: id, client: client, limits: limits)
    }
    func stashedUpload(_ id: String) async throws -> StashedUpload? { try await base.stashedUpload(id) }

    func undo(client: String) async throws -> Revised<UndoResult> {
        try await notifying { try await base.undo(client: client) }
    }

    var serverZone: TimeZone { base.serverZone }
    func settings() async throws -> BoardSettings { try await base.settings() }
    func logbook(after cursor: LogbookCursor?, limit: Int) async throws -> LogbookPage { try await base.logbook(after: cursor, limit: limit) }
    func search(_ query: SearchQuery, offset: Int, limit: Int) async throws -> SearchPage { try await base.search(query, offset: offset, limit: limit) }

    func saveSettings(timeZone: String?, dayStartsAt: Int, client: String?) async throws -> Revised<BoardSettings> {
        try await notifying { try await base.saveSettings(timeZone: timeZone, dayStartsAt: dayStartsAt, client: client) }
    }

    func turnDay() async throws -> Revised<TurnSummary>? {
        try await notifying { try await base.turnDay() }
    }

    func clearFinished(in column: BoardColumn, client: String?) async throws -> Revised<[PlanTask]> {
        try await notifying { try await base.clearFinished(in: column, client: client) }
    }

    func putBack(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> {
        try await notifying { try await base.putBack(id, client: client) }
    }

    func arrivals() async throws -> [TaskID: BoardColumn] { try await base.arrivals() }

    func undoArrival(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> {
        try await notifying { try await base.undoArrival(id, client: client) }
    }

    private func notifying<T>(_ change: () async throws -> T) async throws -> T {
        let result = try await change()
        if wakes { notifier.changed() }
        return result
    }
}
