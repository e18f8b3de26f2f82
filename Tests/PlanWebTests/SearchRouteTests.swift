import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PlanCore
import PlanStore
import Testing
@testable import PlanWeb

/// `GET /search`: the page (without JavaScript), its JSON, and every kind of bad input.
@Suite struct SearchRouteTests {
    /// `q` encoded for a URL.
    func uri(_ query: String, from: String? = nil) -> String {
        "/search?q=" + SearchResultsPage.encoded(query) + (from.map { "&from=\($0)" } ?? "")
    }

    @Test func thePageListsMatchesWithTheirWordsMarkedAndLinksToThem() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let ids = try await client.addTasks(["Call the <b>Dentist</b>", "Buy milk"])
            let response = try await client.get(uri("dentist"))
            #expect(response.status == .ok)
            let html = response.text
            // The title's own markup is text; only the match is marked.
            #expect(html.contains(#"<a class="search-result-title" href="/tasks/\#(ids[0])">Call the &lt;b&gt;<mark>Dentist</mark>&lt;/b&gt;</a>"#))
            #expect(!html.contains("Buy milk"))
            #expect(html.contains("1 result"))
            // The query stays in both fields.
            #expect(html.contains(#"id="search-page-q" name="q" value="dentist""#))
            #expect(html.contains(#"id="search-q" name="q" value="dentist""#))
        }
    }

    @Test func theAddressAGetFormWritesIsReadAsAFormIs() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            _ = try await client.addTasks(["Pay the dentist bill", "Pay rent"])
            // A browser writes the header form's spaces as `+`: two words, both required.
            let response = try await client.get("/search?q=dentist+bill")
            #expect(response.status == .ok)
            #expect(response.text.contains("1 result") && response.text.contains(#"value="dentist bill""#))
            // A `+` typed in the field arrives as %2B, and is a character to find.
            #expect(try await client.get("/search?q=c%2B%2B").text.contains("Nothing on the board or in the logbook holds “c++”."))
        }
    }

    @Test func aMatchInTheNotesShowsTheStretchAroundIt() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let id = try await client.addTasks(["Plan the week"])[0]
            let long = String(repeating: "filler words here ", count: 30) + "ask about the crown on Friday " + String(repeating: "more text ", count: 30)
            let saved = try await client.post("/tasks/\(id)", ["title": "Plan the week", "notes": long, "notesFormat": "plain"], json: true)
            #expect(saved.status == .ok)
            // A title that holds every term says why its task was found: its notes are not shown.
            let titled = try await client.addTasks(["Crown fitting"])[0]
            #expect(try await client.post("/tasks/\(titled)", ["title": "Crown fitting", "notes": "the crown is ready", "notesFormat": "plain"], json: true).status == .ok)
            let html = try await client.get(uri("crown")).text
            #expect(html.contains(#"<p class="search-result-snippet">…"#))
            #expect(html.contains("ask about the <mark>crown</mark> on Friday"))
            #expect(html.contains("<mark>Crown</mark> fitting") && !html.contains("the <mark>crown</mark> is ready"))
            #expect(html.components(separatedBy: "search-result-snippet").count == 2, "one snippet, for the notes' match")
        }
    }

    @Test func theJSONAnswerListsTasksWithWhereTheyAreAndTheNextPage() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let size = SearchController.pageSize
            _ = try await client.addTasks((1...size + 2).map { "errand \($0)" })
            let first = try await client.get(uri("errand"), json: true).jsonObject()
            let tasks = try #require(first["tasks"] as? [[String: Any]])
            #expect(tasks.count == SearchController.pageSize)
            #expect((tasks[0]["task"] as? [String: Any])?["title"] as? String == "errand 1")
            #expect(tasks[0]["place"] as? String == "board")
            #expect(int64(first["next"]) == Int64(size))
            let second = try await client.get(uri("errand", from: "\(size)"), json: true).jsonObject()
            #expect((second["tasks"] as? [[String: Any]])?.count == 2)
            #expect(second["next"] == nil)
            // The page links to the next one.
            #expect(try await client.get(uri("errand")).text.contains(#"href="/search?q=errand&amp;from=\#(size)""#))
        }
    }

    @Test func nothingTypedShowsThePromptAndNothingFoundSaysSo() async throws {
        try await TestApp.make().test(.router) { client in
            let empty = try await client.get("/search")
            #expect(empty.status == .ok && empty.text.contains("Type a word from a task’s title or notes."))
            let spaces = try await client.get(uri("   "))
            #expect(spaces.status == .ok && spaces.text.contains("Type a word"))
            let none = try await client.get(uri("zebra"))
            #expect(none.status == .ok && none.text.contains("Nothing on the board or in the logbook holds “zebra”."))
            // A script must say what to find.
            let script = try await client.get("/search", json: true)
            #expect(script.status == .unprocessableContent)
            #expect(try script.errorCode() == "invalid_field")
        }
    }

    /// Every hostile or malformed query gets a page (results or a message, its text kept), never a 500.
    @Test func badQueriesGetAClearAnswerWithTheirTextKept() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            _ = try await client.addTasks([#"a "quoted" (NEAR) title*"#])
            let answered: [String] = [
                "\"", "*", "NEAR", "OR", "-", "^", "(", ")", "a OR b", "NEAR(a b)", "title*", "\"quoted\"",
                "' OR 1=1 --", "'; DROP TABLE task; --", ".*", "[a-z]+", "(a|b)*c", "%", "_", "\\",
            ]
            for text in answered {
                let response = try await client.get(uri(text))
                #expect(response.status == .ok, "query \(text)")
            }
            #expect(try await client.get(uri("\"quoted\"")).text.contains("<mark>&quot;quoted&quot;</mark>"))
            // Too long, a control character, too many words, a bad page: 422 with the reason, text kept.
            let long = String(repeating: "x", count: 10_000)
            let tooLong = try await client.get(uri(long))
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.text.contains("must be at most 200 characters") && tooLong.text.contains(long))
            let control = try await client.get("/search?q=milk%00")
            #expect(control.status == .unprocessableContent && control.text.contains("control characters"))
            let words = try await client.get(uri("a b c d e f g h i"))
            #expect(words.status == .unprocessableContent && words.text.contains("at most 8 words"))
            #expect(words.text.contains(#"value="a b c d e f g h i""#))
            for from in ["-1", "x", "99999999", "1.5"] {
                #expect(try await client.get(uri("title", from: from)).status == .unprocessableContent, "from \(from)")
            }
            // Invalid UTF-8 in the query is refused, saying so, as any form's field is.
            let invalid = try await client.get("/search?q=%FF%FE")
            #expect(invalid.status == .badRequest && invalid.text.contains("UTF-8"), "\(invalid.status): \(invalid.text.prefix(300))")
        }
    }

    @Test func theRefusalIsInTheReadersLanguage() async throws {
        try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
            try await TestApp.make().test(.router) { client in
                let response = try await client.get(uri("a b c d e f g h i"))
                #expect(response.status == .unprocessableContent && response.text.contains("最多只能有 8 個詞"))
                #expect(try await client.get(uri("牛奶")).text.contains("看板和完成紀錄中都沒有含「牛奶」的任務。"))
            }
        }
    }

    @Test func everyPageHasTheSearchFieldInItsHeader() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let id = try await client.addTasks(["one"])[0]
            for path in ["/", "/tasks/\(id)", "/tasks/\(id)/actions", "/import", "/search"] {
                let html = try await client.get(path).text
                #expect(html.contains(#"<form class="header-search" role="search" method="get" action="/search">"#), "\(path)")
            }
        }
    }
}
