import Foundation
import HummingbirdTesting
import PlanCore
import PlanSQLite
import PlanStore
import Testing
@testable import PlanWeb

/// `GET /logbook` and what can be done from it: paging, opening an entry, putting it back, deleting
/// it; and *Clear* on a column of the board.
@Suite struct LogbookRoutesTests {
    /// A store whose logbook holds `count` entries, one finished every three hours back from the
    /// tests' fixed clock: "Logbook entry 0" is the newest.
    static func store(logbook count: Int) async throws -> SQLiteBoardStore {
        let store = try TestApp.store()
        let calendar = try await store.calendar()
        let entries = (0..<count).map { index in
            let finished = TestApp.fixedNow.addingTimeInterval(-Double(index) * 3 * 3_600)
            return ImportedTask(
                title: "Logbook entry \(index)", column: BoardColumn.allCases[index % 3], important: index == 1, finished: true,
                notes: index == 0 ? TaskNotes(source: "<p>Kept <strong>this</strong></p>", format: .html, html: "<p>Kept <strong>this</strong></p>", excerpt: "Kept this") : .none,
                created: finished.addingTimeInterval(-86_400), updated: finished, originalID: nil,
                finishedAt: finished, finishedDay: calendar.day(of: finished), inLogbook: true)
        }
        if !entries.isEmpty { _ = try await store.importTasks(entries, summary: nil, client: nil) }
        return store
    }

