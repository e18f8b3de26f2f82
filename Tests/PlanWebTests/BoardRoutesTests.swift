import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import PlanWeb

@Suite struct BoardRoutesTests {
    @Test func boardPageFollowsTheHTMLContract() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["Buy milk", "Call Anna"])
            try await client.addTasks(["Plan trip"], to: "later")
            let page = try await client.get("/")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let html = page.text
            #expect(html.contains(#"<main id="board" class="board" data-revision="3""#))
            for column in ["today", "next", "later"] {
                #expect(html.contains(#"<section class="column" id="column-\#(column)" data-column="\#(column)""#))
            }
            #expect(html.components(separatedBy: #"<ol class="tasks""#).count == 4)
            #expect(html.contains(#"<li class="task" id="task-\#(ids[0])" data-task-id="\#(ids[0])" data-finished="false" data-important="false" data-search="buy milk" tabindex="-1""#))
            // Every action works without JavaScript: the check finishes, the title opens the task,
            // "⋯" leads to the move and delete choices; buttons post through the page's one form.
            #expect(html.contains(#"form="board-actions" formaction="/tasks/\#(ids[0])/finish" name="finished" value="true""#))
            #expect(html.contains(#"href="/tasks/\#(ids[0])""#))
            #expect(html.contains(#"<a class="task-more" href="/tasks/\#(ids[0])/actions""#))
            // One token for the page's buttons, one per add form, one for the language switch; no form
            // inside a card. The header's search form (a GET) carries none.
            let forms = html.components(separatedBy: "<form").count - 1
            let csrfFields = html.components(separatedBy: #"name="csrf" value="\#(TestApp.token)""#).count - 1
            #expect(forms == 6)
            #expect(csrfFields == 5)
            let cards = html.ranges(of: #/<li class="task"[\s\S]*?</li>/#).map { String(html[$0]) }
            #expect(cards.count == 3)
            #expect(cards.allSatisfy { !$0.contains("<form") && !$0.contains(TestApp.token) })
            // Counts per column.
            #expect(html.contains(#"<h2 id="column-today-title">Today</h2>"#))
            #expect(html.contains(#"<span class="count" data-count>2</span><span class="visually-hidden"> 2 tasks</span>"#))
            // No inline script, handler or style: the strict CSP must hold.
            #expect(!html.contains("<script>"))
            #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil)
            #expect(!html.contains("style="))
        }
    }

    /// A column's list as the page sends it: each group's card count, and whether the group comes
    /// inside a noscript (for the scripts to put on the page) rather than as markup.
    private func groups(in html: String, column: String) throws -> [(cards: Int, waiting: Bool)] {
        let start = try #require(html.range(of: #"<ol class="tasks" role="list" aria-labelledby="column-\#(column)-title">"#))
        let end = try #require(html.range(of: "</ol>", range: start.upperBound..<html.endIndex))
        let parts = html[start.upperBound..<end.lowerBound].components(separatedBy: PageRenderer.groupStart)
        #expect(parts.first?.trimmingCharacters(in: .whitespacesAndNewlines) == "", "nothing but groups in the list")
        return parts.indices.dropLast().map { index in
            // A group comes waiting when the noscript opens right before it.
            (parts[index + 1].components(separatedBy: #"class="task" id="task-"#).count - 1, parts[index].hasSuffix(PageRenderer.laterStart))
        }
    }

    @Test func aColumnsCardsAreDrawnInGroupsOfFiftyWithinItsOneList() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await client.addTasks((1...120).map { "Task \($0)" })
            let html = try await client.get("/").text
            #expect(html.contains(#"data-group-size="\#(BoardPage.cardsPerGroup)""#))
            // Groups of 50; a browser that has not said how many cards its screen shows gets the
            // first 12 as markup, the first group's rest and every later group each in a noscript
            // of its own (read as markup without scripts, put on the page by unfold.js with them).
            let today = try groups(in: html, column: "today")
            #expect(today.map(\.cards) == [BoardPage.screenfulByDefault, 50 - BoardPage.screenfulByDefault, 50, 20])
            #expect(today.map(\.waiting) == [false, true, true, true])
            #expect(html.components(separatedBy: PageRenderer.laterEnd).count - 1 == 3, "each waiting group closes its noscript")
            // An empty column has no group at all (its hint shows, board.css).
            #expect(try groups(in: html, column: "later").isEmpty)
        }
    }

    /// The page sends as many cards as markup as the browser's script measured its column shows
    /// (the cookie `pb_screenful`, unfold.js); a value it cannot read is the default, never an error.
    @Test func theCardsSentAsMarkupAreTheScreenfulTheBrowserMeasured() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks((1...120).map { "Task \($0)" })
            func page(_ screenful: String) async throws -> TestResponse {
                try await client.execute(uri: "/", method: .get, headers: [.cookie: TestApp.cookieHeader() + "; pb_screenful=\(screenful)"])
            }
            for (value, first) in [("7", 7), ("30", 30), ("1", 1), ("50", 50), ("400", 50), ("0", 12), ("-3", 12), ("abc", 12), ("12345678901234567890", 12), ("", 12)] {
                let response = try await page(value)
                #expect(response.status == .ok, "\(value)")
                let today = try groups(in: response.text, column: "today")
                #expect(today.first?.cards == first, "pb_screenful=\(value)")
                #expect(today.map(\.cards).reduce(0, +) == 120)
                #expect(today.first?.waiting == false && today.dropFirst().allSatisfy(\.waiting))
            }
            // With a filter, the markup holds the first screenful the filter shows: the cards it
            // hides (drawn `hidden`, taking no room) do not count.
            _ = try await client.addTasks((1...30).map { "Match \($0)" })
            let filtered = try await client.execute(uri: "/?q=match", method: .get, headers: [.cookie: TestApp.cookieHeader() + "; pb_screenful=7"]).text
            let today = try groups(in: filtered, column: "today")
            #expect(today.map(\.cards) == [50, 50, 27, 23] && today.map(\.waiting) == [false, false, false, true], "the matches are cards 121–150, the markup ends after the 7th")
            let markup = try #require(filtered.range(of: PageRenderer.laterStart))
            #expect(filtered[..<markup.lowerBound].components(separatedBy: #"<li class="task""#).count - 1 == 7, "seven shown in the markup")
            // So do the finished cards of a column that folds them away (board.css hides them):
            // the first three finished and Today folded, the markup ends after the 10th card.
            for id in ids.prefix(3) {
                #expect(try await client.post("/tasks/\(id)/finish", ["finished": "true"]).status == .seeOther)
            }
            let folded = try await client.execute(uri: "/", method: .get, headers: [.cookie: TestApp.cookieHeader() + "; pb_screenful=7; pb_hide_finished=today"]).text
            #expect(try groups(in: folded, column: "today").map(\.cards) == [10, 40, 50, 50])
            let unfolded = try await client.execute(uri: "/", method: .get, headers: [.cookie: TestApp.cookieHeader() + "; pb_screenful=7"]).text
            #expect(try groups(in: unfolded, column: "today").map(\.cards) == [7, 43, 50, 50])
            // Another screenful is another page: its entity tag differs, so a browser that measured
            // a new one is not told its old page is still good.
            let seven = try await page("7").headers[.eTag]
            let thirty = try await page("30").headers[.eTag]
            #expect(seven != nil && thirty != nil && seven != thirty)
        }
    }

    /// Inside a noscript read as text (scripts on), `</noscript` anywhere, even in an attribute,
    /// would end it there and let the rest be read as markup: no card's text may ever write it.
    @Test func noCardCanCloseTheNoscriptItsGroupComesIn() async throws {
        try await TestApp.make().test(.router) { client in
            let hostile = [#"</noscript><img src=x onerror="alert(1)">"#, "</NoScript >", "</noscript\t"]
            _ = try await client.addTasks((1...BoardPage.screenfulByDefault).map { "Task \($0)" })
            for (index, text) in hostile.enumerated() {
                let created = try await client.post("/tasks", ["title": text, "column": "today", "notes": text, "notes_format": ["plain", "markdown", "html"][index]], json: true)
                #expect(created.status == .created)
            }
            // (Filtered to the first twelve, the hostile cards wait too, hidden.)
            let html = try await client.get("/?q=task").text + client.get("/").text
            var waiting = 0
            var rest = html[...]
            while let start = rest.range(of: PageRenderer.laterStart) {
                let end = try #require(rest.range(of: PageRenderer.laterEnd, range: start.upperBound..<rest.endIndex))
                let inside = rest[start.upperBound..<end.lowerBound]
                #expect(inside.range(of: "</noscript", options: .caseInsensitive) == nil)
                #expect(inside.contains("&lt;/noscript&gt;") || inside.contains("&lt;/NoScript"), "the hostile cards are in it, escaped")
                waiting += 1
                rest = rest[end.upperBound...]
            }
            #expect(waiting == 2, "one group waiting on each page")
        }
    }

    @Test func boardAnswersJSONWhenAsked() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a", "b"])
            try await client.addTasks(["c"], to: "next")
            let response = try await client.get("/", json: true)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let board = try response.jsonObject()
            #expect(int64(board["revision"]) == 3)
            #expect(try await client.titles() == ["today": ["a", "b"], "next": ["c"], "later": []])
            let task = try #require((board["columns"] as? [String: [[String: Any]]])?["today"]?.first)
            #expect(Set(task.keys) == ["id", "title", "column", "important", "finished", "notes", "notesSource", "notesFormat", "created", "updated", "version"])
            #expect(task["created"] as? String == "2026-11-22T09:00:00Z")
        }
    }

    @Test func healthzAnswersOK() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.get("/healthz", cookie: false)
            #expect(response.status == .ok)
            #expect(response.text == "ok")
        }
    }

    @Test func creatingByFormRedirectsToTheBoard() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.post("/tasks", ["title": "  Water plants ", "column": "next", "important": "true"])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/#task-1")
            let task = try await client.get("/tasks/1", json: true).jsonObject()
            #expect(task["title"] as? String == "Water plants")
            #expect(task["column"] as? String == "next")
            #expect(task["important"] as? Bool == true)
        }
    }

    @Test func creatingByJSONAnswers201WithTheTaskAndRevision() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.post("/tasks", ["title": "Water plants", "column": "today"], json: true)
            #expect(response.status == .created)
            #expect(response.headers[.boardRevision] == "1")
            #expect(try response.jsonObject()["title"] as? String == "Water plants")
        }
    }

    @Test func creatingAcceptsAJSONBodyWithTheCSRFHeader() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(
                uri: "/tasks", method: .post,
                headers: [.contentType: "application/json", .accept: "application/json", .cookie: "pb_session=\(TestApp.token)", .csrfToken: TestApp.token],
                body: ByteBuffer(string: #"{"title": "From a script", "column": "later", "important": true}"#))
            #expect(response.status == .created)
            #expect(try response.jsonObject()["important"] as? Bool == true)
        }
    }

    @Test func emptyTitleShowsTheBoardAgainWithTheMessageBesideTheField() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.post("/tasks", ["title": "   ", "column": "next", "important": "true"])
            #expect(response.status == .unprocessableContent)
            let html = response.text
            #expect(html.contains(#"<p class="field-error" id="new-next-error">Give the task a title.</p>"#))
            #expect(html.contains(#"id="new-next" name="title" type="text" value="   ""#))
            #expect(html.contains(#"aria-invalid="true" aria-describedby="new-next-error""#))
            #expect(try await client.titles()["next"] == [])
        }
    }

    @Test func overLongTitleKeepsWhatWasTyped() async throws {
        try await TestApp.make().test(.router) { client in
            let typed = String(repeating: "long <b>& ", count: 25)
            let response = try await client.post("/tasks", ["title": typed, "column": "today"])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("The title is 249 characters long; keep it to 200 or fewer"))
            // Kept, and escaped.
            #expect(response.text.contains(String(repeating: "long &lt;b&gt;&amp; ", count: 24)))
        }
    }

    @Test func titleErrorsAnswerJSONWithTheirCode() async throws {
        try await TestApp.make().test(.router) { client in
            for title in ["", String(repeating: "x", count: 201), "tab\there"] {
                let response = try await client.post("/tasks", ["title": title, "column": "today"], json: true)
                #expect(response.status == .unprocessableContent)
                #expect(try response.errorCode() == "invalid_title")
                #expect(int64(try response.jsonObject()["revision"]) == 0)
            }
        }
    }

    @Test func unknownOrMissingColumnIs422() async throws {
        try await TestApp.make().test(.router) { client in
            let unknown = try await client.post("/tasks", ["title": "x", "column": "someday"], json: true)
            #expect(unknown.status == .unprocessableContent)
            #expect(try unknown.errorCode() == "unknown_column")
            let missing = try await client.post("/tasks", ["title": "x"], json: true)
            #expect(missing.status == .unprocessableContent)
            #expect(try missing.errorCode() == "invalid_field")
            let page = try await client.post("/tasks", ["title": "x", "column": "someday"])
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains("There is no column called “someday”. Choose Today, Next or Later."))
        }
    }

    @Test func unknownPathIs404PageOrJSON() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/nowhere")
            #expect(page.status == .notFound)
            #expect(page.text.contains("There is no page at this address."))
            let json = try await client.get("/nowhere", json: true)
            #expect(json.status == .notFound)
            #expect(try json.errorCode() == "not_found")
        }
    }

    @Test func staticFilesAreServed() async throws {
        try await TestApp.make().test(.router) { client in
            let css = try await client.get("/board.css", cookie: false)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType]?.hasPrefix("text/css") == true)
            #expect(css.text.contains(".board"))
        }
    }
}
