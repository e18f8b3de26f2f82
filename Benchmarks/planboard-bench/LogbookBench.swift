// The board beside a year or more of finished work: the same 300-task board with an empty
// logbook and with 50,000 logbook entries; the board page, a move and the logbook's first page.
// The logbook rows live in the task table (marked inLogbook), so this shows they are not read to
// draw the board or to place a move.
import Foundation
import Hummingbird
import Logging
import PlanCore
import PlanSQLite
import PlanStore
import PlanWeb

/// `count` finished tasks in the logbook, finished one every ~20 minutes back from `end`.
func logbookEntries(_ count: Int, endingAt end: Date, calendar: BoardCalendar) -> [ImportedTask] {
    (0..<count).map { index in
        let finished = end.addingTimeInterval(-Double(index) * 1_200)
        return ImportedTask(
            title: "Finished task \(index) of the logbook", column: BoardColumn.allCases[index % 3], important: index % 11 == 0,
            finished: true, notes: .none, created: finished.addingTimeInterval(-86_400), updated: finished, originalID: nil,
            finishedAt: finished, finishedDay: calendar.day(of: finished), inLogbook: true)
    }
}

func benchLogbook(board: Data, resources: URL, logger: Logger) async throws {
    print("")
    print("The 300-task board beside its logbook (GET / over HTTP; a move straight on the store)")
    print("  logbook   request                             median        p95   runs")
    for entries in [0, 50_000] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteBoardStore.open(path: folder.appendingPathComponent("board.sqlite").path)
        if entries > 0 {
            _ = try await store.importTasks(
                logbookEntries(entries, endingAt: Date(), calendar: try await store.calendar()), summary: nil, client: nil)
        }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = try await buildApplication(
            configuration: AppConfiguration(port: 0, resources: resources), store: store, logger: logger,
            onServerRunning: { port in portSink.yield(port) })
        let server = Task { try await app.runService(gracefulShutdownSignals: []) }
        defer { server.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { fatalError("the server did not start") }
        let client = try LoopbackClient(port: port)
        let cookie = String(try client.send("GET", "/").headers["set-cookie"]!.split(separator: ";")[0])
        let token = String(cookie.split(separator: "=")[1])
        let imported = try client.send(
            "POST", "/import", headers: ["Cookie": cookie, "X-CSRF-Token": token, "Content-Type": "application/json", "Accept": "application/json"],
            body: Array(board))
        guard imported.status == 200 else { fatalError("import answered \(imported.status)") }
        let label = String(format: "  %7d   ", entries)
        print(label + row("GET / (board unchanged)", try measure { _ = try client.send("GET", "/", headers: ["Cookie": cookie]) }))
        let logbook = try client.send("GET", "/logbook", headers: ["Cookie": cookie])
        if logbook.status == 200 {
            print(label + row("GET /logbook (first page)", try measure { _ = try client.send("GET", "/logbook", headers: ["Cookie": cookie]) }))
        } else {
            print(label + "GET /logbook answered \(logbook.status)")
        }
        let ids = try await store.board().tasks(in: .today).filter { !$0.finished }.map(\.id)  // a finished task cannot move
        var generator = SystemRandomNumberGenerator()
        print(label + row("move within Today (store)", try await measureAsync {
            let id = ids.randomElement(using: &generator)!
            var anchor = ids.randomElement(using: &generator)!
            while anchor == id { anchor = ids.randomElement(using: &generator)! }
            _ = try await store.move(MoveRequest(taskID: id, column: .today, after: anchor, moveID: UUID().uuidString), client: "bench")
        }))
    }
}

/// `measure` for asynchronous work: at least 300 runs and two seconds; milliseconds.
func measureAsync(_ body: () async throws -> Void) async rethrows -> (median: Double, p95: Double, runs: Int) {
    let clock = ContinuousClock()
    var samples: [Double] = []
    let start = clock.now
    try await body()
    while samples.count < 300 || (clock.now - start) < .seconds(2) {
        let began = clock.now
        try await body()
        samples.append(milliseconds(clock.now - began))
    }
    samples.sort()
    return (samples[samples.count / 2], samples[min(samples.count - 1, samples.count * 95 / 100)], samples.count)
}
