// Board benchmarks: the board page as a browser gets it, and the cost of one move.
// Run with `scripts/bench` (release build), which writes the realistic boards this reads.
//
// Each board (30, 300 and 3,000 realistic tasks, from Tests/Browser/realistic.py) is imported into
// a fresh SQLite file behind the real app, served on 127.0.0.1, and fetched over one kept-alive
// connection: so the figures include routing, the middleware, the session, drawing and HTTP.
import Foundation
import Hummingbird
import Logging
import PlanCore
import PlanSQLite
import PlanStore
import PlanWeb

/// Times `body`: at least `minimumRuns` times and for at least `minimumSeconds`; milliseconds.
func measure(minimumRuns: Int = 30, minimumSeconds: Double = 2, _ body: () throws -> Void) rethrows -> (median: Double, p95: Double, runs: Int) {
    let clock = ContinuousClock()
    var samples: [Double] = []
    let start = clock.now
    try body()  // warm-up, not counted
    while samples.count < minimumRuns || (clock.now - start) < .seconds(minimumSeconds) {
        let began = clock.now
        try body()
        samples.append(milliseconds(clock.now - began))
    }
    samples.sort()
    return (samples[samples.count / 2], samples[min(samples.count - 1, Int(Double(samples.count) * 0.95))], samples.count)
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3
}

func row(_ label: String, _ result: (median: Double, p95: Double, runs: Int)) -> String {
    label.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%9.3f ms %9.3f ms %6d", result.median, result.p95, result.runs)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: planboard-bench FOLDER [--profile COUNT] [--search-only [--keep PATH]]  (FOLDER holds board-30.json, board-300.json, board-3000.json: see scripts/bench)")
    exit(2)
}
/// `--profile 300`: only that board, a fixed number of requests and no timing, for a profiler
/// (`valgrind --tool=callgrind`) to count where the instructions go.
let profile = arguments.firstIndex(of: "--profile").flatMap { arguments.count > $0 + 1 ? Int(arguments[$0 + 1]) : nil }
let boards = URL(fileURLWithPath: arguments[1])
/// `--search-only`: only the search figures; `--keep PATH` also leaves the searched board there,
/// to read its query plans with the sqlite3 shell.
let searchOnly = arguments.contains("--search-only")
let keptSearchBoard = arguments.firstIndex(of: "--keep").flatMap { arguments.count > $0 + 1 ? arguments[$0 + 1] : nil }
let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
var logger = Logger(label: "bench")
logger.logLevel = .error

