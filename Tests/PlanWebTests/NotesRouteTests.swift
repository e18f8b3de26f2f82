import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

@Suite struct NotesRouteTests {
    static let hostile = #"<p onclick="steal()">Agenda</p><script>alert(1)</script><a href="javascript:alert(2)">link</a><a href="https://example.com/x">ok</a>"#

    @Test func notesAreSanitizedBeforeTheyAreStoredAndTheAnswerSaysWhatWasRemoved() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.post("/tasks", ["title": "t", "column": "today", "notes": Self.hostile], json: true)
            #expect(response.status == .created)
            let notes = try #require(try response.jsonObject()["notes"] as? String)
            #expect(!notes.contains("script") && !notes.contains("onclick") && !notes.contains("javascript:"))
            #expect(notes.contains(#"<a href="https://example.com/x" rel="noopener noreferrer nofollow">ok</a>"#))
            #expect(response.headers[.notesCleaned] == "Removed 1 script, 1 event attribute and 1 unsafe link.")
            // Stored exactly as answered.
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["notes"] as? String == notes)
        }
    }

    @Test func savingByFormRedirectsWithWhatWasRemovedAndThePageSaysSo() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["t"])
            let saved = try await client.post("/tasks/1", ["title": "t", "important": "false", "notes": Self.hostile])
            #expect(saved.status == .seeOther)
            let location = try #require(saved.headers[.location])
            #expect(location == "/tasks/1?saved=1&removed=script-1.eventAttribute-1.unsafeLink-1")
            let page = try await client.get(location)
            #expect(page.text.contains("Saved. The notes were cleaned: Removed 1 script, 1 event attribute and 1 unsafe link."))
            #expect(page.text.contains(#"<div class="notes"><p>Agenda</p>"#))
        }
    }

    @Test func theRemovalNoticeOnlyEverNamesKnownCategories() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["t"])
            let page = try await client.get("/tasks/1?removed=%3Cscript%3E-1.eventAttribute-x.script-99999999")
            #expect(!page.text.contains("The notes were cleaned"))
            #expect(!page.text.contains("<script>"))
        }
    }

    @Test func previewShowsWhatWillBeKeptAndSavesNothing() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["t"])
            let page = try await client.post("/tasks/1", ["title": "changed", "important": "false", "notes": Self.hostile, "preview": "1"])
            #expect(page.status == .ok)
            #expect(page.text.contains("Preview: what will be kept"))
            #expect(page.text.contains("Saving will clean the notes: Removed 1 script, 1 event attribute and 1 unsafe link."))
            #expect(page.text.contains(#"<div class="notes"><p>Agenda</p>"#))
            // The typed text stays in the form, escaped.
            #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            let task = try await client.get("/tasks/1", json: true).jsonObject()
            #expect(task["title"] as? String == "t")
            #expect(task["notes"] as? String == "")
        }
    }

    @Test func overSizeOrOverDeepNotesAreRefusedWithTheTextKept() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["t"])
            let big = String(repeating: "a", count: 300 * 1024)
            let tooBig = try await client.post("/tasks/1", ["title": "t", "notes": big])
            #expect(tooBig.status == .unprocessableContent)
            #expect(tooBig.text.contains("Notes are 300 KB; the limit is 256 KB. Shorten them or split them across tasks."))
            #expect(tooBig.text.contains(big + "</textarea>"))

            let deep = String(repeating: "<blockquote>", count: 200) + "deep" + String(repeating: "</blockquote>", count: 200)
            let tooDeep = try await client.post("/tasks/1", ["title": "t", "notes": deep], json: true)
            #expect(tooDeep.status == .unprocessableContent)
            #expect(try tooDeep.errorCode() == "invalid_notes")
            #expect(try await client.get("/tasks/1", json: true).jsonObject()["notes"] as? String == "")
        }
    }

    @Test func theCardShowsAShortPlainTextExcerpt() async throws {
        try await TestApp.make().test(.router) { client in
            let notes = "<h2>Plan</h2><ul><li>Book &amp; pay</li><li>" + String(repeating: "word ", count: 60) + "</li></ul>"
            _ = try await client.post("/tasks", ["title": "t", "column": "today", "notes": notes], json: true)
            let html = try await client.get("/").text
            let excerpt = try #require(html.firstMatch(of: #/<p class="task-excerpt">([^<]*)</p>/#)).1
            #expect(excerpt.hasPrefix("Plan · Book &amp; pay · word word"))
            #expect(excerpt.hasSuffix("…"))
            #expect(excerpt.count < 140)
        }
    }

    @Test func onlySanitizedHTMLIsEverPrintedUnescaped() throws {
        // Triple braces print without escaping: only SanitizedHTML (the notes on the task page — whole,
        // or cut at a checklist's checkboxes, `markup` — and on a logbook entry's page) and RenderedHTML
        // (cards, logbook entries and the menu our own templates drew, escaping every value, placed into
        // the column or the day; search's results with their marked words, every value escaped by the same
        // HTMLEscaping (RenderedHTML.searchResults); the
        // drag layer's strings and the route table as JSON with every `<`, `>` and `&` escaped — see
        // LanguageTests and RouteTableTests).
        let templates = TestApp.root.appendingPathComponent("Templates")
        let files = FileManager.default.enumerator(atPath: templates.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".mustache") }
        var unescaped: [String] = []
        for file in files {
            let text = try String(contentsOf: templates.appendingPathComponent(file), encoding: .utf8)
            unescaped += text.matches(of: #/\{\{\{\s*([^}]+?)\s*\}\}\}|\{\{&\s*([^}]+?)\s*\}\}/#).map { "\(file): \($0.0)" }
        }
        #expect(unescaped.sorted() == ["board.mustache: {{{menu.html}}}", "board.mustache: {{{routeTable.html}}}", "board.mustache: {{{scriptStrings.html}}}", "logbook-entry.mustache: {{{notesHTML.html}}}", "logbook.mustache: {{{html}}}", "partials/column.mustache: {{{cards.html}}}", "search.mustache: {{{rows.html}}}", "task.mustache: {{{markup.html}}}", "task.mustache: {{{notesHTML.html}}}"])
    }
}

@Suite struct NoteInputTests {
    @Test func plainTextKeepsItsParagraphsAndLineBreaks() {
        #expect(NoteRenderer.paragraphs(fromPlainText: "Call Anna\nabout dates\n\nThen book & pay: 3 < 4") == "<p>Call Anna<br>about dates</p><p>Then book &amp; pay: 3 &lt; 4</p>")
        #expect(NoteRenderer.paragraphs(fromPlainText: "  \n\n ") == "")
    }

    @Test func anythingWithATagIsTakenAsHTML() {
        for html in ["<p>x</p>", "a <b>b</b>", "x</p>", "<!-- c -->", "<?php ?>"] {
            #expect(NoteRenderer.looksLikeHTML(html), "\(html)")
        }
        for text in ["a < b", "<3", "x <= y", "1<2", "plain"] {
            #expect(!NoteRenderer.looksLikeHTML(text), "\(text)")
        }
    }
}
