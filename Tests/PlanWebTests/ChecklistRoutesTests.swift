import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// A task whose Markdown notes hold a task list: its card's progress, and ticking its items in place
/// (`POST /tasks/ID/check`).
@Suite struct ChecklistRoutesTests {
    static let notes = "Packing:\n\n- [x] passport\n- [ ] tickets\n- [ ] charger\n\nThen go."

    /// A task "Trip" (id 1) in Today with `notes` as Markdown; its version.
    static func addChecklist(_ client: some TestClientProtocol, notes: String = notes, format: String = "markdown") async throws -> Int64 {
        let created = try await client.post("/tasks", ["title": "Trip", "column": "today", "notes": notes, "notes_format": format], json: true)
        #expect(created.status == .created)
        return try #require((try created.jsonObject()["version"] as? String).flatMap { Int64($0) })
    }

    static func source(_ client: some TestClientProtocol) async throws -> String {
        try await client.get("/tasks/1", json: true).jsonObject()["notesSource"] as? String ?? ""
    }

    @Test func theCardShowsTheChecklistsProgressWithWordsForScreenReaders() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await Self.addChecklist(client)
            let board = try await client.get("/").text
            #expect(board.contains(#"<span class="task-progress" aria-hidden="true">1/3</span><span class="visually-hidden" id="task-1-progress">1 of 3 done</span>"#))
            #expect(board.contains(#"aria-label="Trip 1 of 3 done""#))
            try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
                let page = try await client.get("/").text
                #expect(page.contains(">3 項中已完成 1 項</span>"))
            }
            try await TestApp.$cookies.withValue("pb_lang=zh-Hans") {
                let page = try await client.get("/").text
                #expect(page.contains(">3 项中已完成 1 项</span>"))
            }
        }
    }

    @Test func plainAndHTMLNotesAreNoChecklist() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await Self.addChecklist(client, format: "plain")
            _ = try await client.post("/tasks", ["title": "HTML", "column": "today", "notes": #"<ul><li><input type="checkbox" checked> a</li></ul>"#, "notes_format": "html"], json: true)
            let board = try await client.get("/").text
            #expect(!board.contains("task-progress"))
            let refused = try await client.post("/tasks/1/check", ["item": "0", "checked": "true", "version": "0"], json: true)
            #expect(refused.status == .unprocessableContent)
            #expect(try refused.errorCode() == "invalid_field")
            #expect(refused.text.contains("not Markdown"))
        }
    }

    @Test func tickingAnItemOverJSONChangesOnlyItsMarkAndAnswersTheTask() async throws {
        try await TestApp.make().test(.router) { client in
            let version = try await Self.addChecklist(client)
            let response = try await client.post("/tasks/1/check", ["item": "2", "checked": "true", "version": String(version)], json: true)
            #expect(response.status == .ok)
            #expect(response.headers[.boardRevision] != nil)
            let task = try response.jsonObject()
            #expect(task["notesSource"] as? String == Self.notes.replacingOccurrences(of: "- [ ] charger", with: "- [x] charger"))
            #expect((task["notes"] as? String)?.contains(#"<input type="checkbox" checked="" disabled=""> charger"#) == true)
            #expect((task["html"] as? String)?.contains(">2/3</span>") == true, "the answer carries the card as it is now")
            let newVersion = try #require(task["version"] as? String)
            #expect(newVersion != String(version))
            // And back.
            let back = try await client.post("/tasks/1/check", ["item": "0", "checked": "false", "version": newVersion], json: true)
            #expect(back.status == .ok)
            #expect(try await Self.source(client).hasPrefix("Packing:\n\n- [ ] passport\n- [ ] tickets\n- [x] charger"))
        }
    }

    @Test func tickingAnItemByFormComesBackToTheTaskPage() async throws {
        try await TestApp.make().test(.router) { client in
            let version = try await Self.addChecklist(client)
            let response = try await client.post("/tasks/1/check", ["item": "1", "checked": "true", "version": String(version)])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/tasks/1#notes-heading")
            #expect(try await Self.source(client).contains("- [x] tickets"))
            let page = try await client.get("/tasks/1").text
            #expect(page.contains(#"<button type="submit" class="check-item" form="check-item-1" role="checkbox" aria-checked="true" aria-label="tickets"></button>"#))
            #expect(page.contains(#"<form class="check-form" id="check-item-2" method="post" action="/tasks/1/check" hidden>"#))
        }
    }

    @Test func aTickFromAPageThatNoLongerShowsTheNotesIsRefusedAsStale() async throws {
        try await TestApp.make().test(.router) { client in
            let version = try await Self.addChecklist(client)
            _ = try await client.post("/tasks/1", ["notes": "- [ ] first\n\n" + Self.notes, "notes_format": "markdown"], json: true)
            let refused = try await client.post("/tasks/1/check", ["item": "1", "checked": "true", "version": String(version)], json: true)
            #expect(refused.status == .conflict)
            #expect(try refused.errorCode() == "stale")
            #expect(refused.text.contains("was changed elsewhere"))
            #expect(!(try await Self.source(client).contains("[x] tickets")), "nothing changed")
            // A person sees the task page as it is now, with the reason.
            let page = try await client.post("/tasks/1/check", ["item": "1", "checked": "true", "version": String(version)])
            #expect(page.status == .conflict)
            #expect(page.text.contains("was changed elsewhere since this page was drawn, so the item was not changed"))
            #expect(page.text.contains(#"aria-label="first""#))
        }
    }

    @Test(arguments: [("3", "which has 3"), ("-1", "whole number"), ("two", "whole number"), ("", "is needed")])
    func aBadItemIsRefusedWithAMessage(item: String, reason: String) async throws {
        try await TestApp.make().test(.router) { client in
            let version = try await Self.addChecklist(client)
            let refused = try await client.post("/tasks/1/check", ["item": item, "checked": "true", "version": String(version)], json: true)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(reason), "\(refused.text)")
            let page = try await client.post("/tasks/1/check", ["item": item, "checked": "true", "version": String(version)])
            #expect(page.status == .unprocessableContent)
            #expect(try await Self.source(client) == Self.notes)
        }
    }

    @Test func aTickWithoutTheVersionIsRefused() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await Self.addChecklist(client)
            let refused = try await client.post("/tasks/1/check", ["item": "1", "checked": "true"], json: true)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("version"))
        }
    }

    @Test func undoBringsTheTickBackAndTheCardWithIt() async throws {
        try await TestApp.make().test(.router) { client in
            let version = try await Self.addChecklist(client)
            _ = try await client.post("/tasks/1/check", ["item": "1", "checked": "true", "version": String(version)], json: true)
            #expect(try await client.get("/").text.contains(">2/3</span>"))
            let undone = try await client.post("/undo", json: true)
            #expect(undone.status == .ok)
            #expect(try await Self.source(client) == Self.notes)
            #expect(try await client.get("/").text.contains(">1/3</span>"), "the card is drawn again")
        }
    }
}
