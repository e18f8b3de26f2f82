import Foundation
import HummingbirdTesting
import PlanCore
import Testing
@testable import PlanWeb

/// Export version 3 carries each task's when-date, deadline and repeat; importing it gives them
/// back, and a version-2 file (no days) still imports.
@Suite struct DaysTransferTests {
    @Test func theDaysAndRepeatsGoOutAndComeBackThroughExportAndImport() async throws {
        let original = try await TestApp.make().test(.router) { client -> [UInt8] in
            let ids = try await client.addTasks(["Water the plants every Monday", "Pay rent", "Nothing dated"])
            _ = try await client.post("/tasks/\(ids[1])", ["when": "2026-11-30", "deadline": "2026-12-03", "repeat": "every month on day 3"], json: true)
            return Array(try await client.get("/export").body.readableBytesView)
        }
        let export = try #require(try JSONSerialization.jsonObject(with: Data(original)) as? [String: Any])
        #expect(int64(export["version"]) == 3)
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
}
