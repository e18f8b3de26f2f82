import Foundation
import HummingbirdTesting
import PlanCore
import PlanSQLite
import PlanStore
import Testing
@testable import PlanWeb

/// Notes come back in the editor as they were written, in the format they were written in, and
/// are shown rendered and sanitized.
@Suite struct NoteFormatTests {
    @Test func plainLinesComeBackAsTypedAndShowAsLines() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["Shopping"])
            let typed = "milk\neggs\nbread (if < 3 euro)"
            _ = try await client.post("/tasks/1", ["notes": typed, "notes_format": "plain"])
            let page = try await client.get("/tasks/1").text
            #expect(page.contains(">milk\neggs\nbread (if &lt; 3 euro)</textarea>"))
            #expect(page.contains(#"<option value="plain" selected>Plain text</option>"#))
            #expect(page.contains(#"<div class="notes"><p>milk<br>eggs<br>bread (if &lt; 3 euro)</p></div>"#))
            let json = try await client.get("/tasks/1", json: true).jsonObject()
            #expect(json["notesSource"] as? String == typed)
            #expect(json["notesFormat"] as? String == "plain")
        }
    }

    @Test func markdownIsAFormatOfItsOwn() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["Trip"])
            let markdown = "## Plan\n\n- **flights** first\n- then [hotels](https://example.com/alfama)\n\n<b>typed</b>"
            _ = try await client.post("/tasks/1", ["notes": markdown, "notes_format": "markdown"])
            let task = try await client.get("/tasks/1", json: true).jsonObject()
            #expect(task["notesSource"] as? String == markdown)
            #expect(task["notes"] as? String == """
                <h2>Plan</h2>
                <ul>
                <li><strong>flights</strong> first</li>
                <li>then <a href="https://example.com/alfama" rel="noopener noreferrer nofollow">hotels</a></li>
                </ul>
                <p>&lt;b&gt;typed&lt;/b&gt;</p>
                """)
            let page = try await client.get("/tasks/1").text
            #expect(page.contains(#"<option value="markdown" selected>Markdown</option>"#))
            #expect(page.contains("## Plan\n\n- **flights** first"))
            let excerpt = try #require(try await client.get("/").text.firstMatch(of: #/<p class="task-excerpt">([^<]*)</p>/#)).1
            #expect(excerpt == "Plan · flights first · then hotels &lt;b&gt;typed&lt;/b&gt;")
        }
    }

    @Test func bareLinksBecomeLinksInEveryFormat() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a", "b", "c"])
            let link = #"<a href="https://example.com/x?y=1" rel="noopener noreferrer nofollow">https://example.com/x?y=1</a>"#
            for (id, format, notes) in [(1, "plain", "see https://example.com/x?y=1."), (2, "markdown", "see https://example.com/x?y=1."),
                                        (3, "html", "<p>see https://example.com/x?y=1.</p>")] {
                _ = try await client.post("/tasks/\(id)", ["notes": notes, "notes_format": format])
                let html = try #require(try await client.get("/tasks/\(id)", json: true).jsonObject()["notes"] as? String)
                #expect(html.contains("see \(link)."), "\(format): \(html)")
            }
            // Not inside code, nor inside a link already.
            _ = try await client.post("/tasks/3", ["notes": #"<p><code>https://a.example/x</code> <a href="https://b.example/">https://b.example/</a></p>"#, "notes_format": "html"])
            let html = try #require(try await client.get("/tasks/3", json: true).jsonObject()["notes"] as? String)
            #expect(html == #"<p><code>https://a.example/x</code> <a href="https://b.example/" rel="noopener noreferrer nofollow">https://b.example/</a></p>"#)
        }
    }

    @Test func withoutAFormatTextWithATagIsHTMLAndOtherTextPlain() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            _ = try await client.post("/tasks/1", ["notes": "<p>x</p>"], json: true)
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["notesFormat"] as? String == "html")
            _ = try await client.post("/tasks/1", ["notes": "a < b"], json: true)
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["notesFormat"] as? String == "plain")
            let refused = try await client.post("/tasks/1", ["notes": "x", "notes_format": "rtf"], json: true)
            #expect(try refused.errorCode() == "invalid_field")
            // A refused format keeps the text typed, in the open editor.
            let page = try await client.post("/tasks/1", ["title": "a", "notes": "kept text", "notes_format": "rtf"])
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains(">kept text</textarea>"))
            #expect(page.text.contains(#"<details class="edit-panel" open>"#))
        }
    }

    @Test func theTaskPageShowsTheNotesFirstAndTheEditorBehindEdit() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            _ = try await client.post("/tasks/1", ["notes": "*hello*", "notes_format": "markdown"])
            let page = try await client.get("/tasks/1").text
            let notes = try #require(page.range(of: #"<div class="notes">"#))
            let editor = try #require(page.range(of: #"<details class="edit-panel">"#))
            #expect(notes.lowerBound < editor.lowerBound)
            #expect(page.contains("<summary class=\"button\">Edit</summary>"))
            // Preview opens the editor and shows what would be kept, saving nothing.
            let preview = try await client.post("/tasks/1", ["title": "a", "notes": "**bold**", "notes_format": "markdown", "preview": "1"])
            #expect(preview.text.contains(#"<details class="edit-panel" open>"#))
            #expect(preview.text.contains("<strong>bold</strong>"))
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["notesSource"] as? String == "*hello*")
        }
    }

    @Test func notesSavedByAnOlderVersionComeBackAsTheyWereWritten() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-legacy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteBoardStore.open(path: folder.appendingPathComponent("board.sqlite").path)
        let plainHTML = "<p>milk<br>eggs &amp; ham</p><p>bread</p>"
        let richHTML = "<h2>Plan</h2><p>x</p>"
        for (title, html) in [("plain", plainHTML), ("rich", richHTML)] {
            _ = try await store.create(try NewTask(title: title, column: .today, notes: TaskNotes(source: html, format: .html, html: html, excerpt: "")), client: nil)
        }
        try await store.forgetExcerptsForTesting()
        try await TestApp.make(store: store).test(.router) { client async throws in
            let plain = try await client.get("/tasks/1", json: true).jsonObject()
            #expect(plain["notesFormat"] as? String == "plain")
            #expect(plain["notesSource"] as? String == "milk\neggs & ham\n\nbread")
            #expect(plain["notes"] as? String == plainHTML)
            let rich = try await client.get("/tasks/2", json: true).jsonObject()
            #expect(rich["notesFormat"] as? String == "html")
            #expect(rich["notesSource"] as? String == richHTML)
        }
    }

    @Test func exportsCarryTheNotesAsWrittenAndImportRendersThemAgain() async throws {
        let export = try await TestApp.make().test(.router) { client -> [UInt8] in
            try await client.addTasks(["a"])
            _ = try await client.post("/tasks/1", ["notes": "- one\n- two", "notes_format": "markdown"])
            return Array(try await client.get("/export").body.readableBytesView)
        }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(export)) as? [String: Any])
        let task = try #require((document["columns"] as? [String: [[String: Any]]])?["today"]?.first)
        #expect(task["notesSource"] as? String == "- one\n- two")
        #expect(task["notesFormat"] as? String == "markdown")
        // An export whose HTML was tampered with gets its notes rendered again from the source.
        var tampered = document
        var columns = try #require(document["columns"] as? [String: [[String: Any]]])
        columns["today"]?[0]["notes"] = "<script>alert(1)</script>"
        tampered["columns"] = columns
        let bytes = Array(try JSONSerialization.data(withJSONObject: tampered))
        try await TestApp.make().test(.router) { client in
            _ = try await TransferRouteTests.upload(client, bytes)
            let imported = try await client.get("/", json: true).jsonObject()
            let notes = try #require(((imported["columns"] as? [String: [[String: Any]]])?["today"]?.first)?["notes"] as? String)
            #expect(notes == "<ul>\n<li>one</li>\n<li>two</li>\n</ul>")
        }
    }
}
