import Foundation
import HummingbirdTesting
import SnapshotTesting
import Testing
@testable import PlanWeb

/// Whole pages, compared line by line with the committed HTML under `__Snapshots__/`; a page's
/// other states as what they change in it (`.diff`), so no two files repeat the same page.
/// The clock, the session token and the ids are fixed, so any difference is a real change.
@Suite struct PageSnapshotTests {
    static var html: Snapshotting<String, String> {
        var strategy = Snapshotting<String, String>.lines
        strategy.pathExtension = "html"
        return strategy
    }

    /// Another state of a page: only what it changes in the page's first state (`LineDiff`).
    static var change: Snapshotting<String, String> {
        var strategy = Snapshotting<String, String>.lines
        strategy.pathExtension = "diff"
        return strategy
    }

    static func seed(_ client: some TestClientProtocol) async throws {
        try await client.addTasks(["Buy milk", "Write the quarterly report", "Call Anna"])
        try await client.addTasks(["Review pull request #42"], to: "next")
        _ = try await client.post("/tasks", ["title": "Plan the trip to Lisbon", "column": "later", "important": "true", "notes": "<p>Flights first, then <strong>hotels</strong> near <a href=\"https://example.com/alfama\">Alfama</a>.</p><ul><li>Passports</li><li>Adapters</li></ul>"], json: true)
        _ = try await client.post("/tasks/2/finish", ["finished": "true"], json: true)
    }

