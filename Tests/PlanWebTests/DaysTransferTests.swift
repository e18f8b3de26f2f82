import Foundation
import HummingbirdTesting
import PlanCore
import Testing
@testable import PlanWeb

/// Export version 4 carries each task's when-date, deadline and repeat, and the logbook; importing
/// it gives them back, and version-3 (no logbook) and version-2 (no days) files still import.
@Suite struct DaysTransferTests {
    @Test func theDaysAndRepeatsGoOutAndComeBackThroughExportAndImport() async throws {
        let original = try await TestApp.make().test(.router) { client -> [UInt8] in
            let ids = try await client.addTasks(["Water the plants every Monday", "Pay rent", "Nothing dated"])
            _ = try await client.post("/tasks/\(ids[1])", ["when": "2026-11-30", "deadline": "2026-12-03", "repeat": "every month on day 3"], json: true)
            return Array(try await client.get("/export").body.readableBytesView)
        }
        let export = try #require(try JSONSerialization.jsonObject(with: Data(original)) as? [String: Any])
        #expect(int64(export["version"]) == 4)
        let today = try #require((export["columns"] as? [String: [[String: Any]]])?["today"])
        #expect(today[0]["repeats"] as? String == "week:1" && today[0]["when"] as? String == "2026-11-23")
        #expect(today[1]["when"] as? String == "2026-11-30" && today[1]["deadline"] as? String == "2026-12-03" && today[1]["repeats"] as? String == "month:3")
        #expect(today[2]["when"] == nil && today[2]["deadline"] == nil && today[2]["repeats"] == nil, "a task without days has no such keys")

        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            #expect(try await TransferRouteTests.upload(client, original).status == .ok)
            var again = try await TransferRouteTests.exportWithoutTimestamp(client)
            var before = try #require(try JSONSerialization.jsonObject(with: Data(original)) as? [String: Any])
            for key in ["exported", "revision", "board"] { before.removeValue(forKey: key); again.removeValue(forKey: key) }
            #expect(NSDictionary(dictionary: again).isEqual(to: before), "the re-exported board equals the original, days included")
            let tasks = try await store.board().tasks(in: .today)
            #expect(tasks[1].deadline == BoardDay(iso: "2026-12-03") && tasks[1].repeats == .everyMonth(on: 3))
        }
    }

    @Test func aVersionTwoExportStillImportsAndAnUnreadableDayIsLeftOut() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let file = #"{"format": "planboard-export", "version": 2, "columns": {"today": [{"id": 4, "title": "Old one"}]}}"#
            #expect(try await TransferRouteTests.upload(client, Array(file.utf8)).status == .ok)
            let odd = #"{"format": "planboard-export", "version": 3, "columns": {"next": [{"id": 5, "title": "Odd days", "when": "2026-02-30", "deadline": "2026-12-01", "repeats": "fortnightly"}]}}"#
            #expect(try await TransferRouteTests.upload(client, Array(odd.utf8)).status == .ok)
            let next = try await store.board().tasks(in: .next)
            #expect(next.map(\.title) == ["Odd days"])
            #expect(next[0].when == nil && next[0].repeats == nil && next[0].deadline == BoardDay(iso: "2026-12-01"))
        }
    }

    @Test func theLogbookGoesOutAndComesBackWithItsDaysAndColumns() async throws {
        let original = try await TestApp.make().test(.router) { client -> [UInt8] in
            let today = try await client.addTasks(["Posted the letter", "Still to do"])
            let later = try await client.addTasks(["Renewed the passport"], to: "later")
            _ = try await client.post("/tasks/\(later[0])", ["title": "Renewed the passport", "notes": "**Done** at the town hall", "notesFormat": "markdown"], json: true)
            for id in [today[0], later[0]] { #expect(try await client.post("/tasks/\(id)/finish", ["finished": "true"], json: true).status == .ok) }
            #expect(try await client.post("/columns/today/clear-finished", json: true).status == .ok)
            #expect(try await client.post("/columns/later/clear-finished", json: true).status == .ok)
            return Array(try await client.get("/export").body.readableBytesView)
        }
        let export = try #require(try JSONSerialization.jsonObject(with: Data(original)) as? [String: Any])
        let logbook = try #require(export["logbook"] as? [[String: Any]])
        #expect(logbook.count == 2)
        let passport = try #require(logbook.first { $0["title"] as? String == "Renewed the passport" })
        #expect(passport["column"] as? String == "later" && passport["finishedDay"] as? String == "2026-11-22")
        #expect(passport["finishedAt"] is String && passport["notesSource"] as? String == "**Done** at the town hall")
        #expect((export["columns"] as? [String: [[String: Any]]])?["today"]?.map { $0["title"] as? String } == ["Still to do"])

        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let answer = try await TransferRouteTests.upload(client, original)
            #expect(answer.status == .ok)
            let summary = try answer.jsonObject()
            #expect(int64(summary["toLogbook"]) == 2 && int64(summary["total"]) == 3)
            let entries = try await store.logbook(after: nil, limit: 10).entries
            #expect(Set(entries.map(\.title)) == ["Posted the letter", "Renewed the passport"])
            let back = try #require(entries.first { $0.title == "Renewed the passport" })
            #expect(back.column == .later && back.finished && back.inLogbook && back.finishedDay == BoardDay(iso: "2026-11-22"))
            #expect(back.notesSource == "**Done** at the town hall")
            #expect(try await store.board().allTasks.map(\.title) == ["Still to do"])
            // The summary page says where they went.
            let page = try await client.get("/imports/\(int64(summary["revision"])!)").text
            #expect(page.contains("2 to the logbook"))
            // The same file again, skipping what came before: nothing doubles, in the logbook either.
            let again = try await TransferRouteTests.upload(client, original, fields: ["duplicates": "skip"])
            #expect(int64(try again.jsonObject()["toLogbook"]) == 0)
            #expect(try await store.logbook(after: nil, limit: 10).entries.count == 2)
        }
    }

    @Test func aLogbookEntryFromAnUnknownColumnIsRefusedWithItsName() async throws {
        try await TestApp.make().test(.router) { client in
            let file = #"{"format": "planboard-export", "version": 4, "columns": {}, "logbook": [{"title": "x", "column": "someday"}]}"#
            let answer = try await TransferRouteTests.upload(client, Array(file.utf8))
            #expect(answer.status.code == 422 || answer.status.code == 400)
            #expect(answer.text.contains("someday"))
        }
    }
}
