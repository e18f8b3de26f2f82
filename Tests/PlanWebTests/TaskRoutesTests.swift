import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

@Suite struct TaskRoutesTests {
    @Test func taskPageShowsTheEditFormWithTheStoredValues() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await client.post("/tasks", ["title": "Write <report>", "column": "next", "important": "true", "notes": "<p>first line</p><i>kept</i>"], json: true)
            let page = try await client.get("/tasks/1")
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains(#"<form class="edit-task" method="post" action="/tasks/1">"#))
            #expect(html.contains(#"value="Write &lt;report&gt;""#))
            // The notes render as (sanitized) HTML; the textarea holds them escaped for editing.
            #expect(html.contains(#"<div class="notes"><p>first line</p><i>kept</i></div>"#))
            #expect(html.contains("&lt;p&gt;first line&lt;/p&gt;&lt;i&gt;kept&lt;/i&gt;</textarea>"))
            #expect(html.contains(#"name="important" value="true" checked"#))
            #expect(html.contains("In <strong>Next</strong>"))
        }
    }

    /// "\u{202E}" would make "invoice gnp.exe" read as "invoice exe.png": titles keep no
    /// bidirectional overrides or isolates, whether typed, edited or imported.
    @Test func titlesKeepNoBidiOverrides() async throws {
        try await TestApp.make().test(.router) { client in
            let created = try await client.post("/tasks", ["title": "invoice \u{202E}gnp.exe", "column": "today"], json: true)
            #expect(created.status == .created)
            #expect(try created.jsonObject()["title"] as? String == "invoice gnp.exe")
            _ = try await client.post("/tasks/1", ["title": "\u{2067}renamed\u{2069} \u{202D}x"], json: true)
            let trello = try TransferRouteTests.trelloBoard(card: "card \u{202E}txt.exe", description: "")
            _ = try await TransferRouteTests.upload(client, trello)
            #expect(try await client.titles()["today"] == ["renamed x", "card txt.exe"])
            let page = try await client.get("/").text
            #expect(!page.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        }
    }

    @Test func unknownOrMalformedTaskIdIs404() async throws {
        try await TestApp.make().test(.router) { client in
            for uri in ["/tasks/42", "/tasks/abc", "/tasks/-1", "/tasks/0"] {
                let page = try await client.get(uri)
                #expect(page.status == .notFound, "\(uri)")
            }
            let json = try await client.get("/tasks/42", json: true)
            #expect(try json.errorCode() == "not_found")
            #expect(try json.jsonObject()["error"].flatMap { ($0 as? [String: Any])?["message"] as? String } == "That task does not exist; it may have been deleted.")
        }
    }

    @Test func editingByFormRedirectsToTheTaskPage() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["old"])
            let response = try await client.post("/tasks/1", ["title": "new", "important": "true", "notes": "n"])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/tasks/1?saved=1")
            let task = try await client.get("/tasks/1", json: true).jsonObject()
            #expect(task["title"] as? String == "new")
            #expect(task["important"] as? Bool == true)
            #expect(task["notes"] as? String == "<p>n</p>", "plain text becomes a paragraph")
        }
    }

    @Test func uncheckingImportantSendsTheHiddenFalse() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await client.post("/tasks", ["title": "t", "column": "today", "important": "true"], json: true)
            // The browser sends only the hidden field when the box is unticked.
            _ = try await client.post("/tasks/1", ["title": "t", "important": "false", "notes": ""])
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["important"] as? Bool == false)
            // Ticked: the checkbox comes first and wins over the hidden field.
            _ = try await client.post("/tasks/1", ["title": "t", "important": "true", "important": "false", "notes": ""])
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["important"] as? Bool == true)
        }
    }

    @Test func editingByJSONChangesOnlyTheFieldsSent() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await client.post("/tasks", ["title": "keep", "column": "today", "notes": "<p>keep notes</p>"], json: true)
            let response = try await client.post("/tasks/1", ["important": "true"], json: true)
            #expect(response.status == .ok)
            #expect(response.headers[.boardRevision] == "2")
            let task = try response.jsonObject()
            #expect(task["title"] as? String == "keep")
            #expect(task["notes"] as? String == "<p>keep notes</p>")
            #expect(task["important"] as? Bool == true)
        }
    }

    @Test func invalidEditShowsTheTaskPageWithTheTypedTextKept() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["stored title"])
            let response = try await client.post("/tasks/1", ["title": "", "important": "true", "notes": "my <draft> notes"])
            #expect(response.status == .unprocessableContent)
            let html = response.text
            #expect(html.contains(#"<p class="field-error" id="title-error">Give the task a title.</p>"#))
            #expect(html.contains(#"<input id="title" name="title" type="text" value="" required aria-invalid="true""#))
            #expect(html.contains("my &lt;draft&gt; notes</textarea>"))
            #expect(html.contains(#"name="important" value="true" checked"#))
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["title"] as? String == "stored title")
        }
    }

    @Test func editOfUnknownTaskIs404() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.post("/tasks/9", ["title": "x"], json: true)
            #expect(response.status == .notFound)
            #expect(try response.errorCode() == "not_found")
        }
    }

    @Test func finishingAndReopening() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["t"])
            let finished = try await client.post("/tasks/1/finish", ["finished": "true"])
            #expect(finished.status == .seeOther)
            #expect(finished.headers[.location] == "/#task-1")
            #expect(try await client.get("/", cookie: true).text.contains(#"data-finished="true""#))
            let reopened = try await client.post("/tasks/1/finish", ["finished": "false"], json: true)
            #expect(reopened.status == .ok)
            #expect(try reopened.jsonObject()["finished"] as? Bool == false)
            let fromTaskPage = try await client.post("/tasks/1/finish", ["finished": "true", "return": "task"])
            #expect(fromTaskPage.headers[.location] == "/tasks/1")
            let bad = try await client.post("/tasks/1/finish", ["finished": "maybe"], json: true)
            #expect(bad.status == .unprocessableContent)
            #expect(try bad.errorCode() == "invalid_field")
            let unknown = try await client.post("/tasks/7/finish", [:], json: true)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func deletingRemovesTheTaskAndTwiceIsNotFound() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a", "b"])
            let deleted = try await client.post("/tasks/1/delete")
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/")
            #expect(try await client.titles()["today"] == ["b"])
            let again = try await client.post("/tasks/1/delete", json: true)
            #expect(again.status == .notFound)
            #expect(try again.errorCode() == "not_found")
            let json = try await client.post("/tasks/2/delete", json: true)
            #expect(json.status == .ok)
            #expect(int64(try json.jsonObject()["revision"]) == 4)
            let page = try await client.post("/tasks/2/delete")
            #expect(page.status == .notFound)
            // Errors speak of tasks by title, never by id.
            #expect(page.text.contains("“b” was deleted, in another tab or by someone else."))
            #expect(!page.text.contains("task 2"))
            let moved = try await client.post("/tasks/2/move", ["to": "top"], json: true)
            #expect((try moved.jsonObject()["error"] as? [String: Any])?["message"] as? String == "“b” was deleted, in another tab or by someone else.")
            #expect(page.text.contains(#"<main id="board""#))
        }
    }
}

