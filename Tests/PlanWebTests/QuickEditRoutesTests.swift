import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// Quick edits of a card (issue 23 item 1): finish or reopen, important or not, and rename, from
/// the board's menu (JSON, the card drawn back) and from the actions page without JavaScript.
@Suite struct QuickEditRoutesTests {
    /// The actions page offers what the task does not have yet, and a rename field with its title.
    @Test func theActionsPageOffersFinishImportanceAndRename() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["Call <Anna>", "Pay rent"])
            let open = try await client.get("/tasks/1/actions").text
            #expect(open.contains(#"formaction="/tasks/1/finish" name="finished" value="true""#))
            #expect(!open.contains(#"name="finished" value="false""#))
            #expect(open.contains(#"formaction="/tasks/1" name="important" value="true""#))
            #expect(open.contains(#"<input type="hidden" name="return" value="board">"#))
            #expect(open.contains(#"<form class="rename" method="post" action="/tasks/1">"#))
            #expect(open.contains(#"<input id="rename-title" name="title" type="text" value="Call &lt;Anna&gt;""#))
            #expect(open.contains(">Mark as finished</button>"))
            #expect(open.contains(">Mark important</button>"))
            #expect(open.contains("Change, move or delete “Call &lt;Anna&gt;”"))

            _ = try await client.post("/tasks/2/finish", ["finished": "true"], json: true)
            _ = try await client.post("/tasks/2", ["important": "true"], json: true)
            let finished = try await client.get("/tasks/2/actions").text
            #expect(finished.contains(#"name="finished" value="false""#), "a finished task is offered Reopen")
            #expect(finished.contains(#"name="important" value="false""#), "an important one is offered the opposite")
            #expect(!finished.contains(#"name="to""#), "no moves for a finished task")
            #expect(finished.contains(#"<form class="rename""#))
            #expect(finished.contains(#"name="delete""#))
        }
    }

    /// The board's menu template holds every quick edit, each with the key that does the same.
    @Test func theMenuNamesEachQuickEditAndItsKey() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            let board = try await client.get("/").text
            for (action, key) in [("finish", "X"), ("reopen", "X"), ("important", "I"), ("unimportant", "I"), ("rename", "F2"), ("delete", "Delete")] {
                #expect(board.contains(#"role="menuitem" aria-keyshortcuts="\#(key)" data-action="\#(action)""#), "\(action)")
            }
        }
    }

    /// Without JavaScript, "Mark important" posts with `return=board` and comes back to the card;
    /// Undo takes it back.
    @Test func markingImportantByFormComesBackToTheCardAndUndoes() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["Buy milk"])
            let marked = try await client.post("/tasks/1", ["csrf": TestApp.token, "revision": "1", "return": "board", "important": "true"])
            #expect(marked.status == .seeOther)
            #expect(marked.headers[.location] == "/#task-1")
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["important"] as? Bool == true)
            #expect(try await client.get("/").text.contains(#"id="task-1" data-task-id="1" data-finished="false" data-important="true""#))
            let undone = try await client.post("/undo", json: true)
            #expect(undone.status == .ok)
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["important"] as? Bool == false)
        }
    }

    /// Over JSON a quick edit answers the card as now drawn, and the board's revision.
    @Test func aQuickEditAnswersTheCardDrawnAnew() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["Buy milk"])
            let answer = try await client.post("/tasks/1", ["important": "true"], json: true)
            #expect(answer.status == .ok)
            #expect(answer.headers[.boardRevision] == "2")
            let html = try #require(try answer.jsonObject()["html"] as? String)
            #expect(html.hasPrefix(#"<li class="task" id="task-1""#))
            #expect(html.contains(#"data-important="true""#))
            #expect(html.contains("★"))

            let renamed = try await client.post("/tasks/1", ["title": "  Buy oat milk "], json: true)
            #expect(try renamed.jsonObject()["title"] as? String == "Buy oat milk")
            #expect(try #require(try renamed.jsonObject()["html"] as? String).contains(">Buy oat milk</a>"))
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["important"] as? Bool == true, "a rename keeps the rest")
            let undone = try await client.post("/undo", json: true)
            #expect(try undone.jsonObject()["undone"] as? String == "edit")
            #expect(try await client.titles()["today"] == ["Buy milk"])
        }
    }

    /// A refused rename says why; on the actions page's form the typed title is kept for fixing.
    @Test func aRefusedRenameSaysWhyAndKeepsWhatWasTyped() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["Buy milk"])
            let empty = try await client.post("/tasks/1", ["title": "   "], json: true)
            #expect(empty.status == .unprocessableContent)
            #expect(try empty.errorCode() == "invalid_title")
            let long = String(repeating: "長", count: 201)
            let tooLong = try await client.post("/tasks/1", ["csrf": TestApp.token, "version": "1", "return": "board", "title": long])
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.text.contains(#"value="\#(long)""#), "the typed title is kept whole")
            #expect(tooLong.text.contains("201"))
            #expect(try await client.titles()["today"] == ["Buy milk"])
            // A rename from a page drawn before another change is refused, not written over it.
            _ = try await client.post("/tasks/1", ["title": "Buy oat milk"], json: true)
            let stale = try await client.post("/tasks/1", ["csrf": TestApp.token, "version": "1", "return": "board", "title": "Buy soy milk"])
            #expect(stale.status == .conflict)
            #expect(stale.text.contains(#"value="Buy soy milk""#))
            #expect(try await client.titles()["today"] == ["Buy oat milk"])
        }
    }
}