    @Test func boardPage() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let page = try await client.get("/").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    /// Cards with days: scheduled, overdue, due today, repeating (what they change in the board page).
    @Test func boardPageWithDatedCards() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let board = try await client.get("/").text
            _ = try await client.post("/tasks/1", ["when": "2026-11-23", "deadline": "2026-11-20"], json: true)
            _ = try await client.post("/tasks/3", ["deadline": "2026-11-22"], json: true)
            _ = try await client.post("/tasks/4", ["when": "2026-12-07", "repeat": "every month on day 7"], json: true)
            _ = try await client.post("/tasks/5", ["deadline": "2027-01-15"], json: true)
            let page = try await client.get("/").text
            assertSnapshot(of: LineDiff(from: board, to: page).text, as: Self.change)
            try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
                let chinese = try await client.get("/").text
                assertSnapshot(of: chinese, as: Self.html, named: "zh-Hant")
            }
        }
    }

    @Test func taskPage() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let page = try await client.get("/tasks/5").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    @Test func validationErrorOnTheBoard() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let board = try await client.get("/").text
            let page = try await client.post("/tasks", ["title": "", "column": "next"]).text
            assertSnapshot(of: LineDiff(from: board, to: page).text, as: Self.change)
        }
    }

    @Test func actionsPage() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let page = try await client.get("/tasks/3/actions").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    @Test func notFoundPage() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/tasks/404").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    @Test func boardPageInTraditionalChinese() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
                let page = try await client.get("/").text
                assertSnapshot(of: page, as: Self.html)
            }
        }
    }

    @Test func taskPageInSimplifiedChinese() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            try await TestApp.$cookies.withValue("pb_lang=zh-Hans; pb_tz=Asia/Shanghai") {
                let page = try await client.get("/tasks/5").text
                assertSnapshot(of: page, as: Self.html)
            }
        }
    }

    // MARK: - One snapshot per state of every other page

    @Test func emptyBoardOnAFirstVisit() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    /// Markdown notes holding a task list: the card's progress (what it changes in the board page) and
    /// the task page, whose items are buttons posting their own small forms.
    @Test func checklistCardAndTaskPage() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let board = try await client.get("/").text
            _ = try await client.post("/tasks/3", [
                "notes": "Before the call:\n\n- [x] read **the brief**\n- [ ] list questions\n  - [x] budget\n- [ ] book a room", "notes_format": "markdown",
            ], json: true)
            let page = try await client.get("/").text
            assertSnapshot(of: LineDiff(from: board, to: page).text, as: Self.change, named: "card")
            let task = try await client.get("/tasks/3").text
            assertSnapshot(of: task, as: Self.html, named: "task")
        }
    }

    @Test func taskPagePreviewingNotesThatWillBeCleaned() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let page = try await client.post("/tasks/5", [
                ("title", "Plan the trip to Lisbon"), ("notes", "<p><strong>Flights</strong> first</p><script>alert(1)</script>"), ("notes_format", "html"),
                ("version", "1"), ("preview", "Preview"),
            ]).text
            let task = try await client.get("/tasks/5").text
            assertSnapshot(of: LineDiff(from: task, to: page).text, as: Self.change)
        }
    }

    @Test func taskPageAfterAConflictingEdit() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            _ = try await client.post("/tasks/1", ["title": "Buy oat milk"], json: true)
            // Drawn from version 1, saved after another tab's edit: refused, the typed text kept.
            let page = try await client.post("/tasks/1", ["title": "Buy milk and bread", "version": "1"]).text
            let task = try await client.get("/tasks/1").text
            assertSnapshot(of: LineDiff(from: task, to: page).text, as: Self.change)
        }
    }

    @Test func importPage() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/import").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    @Test func importPageRefusingPastedText() async throws {
        try await TestApp.make().test(.router) { client in
            let form = try await client.get("/import").text
            let page = try await client.post("/import", ["json": "{\"tasks\": [ not json"]).text
            assertSnapshot(of: LineDiff(from: form, to: page).text, as: Self.change)
        }
    }

    @Test func importReviewOfATrelloBoard() async throws {
        try await TestApp.make().test(.router) { client in
            let (path, page) = try await ImportFlowTests.review(client, Array(try Data(contentsOf: ImportFlowTests.trello)))
            // The stashed upload's id is random; the rest of the page is not.
            let id = String(path.dropFirst("/import/review/".count))
            assertSnapshot(of: page.replacingOccurrences(of: id, with: "UPLOAD-ID"), as: Self.html)
        }
    }

    @Test func importSummary() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let (path, _) = try await ImportFlowTests.review(client, Array(try Data(contentsOf: ImportFlowTests.trello)))
            let confirmed = try await client.post(path, ["duplicates": "skip"])
            let summary = try #require(confirmed.headers[.location])
            let page = try await client.get(summary).text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    /// Search results: marked words in titles and in a notes snippet, an important task, a finished
    /// one on the board and then in the logbook, escaped text, and Chinese found across scripts.
    @Test func searchResultsPage() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            try await client.addTasks(["Fix <b> & \"quotes\" in the report", "買牛奶 at 7"], to: "next")
            let results = try await client.get("/search?q=the").text
            assertSnapshot(of: results, as: Self.html)
            let snippet = try await client.get("/search?q=hotels+alfama").text
            assertSnapshot(of: LineDiff(from: results, to: snippet).text, as: Self.change, named: "snippet")
            #expect(try await client.post("/columns/today/clear-finished", json: true).status == .ok)
            let logbook = try await client.get("/search?q=report").text
            assertSnapshot(of: LineDiff(from: results, to: logbook).text, as: Self.change, named: "logbook")
            try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
                let chinese = try await client.get("/search?q=%E7%89%9B%E5%A5%B6").text
                assertSnapshot(of: LineDiff(from: results, to: chinese).text, as: Self.change, named: "zh-Hant")
            }
        }
    }

    @Test func loginPage() async throws {
        try await ThreatModelTests.lockedApp().test(.router) { client in
            let page = try await client.get("/login?next=%2Ftasks%2F3").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    @Test func loginPageAfterAWrongToken() async throws {
        try await ThreatModelTests.lockedApp().test(.router) { client in
            let form = try await client.get("/login").text
            let page = try await client.post("/login", ["token": "guess", "next": "/"]).text
            assertSnapshot(of: LineDiff(from: form, to: page).text, as: Self.change)
        }
    }
}
