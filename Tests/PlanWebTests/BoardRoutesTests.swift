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

    @Test func aColumnsCardsAreDrawnInGroupsOfFiftyWithinItsOneList() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await client.addTasks((1...120).map { "Task \($0)" })
            let html = try await client.get("/").text
            #expect(html.contains(#"data-group-size="\#(BoardPage.cardsPerGroup)""#))
            let today = try #require(html.range(of: #"<ol class="tasks" role="list" aria-labelledby="column-today-title">"#))
            let end = try #require(html.range(of: "</ol>", range: today.upperBound..<html.endIndex))
            let list = html[today.upperBound..<end.lowerBound]
            let groups = list.components(separatedBy: #"<div class="task-group" role="none">"#)
            #expect(groups.first?.trimmingCharacters(in: .whitespacesAndNewlines) == "", "nothing but groups in the list")
            #expect(groups.dropFirst().map { $0.components(separatedBy: #"<li class="task""#).count - 1 } == [50, 50, 20])
            // The first group's cards past the first screenful are a group of their own, drawn
            // lazily until the scripts draw it in full (board.css, unfold.js).
            let first = groups[1].components(separatedBy: PageRenderer.lazyGroupStart)
            #expect(first.map { $0.components(separatedBy: #"<li class="task""#).count - 1 } == [BoardPage.cardsDrawnAtFirst, 26])
            #expect(first[0].hasSuffix("</li>\n" + PageRenderer.groupEnd))
            #expect(list.components(separatedBy: PageRenderer.lazyGroupStart).count == 2, "only in the first group")
            // The first group is markup; each later one comes inside a noscript of its own, read
            // as markup without scripts and put on the page by unfold.js with them.
            #expect(groups[1].hasSuffix("</div>\n" + PageRenderer.laterStart))
            #expect(groups[2].hasSuffix("</div>\n" + PageRenderer.laterEnd + PageRenderer.laterStart))
            #expect(groups[3].trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</div>\n</noscript>"))
            // An empty column has no group at all (its hint shows, board.css).
            let later = try #require(html.range(of: #"<ol class="tasks" role="list" aria-labelledby="column-later-title">"#))
            #expect(html[later.upperBound...].prefix(40).contains("</ol>"))
        }
    }

    /// Inside a noscript read as text (scripts on), `</noscript` anywhere, even in an attribute,
    /// would end it there and let the rest be read as markup: no card's text may ever write it.
    @Test func noCardCanCloseTheNoscriptItsGroupComesIn() async throws {
        try await TestApp.make().test(.router) { client in
            let hostile = [#"</noscript><img src=x onerror="alert(1)">"#, "</NoScript >", "</noscript\t"]
            _ = try await client.addTasks((1...BoardPage.cardsAtFirst).map { "Task \($0)" })
            for (index, text) in hostile.enumerated() {
                let created = try await client.post("/tasks", ["title": text, "column": "today", "notes": text, "notes_format": ["plain", "markdown", "html"][index]], json: true)
                #expect(created.status == .created)
            }
            let html = try await client.get("/?q=noscript").text + client.get("/").text
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