@Suite struct StaleEditTests {
    @Test func anEditFromAPageThatIsNoLongerCurrentIsRefusedAndKeepsTheText() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["original"])
            let page = try await client.get("/tasks/1").text
            let version = try #require(page.firstMatch(of: #/name="version" value="(\d+)"/#)).1
            // Another tab changes the notes meanwhile.
            #expect(try await client.post("/tasks/1", ["notes": "<p>theirs</p>"], json: true).status == .ok)
            let refused = try await client.post("/tasks/1", ["title": "mine", "important": "false", "notes": "my notes", "version": String(version)])
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("was changed elsewhere since you opened it, so your edit was not saved"))
            #expect(refused.text.contains(#"value="mine""#))
            #expect(refused.text.contains("my notes</textarea>"))
            #expect(refused.text.contains("<div class=\"notes\"><p>theirs</p></div>"))
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["title"] as? String == "original")
            // Saving again from that page replaces the other change on purpose.
            let newer = try #require(refused.text.firstMatch(of: #/name="version" value="(\d+)"/#)).1
            let saved = try await client.post("/tasks/1", ["title": "mine", "important": "false", "notes": "my notes", "version": String(newer)])
            #expect(saved.status == .seeOther)
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["notes"] as? String == "<p>my notes</p>")
        }
    }

    @Test func aMoveDoesNotMakeAnOpenEditFormStale() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a", "b"])
            let version = try await client.get("/tasks/1").text.firstMatch(of: #/name="version" value="(\d+)"/#).map { String($0.1) } ?? ""
            _ = try await client.post("/tasks/1/move", ["column": "later"], json: true)
            _ = try await client.post("/tasks/1/finish", ["finished": "true"], json: true)
            let saved = try await client.post("/tasks/1", ["title": "renamed", "important": "false", "notes": "", "version": version])
            #expect(saved.status == .seeOther)
            // Every saved edit says so, cleaned notes or not.
            let location = try #require(saved.headers[.location])
            #expect(location == "/tasks/1?saved=1")
            let page = try await client.get(location).text
            #expect(page.contains("Saved.") && !page.contains("The notes were cleaned"))
            #expect(!(try await client.get("/tasks/1").text.contains("Saved.")), "only right after saving")
        }
    }

    @Test func aStaleJSONEditWithAVersionIs409() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            let version = try await client.get("/tasks/1").text.firstMatch(of: #/name="version" value="(\d+)"/#).map { String($0.1) } ?? ""
            _ = try await client.post("/tasks/1", ["important": "true"], json: true)
            let stale = try await client.post("/tasks/1", ["title": "b", "version": version], json: true)
            #expect(stale.status == .conflict)
            #expect(try stale.errorCode() == "stale")
            let message = (try stale.jsonObject()["error"] as? [String: Any])?["message"] as? String
            #expect(message == "“a” was changed elsewhere since you opened it, so your edit was not saved. Open the task again and redo your edit.")
            #expect(try await client.titles()["today"] == ["a"])
        }
    }
}