print("PlanBoard benchmarks (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
for count in searchOnly ? [] : profile.map({ [$0] }) ?? [30, 300, 3_000] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try SQLiteBoardStore.open(path: folder.appendingPathComponent("board.sqlite").path)
    let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
    let app = try await buildApplication(
        configuration: AppConfiguration(port: 0, resources: resources), store: store, logger: logger,
        onServerRunning: { port in portSink.yield(port) })
    let server = Task { try await app.runService(gracefulShutdownSignals: []) }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { fatalError("the server did not start") }

    let client = try LoopbackClient(port: port)
    let first = try client.send("GET", "/")
    let cookie = first.headers["set-cookie"]!.split(separator: ";")[0]
    let token = String(cookie.split(separator: "=")[1])
    let board = try Data(contentsOf: boards.appendingPathComponent("board-\(count).json"))
    let imported = try client.send("POST", "/import", headers: ["Cookie": String(cookie), "X-CSRF-Token": token, "Content-Type": "application/json", "Accept": "application/json"], body: Array(board))
    guard imported.status == 200 else { fatalError("import answered \(imported.status): \(String(decoding: imported.body, as: UTF8.self))") }
    let plain = ["Cookie": String(cookie)]
    let gzip = ["Cookie": String(cookie), "Accept-Encoding": "gzip"]

    if profile != nil {
        let finish = ["Cookie": String(cookie), "X-CSRF-Token": token, "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        for round in 0..<100 {
            _ = try client.send("GET", "/", headers: plain)
            _ = try client.send("POST", "/tasks/\(round % 20 + 1)/finish", headers: finish, body: Array("finished=\(round % 2 == 0)".utf8))
            _ = try client.send("GET", "/", headers: plain)
        }
        server.cancel()
        _ = try? await server.value
        exit(0)
    }
    print("")
    print("Board of \(count) realistic tasks")
    let clock = ContinuousClock()
    let began = clock.now
    let page = try client.send("GET", "/", headers: plain)
    let firstDrawing = milliseconds(clock.now - began)
    let compressed = try client.send("GET", "/", headers: gzip)
    let etag = page.headers["etag"] ?? ""
    print(String(format: "  page size: %.1f KB raw, %.1f KB gzipped (as served)", Double(page.body.count) / 1024, Double(compressed.body.count) / 1024))
    print(String(format: "  first GET / after the import (every card drawn): %.3f ms", firstDrawing))
    print("                                       median        p95   runs")
    print("  " + row("GET / (board unchanged)", try measure { _ = try client.send("GET", "/", headers: plain) }))
    print("  " + row("GET / gzipped (board unchanged)", try measure { _ = try client.send("GET", "/", headers: gzip) }))
    // Each sample follows a change (a task finished or reopened), so the board is read again and
    // that task's card redrawn, as after every change made in some tab.
    let json = try JSONSerialization.jsonObject(with: Data(try client.send("GET", "/", headers: ["Accept": "application/json"] .merging(plain) { a, _ in a }).body)) as! [String: Any]
    let ids = (json["columns"] as! [String: [[String: Any]]]).values.flatMap { $0.map { ($0["id"] as! NSNumber).int64Value } }
    var flip = false
    var afterChange: [Double] = []
    for round in 0..<(count <= 300 ? 300 : 60) {
        flip.toggle()
        let id = ids[round * 7919 % ids.count]
        _ = try client.send("POST", "/tasks/\(id)/finish", headers: ["Cookie": String(cookie), "X-CSRF-Token": token, "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"], body: Array("finished=\(flip)".utf8))
        let start = clock.now
        _ = try client.send("GET", "/", headers: plain)
        afterChange.append(milliseconds(clock.now - start))
    }
    afterChange.sort()
    print("  " + row("GET / (just after a change)", (afterChange[afterChange.count / 2], afterChange[afterChange.count * 95 / 100], afterChange.count)))
    let now = try client.send("GET", "/", headers: plain)
    let conditional = ["Cookie": String(cookie), "If-None-Match": now.headers["etag"] ?? etag]
    print("  " + row("GET / If-None-Match → 304", try measure {
        let status = try client.send("GET", "/", headers: conditional).status
        precondition(status == 304, "expected 304, got \(status)")
    }))

    server.cancel()
    _ = try? await server.value
}

if !searchOnly {
    print("")
    print("Move one task within a column (one transaction: validate, find neighbours, write one row, log the change)")
    print("  column   median        p95   runs")
}
var generator = SystemRandomNumberGenerator()
for count in searchOnly ? [] : [300, 3_000] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try SQLiteBoardStore.open(path: folder.appendingPathComponent("board.sqlite").path)
    var ids: [TaskID] = []
    for index in 0..<count {
        ids.append(try await store.create(try NewTask(title: "task \(index)", column: .today), client: nil).value.id)
    }
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<2_000 {
        let id = ids.randomElement(using: &generator)!
        var anchor = ids.randomElement(using: &generator)!
        while anchor == id { anchor = ids.randomElement(using: &generator)! }
        let start = clock.now
        _ = try await store.move(MoveRequest(taskID: id, column: .today, after: anchor, moveID: UUID().uuidString), client: "bench")
        samples.append(milliseconds(clock.now - start))
    }
    samples.sort()
    print(String(format: "  %5d  %8.3f ms  %8.3f ms  %5d", count, samples[samples.count / 2], samples[samples.count * 95 / 100], samples.count))
}

if !searchOnly {
    try await benchLogbook(board: try Data(contentsOf: boards.appendingPathComponent("board-300.json")), resources: resources, logger: logger)
}
try await benchSearch(resources: resources, logger: logger, keep: keptSearchBoard)
