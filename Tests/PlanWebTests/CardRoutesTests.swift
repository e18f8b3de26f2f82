import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PlanCore
import PlanSQLite
import PlanStore
import Testing
@testable import PlanWeb

/// The card as one drawing: the same markup on the page, in answers to scripts and for every session.
@Suite struct CardRoutesTests {
    static func cardsOnPage(_ html: String) -> [String: String] {
        var cards: [String: String] = [:]
        for match in html.matches(of: #/<li class="task" id="task-(\d+)"[\s\S]*?</li>/#) {
            cards[String(match.1)] = String(match.0)
        }
        return cards
    }

    @Test func changesMadeFromTheBoardAnswerWithTheCardAsThePageDrawsIt() async throws {
        try await TestApp.make().test(.router) { client in
            let created = try await client.post("/tasks", ["title": "Buy <milk> & eggs", "column": "next", "important": "true"], json: true)
            #expect(created.status == .created)
            let card = try #require(try created.jsonObject()["html"] as? String)
            #expect(card.contains("Buy &lt;milk&gt; &amp; eggs"))
            let finished = try await client.post("/tasks/1/finish", ["finished": "true"], json: true)
            let finishedCard = try #require(try finished.jsonObject()["html"] as? String)
            #expect(finishedCard.contains(#"data-finished="true""#))
            let page = try await client.get("/").text
            #expect(Self.cardsOnPage(page)["1"] == finishedCard.trimmingCharacters(in: .whitespacesAndNewlines))
            // The board's JSON stays as DESIGN.md describes it: tasks without markup.
            let board = try await client.get("/", json: true).text
            #expect(!board.contains("\"html\""))
        }
    }

    @Test func cardsAreTheSameForEverySession() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a", "b"])
            let mine = Self.cardsOnPage(try await client.get("/").text)
            let theirs = Self.cardsOnPage(try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.otherToken)"]).text)
            #expect(mine.count == 2)
            #expect(mine == theirs)
        }
    }

    @Test func cardsShowTheExcerptKeptWhenTheNotesWereSaved() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            _ = try await client.post("/tasks", ["title": "t", "column": "today", "notes": "<p>Call <b>Anna</b></p><ul><li>dates</li></ul>"], json: true)
            let task = try await store.task(1)
            #expect(task.excerpt == "Call Anna · dates")
            #expect(try await client.get("/").text.contains(#"<p class="task-excerpt">Call Anna · dates</p>"#))
            _ = try await client.post("/tasks/1", ["notes": ""], json: true)
            #expect(try await store.task(1).excerpt == "")
            #expect(!(try await client.get("/").text.contains("task-excerpt")))
        }
    }

    @Test func aBoardStoredBeforeExcerptsGetsThemWhenTheAppStarts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-excerpts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("board.sqlite").path
        let store = try SQLiteBoardStore.open(path: path)
        _ = try await store.create(try NewTask(title: "old", column: .today, notes: TaskNotes(source: "<p>Stored <em>notes</em></p>", format: .html, html: "<p>Stored <em>notes</em></p>", excerpt: "")), client: nil)
        try await store.forgetExcerptsForTesting()
        #expect(try await store.task(1).excerpt == nil)
        try await TestApp.make(store: store).test(.router) { client async throws in
            #expect(try await store.task(1).excerpt == "Stored notes")
            #expect(try await client.get("/").text.contains(#"<p class="task-excerpt">Stored notes</p>"#))
        }
    }

    @Test func foldingAColumnsFinishedTasksIsRememberedByTheBrowser() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a", "b"])
            _ = try await client.post("/tasks/1/finish", ["finished": "true"])
            let shown = try await client.get("/").text
            #expect(shown.contains(#"data-column="today" data-hide-finished="false""#))
            #expect(shown.contains(#"formaction="/columns/today/finished" name="show" value="false"><span class="when-shown">Hide 1 finished</span><span class="when-hidden">Show 1 finished</span></button>"#))
            let fold = try await client.post("/columns/today/finished", ["show": "false"])
            #expect(fold.status == .seeOther)
            #expect(fold.headers[.location] == "/#column-today")
            let cookie = try #require(fold.headers[.setCookie])
            #expect(cookie.hasPrefix("pb_hide_finished=today;"))
            #expect(cookie.contains("HttpOnly"))
            let folded = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token); pb_hide_finished=today"]).text
            #expect(folded.contains(#"data-column="today" data-hide-finished="true""#))
            #expect(folded.contains(#"formaction="/columns/today/finished" name="show" value="true""#))
            let json = try await client.post("/columns/next/finished", ["show": "false"], json: true)
            #expect(try json.jsonObject()["hidesFinished"] as? Bool == true)
            let unknown = try await client.post("/columns/tomorrow/finished", ["show": "false"], json: true)
            #expect(try unknown.errorCode() == "unknown_column")
            // A column with no finished task offers no fold.
            #expect(folded.contains(#"formaction="/columns/next/finished" name="show" value="false" hidden>"#))
        }
    }

    @Test func deletingWithAFormSaysSoOnceOnTheBoardWithUndo() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["Buy milk", "b"])
            let deleted = try await client.post("/tasks/1/delete")
            #expect(deleted.status == .seeOther)
            let cookie = try #require(deleted.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            #expect(cookie.hasPrefix("pb_notice="))
            let board = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token); \(cookie)"])
            #expect(board.text.contains("Deleted “Buy milk”. <button type=\"submit\" class=\"button\" form=\"board-actions\" formaction=\"/undo\">Undo</button>"))
            #expect(board.headers[.eTag] == nil)
            #expect(board.headers[.setCookie]?.hasPrefix("pb_notice=;") == true)
            #expect(board.headers[.setCookie]?.contains("Max-Age=0") == true)
            let undone = try await client.post("/undo")
            #expect(undone.status == .seeOther)
            #expect(try await client.titles()["today"] == ["Buy milk", "b"])
        }
    }
}

@Suite struct FirstVisitTests {
    @Test func anEmptyBoardExplainsItselfUntilDismissedOrUntilATaskIsAdded() async throws {
        try await TestApp.make().test(.router) { client in
            let first = try await client.get("/").text
            #expect(first.contains(#"<section class="welcome" aria-labelledby="welcome-title">"#))
            #expect(first.contains("hold it for a moment") && first.contains("press Space") && first.contains("by its title"))
            let dismissed = try await client.post("/welcome")
            #expect(dismissed.status == .seeOther)
            let cookie = try #require(dismissed.headers[.setCookie])
            #expect(cookie.hasPrefix("pb_welcome=done;"))
            let after = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token); pb_welcome=done"]).text
            #expect(!after.contains("welcome-title"))
            // Adding a task is as good as "Got it": the board will not explain itself again.
            let created = try await client.post("/tasks", ["title": "a", "column": "today"])
            #expect(created.headers[.setCookie]?.hasPrefix("pb_welcome=done;") == true)
            _ = try await client.post("/tasks/1/delete")
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token); pb_welcome=done"]).text.contains("welcome-title") == false)
            // A board with tasks never shows it, whoever looks.
            try await client.addTasks(["b"])
            let other = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.otherToken)"]).text
            #expect(!other.contains("welcome-title"))
        }
    }
}
