import Foundation
import Hummingbird
import HummingbirdTesting
import PlanCore
import PlanStore
import Synchronization
import Testing
@testable import PlanWeb

/// A database that goes away (restarted, unreachable) and comes back: the board answers 503 with
/// a plain message meanwhile, and serves again afterwards.
@Suite struct UnavailableDatabaseTests {
    @Test func aDatabaseThatIsAwayIsA503WithRetryAfterAndTheBoardServesOnceItIsBack() async throws {
        let store = AwayStore(base: try TestApp.store())
        try await TestApp.make(store: store).test(.router) { client in
            _ = try await client.addTasks(["Buy milk"])
            store.isAway = true
            let json = try await client.get("/", json: true)
            #expect(json.status == .serviceUnavailable)
            #expect(json.headers[.retryAfter] == "2")
            #expect(json.text.contains(#""code":"unavailable""#))
            #expect(json.text.contains("can't be reached just now"))
            let page = try await client.get("/")
            #expect(page.status == .serviceUnavailable)
            #expect(page.text.contains("can&#39;t be reached just now") || page.text.contains("can't be reached just now"))
            let add = try await client.post("/tasks", ["title": "Call Anna", "column": "today"], json: true)
            #expect(add.status == .serviceUnavailable)

            // The page says the board is away for a moment, and tries again by itself.
            #expect(page.text.contains("<h1>Back in a moment</h1>"))
            #expect(page.text.contains(#"<meta http-equiv="refresh" content="5;url=/">"#))
            #expect(page.text.contains(#"<a class="button button-primary" href="/">Try again</a>"#))
            let task = try await client.get("/tasks/1?x=1&y=2")
            #expect(task.status == .serviceUnavailable)
            #expect(task.text.contains(#"content="5;url=/tasks/1?x=1&amp;y=2""#), "the same address, escaped")
            // A refused form post is not sent again by itself.
            let form = try await client.post("/tasks", ["title": "Call Anna", "column": "today"])
            #expect(form.status == .serviceUnavailable)
            #expect(!form.text.contains("http-equiv=\"refresh\"") && form.text.contains("Go to the board"))

            store.isAway = false
            let back = try await client.get("/", json: true)
            #expect(back.status == .ok)
            #expect(back.text.contains("Buy milk") && !back.text.contains("Call Anna"))
        }
    }
}

/// A store whose database can be sent away: while away, every call throws `StoreUnavailable`,
/// as the PostgreSQL store does when its server is gone.
final class AwayStore: BoardStore {
    let base: any BoardStore
    private let away = Atomic<Bool>(false)

    init(base: any BoardStore) { self.base = base }

    var isAway: Bool {
        get { away.load(ordering: .relaxed) }
        set { away.store(newValue, ordering: .relaxed) }
    }

    private func reach<T>(_ call: () async throws -> T) async throws -> T {
        if isAway { throw StoreUnavailable(reason: "sent away by the test") }
        return try await call()
    }

    func board() async throws -> Board { try await reach { try await base.board() } }
    func revision() async throws -> Int64 { try await reach { try await base.revision() } }
    func task(_ id: TaskID) async throws -> PlanTask { try await reach { try await base.task(id) } }
    func create(_ new: NewTask, client: String?) async throws -> Revised<PlanTask> { try await reach { try await base.create(new, client: client) } }
    func edit(_ id: TaskID, _ edit: TaskEdit, client: String?) async throws -> Revised<PlanTask> { try await reach { try await base.edit(id, edit, client: client) } }
    func move(_ request: MoveRequest, client: String?) async throws -> MoveResult { try await reach { try await base.move(request, client: client) } }
    func setFinished(_ id: TaskID, _ finished: Bool, client: String?) async throws -> Revised<PlanTask> {
        try await reach { try await base.setFinished(id, finished, client: client) }
    }
    func delete(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> { try await reach { try await base.delete(id, client: client) } }
    func undo(client: String) async throws -> Revised<UndoResult> { try await reach { try await base.undo(client: client) } }
    func changeMany(_ ids: [TaskID], _ action: BatchAction, client: String?) async throws -> Revised<[PlanTask]> {
        try await reach { try await base.changeMany(ids, action, client: client) }
    }
    func importTasks(_ batch: ImportBatch, client: String?) async throws -> Revised<ImportOutcome> {
        try await reach { try await base.importTasks(batch, client: client) }
    }
    func importRecord(revision: Int64) async throws -> ImportRecord? { try await reach { try await base.importRecord(revision: revision) } }
    func undoImport(revision: Int64, client: String) async throws -> Revised<[PlanTask]> {
        try await reach { try await base.undoImport(revision: revision, client: client) }
    }
    func boardID() async throws -> String { try await reach { try await base.boardID() } }
    func existingOrigins(_ origins: [String]) async throws -> Set<String> { try await reach { try await base.existingOrigins(origins) } }
    func stash(upload: [UInt8], id: String, client: String?, limits: StashLimits) async throws {
        try await reach { try await base.stash(upload: upload, id: id, client: client, limits: limits) }
    }
    func stashedUpload(_ id: String) async throws -> StashedUpload? { try await reach { try await base.stashedUpload(id) } }
    func changes(after revision: Int64, limit: Int) async throws -> [ChangeEvent] { try await reach { try await base.changes(after: revision, limit: limit) } }
    func secret(named name: String, length: Int) async throws -> [UInt8] { try await reach { try await base.secret(named: name, length: length) } }
    func pruneHistory() async throws -> PruneReport { try await reach { try await base.pruneHistory() } }
    func completeLegacyNotes(_ derive: @escaping @Sendable (String) -> LegacyNotes) async throws -> Int {
        try await reach { try await base.completeLegacyNotes(derive) }
    }
    var serverZone: TimeZone { base.serverZone }
    func settings() async throws -> BoardSettings { try await reach { try await base.settings() } }
    func saveSettings(timeZone: String?, dayStartsAt: Int, client: String?) async throws -> Revised<BoardSettings> {
        try await reach { try await base.saveSettings(timeZone: timeZone, dayStartsAt: dayStartsAt, client: client) }
    }
    func turnDay() async throws -> Revised<TurnSummary>? { try await reach { try await base.turnDay() } }
    func clearFinished(in column: BoardColumn, client: String?) async throws -> Revised<[PlanTask]> {
        try await reach { try await base.clearFinished(in: column, client: client) }
    }
    func putBack(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> { try await reach { try await base.putBack(id, client: client) } }
    func arrivals() async throws -> [TaskID: BoardColumn] { try await reach { try await base.arrivals() } }
    func undoArrival(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> { try await reach { try await base.undoArrival(id, client: client) } }
    func logbook(after cursor: LogbookCursor?, limit: Int) async throws -> LogbookPage {
        try await reach { try await base.logbook(after: cursor, limit: limit) }
    }
    func search(_ query: SearchQuery, offset: Int, limit: Int) async throws -> SearchPage {
        try await reach { try await base.search(query, offset: offset, limit: limit) }
    }
}
