// Search at the size a year or more of daily use reaches: 3,000 tasks on the board and 50,000 in
// the logbook, with realistic titles and notes in English and Chinese (Traditional and
// Simplified). Prints each query's median and p99 straight on the store and over HTTP, how much
// the search index adds to the database file, and a move and an edit beside it.
import Foundation
import GRDB
import Hummingbird
import Logging
import PlanCore
import PlanSQLite
import PlanStore
import PlanWeb

/// Realistic tasks in both languages, the same for a given seed.
struct SearchCorpus {
    static let englishVerbs = ["Call", "Email", "Review", "Write", "Book", "Plan", "Fix", "Update", "Prepare", "Send", "Renew", "Buy", "Pay", "Return", "Order", "Check"]
    static let englishObjects = [
        "the dentist", "the quarterly report", "Anna about the trip", "the team offsite in Lisbon", "my passport",
        "the leaking tap in the kitchen", "the slides for Thursday's review", "a birthday present for Sam", "the car insurance",
        "milk, eggs and bread", "the budget spreadsheet", "the conference talk proposal", "library books", "the train tickets to Porto",
        "the tax return", "the contract with the new supplier", "feedback on Maria's draft", "the release notes",
    ]
    static let englishNotes = [
        "Bring the printed copy and the signed form.", "Check the agenda first and ask who else is coming.",
        "Last time it took about two hours, so block the afternoon.", "The link is in the shared folder under Admin.",
        "Budget is around 300 euro; anything more needs approval.", "Call before 5 pm, they close early on Fridays.",
        "Needs the reference number from the letter.", "Keep it short: three slides at most.",
    ]
    static let chineseTitles = [
        "買牛奶和麵包", "报税截止前准备资料", "預約牙醫檢查", "给妈妈打电话", "整理季度報告", "续签护照", "繳交水電費", "订火车票去杭州",
        "修理廚房水龍頭", "准备周四的简报", "回覆客戶的郵件", "买生日礼物给小明", "更新預算表", "阅读会议纪要", "預訂會議室", "检查汽车保险",
    ]
    static let chineseNotes = [
        "記得帶身分證和簽好的表格。", "上次花了大约两个小时，下午不要排别的事。", "連結在共用資料夾的行政目錄裡。",
        "预算大约三百元，超过要先请示。", "週五他們比較早下班，五點前打電話。", "需要信上的参考编号。",
    ]

    /// `count` tasks: about one in three in Chinese, two in five with notes.
    static func tasks(_ count: Int, seed: UInt64, logbook: Bool, endingAt end: Date, calendar: BoardCalendar) -> [ImportedTask] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            let chinese = random.next() % 3 == 0
            let title = chinese
                ? chineseTitles[Int(random.next() % UInt64(chineseTitles.count))]
                : "\(englishVerbs[Int(random.next() % UInt64(englishVerbs.count))]) \(englishObjects[Int(random.next() % UInt64(englishObjects.count))])"
            var notes = TaskNotes.none
            if random.next() % 5 < 2 {
                let pool = chinese ? chineseNotes : englishNotes
                let text = (0..<Int(1 + random.next() % 2)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }.joined(separator: " ")
                notes = TaskNotes(source: text, format: .plain, html: "<p>\(text)</p>", excerpt: text)
            }
            let finished = end.addingTimeInterval(-Double(index) * 1_200)
            return ImportedTask(
                title: title, column: BoardColumn.allCases[index % 3], important: random.next() % 9 == 0, finished: logbook,
                notes: notes, created: finished.addingTimeInterval(-86_400), updated: finished, originalID: nil,
                finishedAt: logbook ? finished : nil, finishedDay: logbook ? calendar.day(of: finished) : nil, inLogbook: logbook)
        }
    }
}

