// Board benchmarks: page render time by board size, and move cost by column size.
// Run with `scripts/bench` (release build). Figures are medians and 95th percentiles of many runs.
import Foundation
import PlanCore
import PlanStore
import PlanWeb

/// Times `body` repeatedly: at least `minimumRuns` times and for at least `minimumSeconds`.
func measure(minimumRuns: Int = 30, minimumSeconds: Double = 2, _ body: () async throws -> Void) async throws -> (median: Double, p95: Double, runs: Int) {
    let clock = ContinuousClock()
    var samples: [Double] = []
    let start = clock.now
    try await body()  // warm-up, not counted
    while samples.count < minimumRuns || (clock.now - start) < .seconds(minimumSeconds) {
        let began = clock.now
        try await body()
        let elapsed = clock.now - began
        samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    }
    samples.sort()
    return (samples[samples.count / 2], samples[min(samples.count - 1, Int(Double(samples.count) * 0.95))], samples.count)
}

func format(_ ms: Double) -> String { String(format: "%8.3f ms", ms) }

/// A fresh SQLite file (WAL), as `planboard` uses, in a temporary folder.
func freshStore() throws -> (SQLiteBoardStore, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-bench-\(UUID().uuidString)")
    return (try SQLiteBoardStore.open(path: folder.appendingPathComponent("board.sqlite").path), folder)
}

let titles = ["Buy milk", "Write the quarterly report", "Call Anna about the trip", "Review pull request #42", "Book the dentist", "Plan the team offsite in Lisbon", "Renew passport", "Fix the leaking tap"]
let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let renderer = try await PageRenderer(templates: resources.appendingPathComponent("Templates"))
var generator = SystemRandomNumberGenerator()

print("PlanBoard benchmarks (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
print("")
print("Render GET / : read the board from SQLite, build the view model, draw the Mustache page")
print("  tasks    median        p95   runs   page size   (of the median: read board / view model / Mustache)")
for count in [30, 300, 3_000] {
    let (store, folder) = try freshStore()
    defer { try? FileManager.default.removeItem(at: folder) }
    for index in 0..<count {
        let column = Column.allCases[index % 3]
        let notes = index % 4 == 0 ? "Some notes about this task, long enough to need an excerpt on the card: agenda, people to ask, links to read." : ""
        let task = try await store.create(try NewTask(title: "\(titles[index % titles.count]) \(index)", column: column, important: index % 7 == 0, notes: notes), client: nil)
        if index % 5 == 0 { _ = try await store.setFinished(task.value.id, true, client: nil) }
    }
    var size = 0
    let result = try await measure {
        let board = try await store.board()
        let html = try renderer.html(BoardPage(board: board, csrf: "benchmarktoken0123456789abcdef"))
        size = html.utf8.count
    }
    // The same work in its three parts, to show where the time goes.
    let board = try await store.board()
    let page = BoardPage(board: board, csrf: "benchmarktoken0123456789abcdef")
    let read = try await measure(minimumRuns: 10, minimumSeconds: 0.5) { _ = try await store.board() }
    let model = try await measure(minimumRuns: 10, minimumSeconds: 0.5) { _ = BoardPage(board: board, csrf: "benchmarktoken0123456789abcdef") }
    let draw = try await measure(minimumRuns: 10, minimumSeconds: 0.5) { _ = try renderer.html(page) }
    print(String(format: "  %5d  ", count) + format(result.median) + "  " + format(result.p95) + String(format: "  %5d  %7.1f KB", result.runs, Double(size) / 1024)
        + String(format: "   %.2f / %.2f / %.2f ms", read.median, model.median, draw.median))
}

print("")
print("Move one task within a column (one transaction: validate, find neighbours, write one row, log the change)")
print("  column   median        p95   runs")
for count in [300, 3_000] {
    let (store, folder) = try freshStore()
    defer { try? FileManager.default.removeItem(at: folder) }
    var ids: [TaskID] = []
    for index in 0..<count {
        ids.append(try await store.create(try NewTask(title: "task \(index)", column: .today), client: nil).value.id)
    }
    let result = try await measure(minimumRuns: 500) {
        let id = ids.randomElement(using: &generator)!
        var anchor = ids.randomElement(using: &generator)!
        while anchor == id { anchor = ids.randomElement(using: &generator)! }
        _ = try await store.move(MoveRequest(taskID: id, column: .today, after: anchor, moveID: UUID().uuidString), client: "bench")
    }
    print(String(format: "  %5d  ", count) + format(result.median) + "  " + format(result.p95) + String(format: "  %5d", result.runs))
}