    static func titles(_ json: [String: Any]) -> [String] {
        (json["entries"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    @Test func keptDrawingsOfEntriesFollowTheClockTheLanguageAndTheEntries() async throws {
        let store = try await Self.store(logbook: 3)
        try await TestApp.make(store: store).test(.router) { client in
            // Drawn once, then served from the kept drawings: the same page each time.
            let first = try await client.get("/logbook").text
            #expect(first.contains("finished at 09:00"))
            #expect(try await client.get("/logbook").text == first)
            // The board's clock moves: every entry's time is drawn again on it.
            #expect(try await client.post("/settings", ["time_zone": "Asia/Taipei", "day_starts": "0"]).status == .seeOther)
            let taipei = try await client.get("/logbook").text
            #expect(taipei.contains("finished at 17:00") && !taipei.contains("finished at 09:00"))
            // Another language gets its own drawings, not the English ones.
            let chinese = try await client.execute(uri: "/logbook", method: .get, headers: [.cookie: TestApp.cookieHeader(), .acceptLanguage: "zh-TW"])
            let text = String(buffer: chinese.body)
            #expect(text.contains("17:00 完成") && text.contains("放回") && !text.contains("Put back"))
            // An entry put back leaves the page; one deleted too.
            let entries = try await store.logbook(after: nil, limit: 10).entries
            #expect(try await client.post("/logbook/\(entries[0].id)/put-back").status == .seeOther)
            #expect(!(try await client.get("/logbook").text.contains(">\(entries[0].title)<")))
        }
    }

    @Test func anEmptyLogbookSaysHowTasksGetThere() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/logbook")
            #expect(page.status == .ok)
            #expect(page.text.contains("Nothing in the logbook yet."))
            #expect(!page.text.contains("rel=\"next\""))
            let json = try await client.get("/logbook", json: true).jsonObject()
            #expect(Self.titles(json).isEmpty)
            #expect(json["next"] is NSNull)
        }
    }

    @Test func theBoardLinksToTheLogbookAndTheSettings() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/").text
            #expect(page.contains(#"<a href="/logbook">Logbook</a>"#))
            #expect(page.contains(#"<a href="/settings">Settings</a>"#))
        }
    }

    @Test func pagesFollowEachOtherNewestFirstAcrossAPageBoundary() async throws {
        let count = LogbookController.pageSize + 7
        try await TestApp.make(store: try await Self.store(logbook: count)).test(.router) { client in
            let first = try await client.get("/logbook", json: true).jsonObject()
            #expect(Self.titles(first) == (0..<LogbookController.pageSize).map { "Logbook entry \($0)" })
            let next = try #require(first["next"] as? String)
            let second = try await client.get("/logbook?after=\(next)", json: true).jsonObject()
            #expect(Self.titles(second) == (LogbookController.pageSize..<count).map { "Logbook entry \($0)" })
            #expect(second["next"] is NSNull)
            // The page a person reads: the days as headings, and a link to the older entries that works.
            let html = try await client.get("/logbook").text
            #expect(html.contains("Today, Sunday, 22 November 2026"))
            #expect(html.contains("Yesterday, Saturday, 21 November 2026"))
            let older = try #require(html.firstMatch(of: #/<a class="button" href="([^"]+)" rel="next">Older</a>/#)).1
            #expect(older == "/logbook?after=\(next)")
            let olderPage = try await client.get(String(older)).text
            #expect(olderPage.contains("Logbook entry \(count - 1)"))
            #expect(!olderPage.contains(">Logbook entry 0<"))
            #expect(olderPage.contains(#"<a class="button button-quiet" href="/logbook">Newest</a>"#))
            #expect(!olderPage.contains("rel=\"next\""))
        }
    }

    @Test func aCursorThatCannotBeReadIsA400WithTheNewestEntries() async throws {
        try await TestApp.make(store: try await Self.store(logbook: 3)).test(.router) { client in
            for bad in ["nonsense", "2026-11-22", "2026-13-01.4", "2026-11-22.x", "2026-11-22.-3", "2026-11-22.99999999999999999999", "%00", ".", "2026-11-22.4.5"] {
                let page = try await client.get("/logbook?after=\(bad.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
                #expect(page.status == .badRequest, "\(bad)")
                #expect(page.text.contains("That page of the logbook could not be found"), "\(bad)")
                #expect(page.text.contains("Logbook entry 0"), "\(bad)")
                let json = try await client.get("/logbook?after=\(bad.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)", json: true)
                #expect(json.status == .badRequest, "\(bad)")
                #expect(try json.errorCode() == "bad_cursor")
            }
            try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
                let page = try await client.get("/logbook?after=nonsense")
                #expect(page.status == .badRequest)
                #expect(page.text.contains("找不到完成紀錄的這一頁"))
            }
        }
    }

    @Test func anEntryOpensWithItsNotesSanitized() async throws {
        let store = try await Self.store(logbook: 2)
        let id = try await store.logbook(after: nil, limit: 1).entries[0].id
        try await TestApp.make(store: store).test(.router) { client in
            let list = try await client.get("/logbook").text
            #expect(list.contains(#"<a class="logbook-entry-title" href="/logbook/\#(id)">Logbook entry 0</a>"#))
            let page = try await client.get("/logbook/\(id)")
            #expect(page.status == .ok)
            #expect(page.text.contains("<div class=\"notes\"><p>Kept <strong>this</strong></p></div>"))
            #expect(page.text.contains("Finished Sunday, 22 November 2026 at 09:00, from Today."))
            let json = try await client.get("/logbook/\(id)", json: true).jsonObject()
            #expect(json["finishedDay"] as? String == "2026-11-22")
            #expect(try await client.get("/logbook/999").status == .notFound)
        }
    }

    @Test func putBackBringsAnEntryToTheTopOfItsColumnAndUndoSendsItBack() async throws {
        let store = try await Self.store(logbook: 2)
        let entry = try await store.logbook(after: nil, limit: 1).entries[0]
        try await TestApp.make(store: store).test(.router) { client in
            let ids = try await client.addTasks(["Already on the board"])
            let response = try await client.post("/logbook/\(entry.id)/put-back")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/#task-\(entry.id)")
            #expect(try await client.titles()["today"] == ["Logbook entry 0", "Already on the board"])
            // The notice is the cookie the answer set, shown once on the board it leads to.
            let notice = try #require(response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let board = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token); \(notice)"]).text
            #expect(board.contains("Put “Logbook entry 0” back at the top of Today."))
            #expect(!(try await client.get("/logbook").text.contains(">Logbook entry 0<")))
            // The board's Undo takes it back to the logbook, and shows it there.
            let undone = try await client.post("/undo")
            #expect(undone.headers[.location] == "/logbook/\(entry.id)")
            #expect(try await client.titles()["today"] == ["Already on the board"])
            #expect(try await client.get("/logbook").text.contains(">Logbook entry 0<"))
            _ = ids
            // Putting back what is on the board is refused, on the logbook page for a person.
            let task = try await client.addTasks(["On the board"])[0]
            let refused = try await client.post("/logbook/\(task)/put-back")
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("“On the board” is already on the board, not in the logbook."))
            #expect(try await client.post("/logbook/\(task)/put-back", json: true).errorCode() == "not_in_logbook")
        }
    }

    @Test func putBackAnswersScriptsWithTheCard() async throws {
        let store = try await Self.store(logbook: 1)
        let entry = try await store.logbook(after: nil, limit: 1).entries[0]
        try await TestApp.make(store: store).test(.router) { client in
            let response = try await client.post("/logbook/\(entry.id)/put-back", json: true)
            #expect(response.status == .ok)
            let json = try response.jsonObject()
            #expect(json["finished"] as? Bool == false)
            #expect((json["html"] as? String)?.contains("id=\"task-\(entry.id)\"") == true)
            #expect(response.headers[.boardRevision] != nil)
        }
    }

    @Test func deletingAnEntryRemovesItAndUndoBringsItBack() async throws {
        let store = try await Self.store(logbook: 2)
        let entry = try await store.logbook(after: nil, limit: 1).entries[0]
        try await TestApp.make(store: store).test(.router) { client in
            let response = try await client.post("/logbook/\(entry.id)/delete")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/logbook")
            let notice = try #require(response.headers[.setCookie])
            let page = try await TestApp.$cookies.withValue(String(notice.split(separator: ";")[0])) { try await client.get("/logbook").text }
            #expect(page.contains("Deleted “Logbook entry 0” from the logbook."))
            #expect(!page.contains(">Logbook entry 0<"))
            #expect(try await client.get("/logbook/\(entry.id)").status == .notFound)
            let undone = try await client.post("/undo")
            #expect(undone.headers[.location] == "/logbook/\(entry.id)")
            #expect(try await client.get("/logbook").text.contains(">Logbook entry 0<"))
            // A task on the board is not deleted through the logbook's button.
            let task = try await client.addTasks(["On the board"])[0]
            #expect(try await client.post("/logbook/\(task)/delete", json: true).errorCode() == "not_in_logbook")
            #expect(try await client.titles()["today"] == ["On the board"])
            #expect(try await client.post("/logbook/4040/delete", json: true).status == .notFound)
        }
    }

    @Test func clearSendsAColumnsFinishedTasksToTheLogbookAndUndoBringsThemBack() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b", "c"])
            try await client.addTasks(["elsewhere"], to: "next")
            _ = try await client.post("/tasks/\(ids[0])/finish", ["finished": "true"], json: true)
            _ = try await client.post("/tasks/\(ids[2])/finish", ["finished": "true"], json: true)
            let board = try await client.get("/").text
            #expect(board.contains(#"formaction="/columns/today/clear-finished""#))
            let response = try await client.post("/columns/today/clear-finished")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/#column-today")
            #expect(try await client.titles() == ["today": ["b"], "next": ["elsewhere"], "later": []])
            let notice = try #require(response.headers[.setCookie])
            let shown = try await TestApp.$cookies.withValue(String(notice.split(separator: ";")[0])) { try await client.get("/").text }
            #expect(shown.contains("Sent 2 finished tasks from Today to the logbook."))
            let logbook = try await client.get("/logbook", json: true).jsonObject()
            #expect(Set(Self.titles(logbook)) == ["a", "c"])
            _ = try await client.post("/undo")
            #expect(try await client.titles()["today"] == ["a", "b", "c"])
            #expect(Self.titles(try await client.get("/logbook", json: true).jsonObject()).isEmpty)
        }
    }

    @Test func clearAnswersScriptsAndRefusesAColumnThatDoesNotExist() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a"], to: "later")
            _ = try await client.post("/tasks/\(ids[0])/finish", ["finished": "true"], json: true)
            let response = try await client.post("/columns/later/clear-finished", json: true)
            #expect(response.status == .ok)
            let json = try response.jsonObject()
            #expect((json["cleared"] as? [Any])?.compactMap { int64($0) } == ids)
            #expect(json["column"] as? String == "later")
            let none = try await client.post("/columns/later/clear-finished", json: true).jsonObject()
            #expect((none["cleared"] as? [Any])?.isEmpty == true)
            let unknown = try await client.post("/columns/someday/clear-finished", json: true)
            #expect(unknown.status == .unprocessableContent)
            #expect(try await client.post("/columns/today/clear-finished", json: true, csrf: nil).status == .forbidden)
        }
    }
}