/// A small deterministic generator (SplitMix64), so every run searches the same board.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func benchSearch(resources: URL, logger: Logger, keep: String?) async throws {
    print("")
    print("Search: 3,000 tasks on the board and 50,000 in the logbook, a third of them in Chinese")
    print("  first page of 20 (what /search shows) on the store and over HTTP; the store's page of 50 beside it")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("board.sqlite").path
    let store = try SQLiteBoardStore.open(path: path)
    let calendar = try await store.calendar()
    let now = Date()
    _ = try await store.importTasks(
        SearchCorpus.tasks(50_000, seed: 7, logbook: true, endingAt: now, calendar: calendar), summary: nil, client: nil)
    _ = try await store.importTasks(
        SearchCorpus.tasks(3_000, seed: 8, logbook: false, endingAt: now, calendar: calendar), summary: nil, client: nil)

    // The page's size, as SearchController has it; the answer's count below checks the page agrees.
    let pageSize = 20
    let queries = ["dentist", "tax return", "quarterly report Anna", "porto", "ask", "牛奶", "報稅", "预算 三百", "會議室", "牙", "zebra", "the"]
    print("  query                       matches   store median     p99   HTTP median     p99   store, 50: median")
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
    for text in queries {
        let query = try SearchQuery(text)!
        let first = try await store.search(query, offset: 0, limit: pageSize)
        let onStore = try await measureSamples { _ = try await store.search(query, offset: 0, limit: pageSize) }
        let fifty = try await measureSamples { _ = try await store.search(query, offset: 0, limit: 50) }
        let uri = "/search?q=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let answer = try client.send("GET", uri, headers: ["Cookie": cookie])
        guard answer.status == 200 else { fatalError("GET \(uri) answered \(answer.status)") }
        let shown = String(decoding: answer.body, as: UTF8.self).components(separatedBy: "<li class=\"search-result").count - 1
        guard shown == first.tasks.count else { fatalError("GET \(uri) showed \(shown) results, the store's page \(first.tasks.count)") }
        let overHTTP = try await measureSamples { _ = try client.send("GET", uri, headers: ["Cookie": cookie]) }
        let matches = first.next == nil ? "\(first.tasks.count)" : "\(pageSize)+"
        print(
            "  " + text.padding(toLength: 26, withPad: " ", startingAt: 0) + String(repeating: " ", count: max(0, 8 - matches.count)) + matches
                + String(format: "   %9.3f ms %7.3f   %8.3f ms %7.3f   %9.3f ms", onStore.median, onStore.p99, overHTTP.median, overHTTP.p99, fifty.median))
    }

    // What the index adds: the file as it is against a copy without the index, both vacuumed.
    let copy = folder.appendingPathComponent("without-index.sqlite").path
    let queue = try DatabaseQueue(path: path)
    try await queue.writeWithoutTransaction { db in
        try db.execute(sql: "VACUUM")
        try db.execute(sql: "VACUUM INTO ?", arguments: [copy])
    }
    if let keep {
        try? FileManager.default.removeItem(atPath: keep)
        try FileManager.default.copyItem(atPath: path, toPath: keep)
        print("  the searched board is kept at \(keep)")
    }
    let withIndex = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
    let bare = try DatabaseQueue(path: copy)
    try await bare.writeWithoutTransaction { db in
        try db.execute(sql: """
            DROP TRIGGER taskSearch_insert; DROP TRIGGER taskSearch_delete; DROP TRIGGER taskSearch_update;
            DROP TABLE taskSearchTerms; DROP TABLE taskSearch; UPDATE task SET searchText = ''
            """)
        try db.execute(sql: "VACUUM")
    }
    let without = try FileManager.default.attributesOfItem(atPath: copy)[.size] as! Int
    print(String(
        format: "  database file: %.1f MB with search (index and folded text), %.1f MB without: %.2f×",
        Double(withIndex) / 1e6, Double(without) / 1e6, Double(withIndex) / Double(without)))

    // A move and an edit on the same store, for comparison with the figures above.
    let ids = try await store.board().tasks(in: .today).map(\.id)
    var generator = SystemRandomNumberGenerator()
    print("  " + row("move within Today (store)", try await measureAsync {
        let id = ids.randomElement(using: &generator)!
        var anchor = ids.randomElement(using: &generator)!
        while anchor == id { anchor = ids.randomElement(using: &generator)! }
        _ = try await store.move(MoveRequest(taskID: id, column: .today, after: anchor, moveID: UUID().uuidString), client: "bench")
    }))
    var edits = 0
    print("  " + row("edit a title (store)", try await measureAsync {
        edits += 1
        _ = try await store.edit(ids[edits % ids.count], try TaskEdit(title: "Renamed task \(edits) 改名"), client: "bench")
    }))
}

/// At least 200 runs and one second of `body`; median and p99 in milliseconds.
func measureSamples(_ body: () async throws -> Void) async rethrows -> (median: Double, p99: Double) {
    let clock = ContinuousClock()
    var samples: [Double] = []
    let start = clock.now
    try await body()
    while samples.count < 200 || (clock.now - start) < .seconds(1) {
        let began = clock.now
        try await body()
        samples.append(milliseconds(clock.now - began))
        if samples.count >= 5_000 { break }
    }
    samples.sort()
    return (samples[samples.count / 2], samples[min(samples.count - 1, samples.count * 99 / 100)])
}
