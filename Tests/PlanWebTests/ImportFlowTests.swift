import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// Importing from the board's pages: the review before a Trello board or a repeat is imported,
/// and the summary reached by a redirect.
@Suite struct ImportFlowTests {
    static let trello = TransferRouteTests.fixtures.appendingPathComponent("trello-small.json")

    /// Uploads as the page's form does and follows the redirect to the review page.
    static func review(_ client: some TestClientProtocol, _ bytes: [UInt8]) async throws -> (path: String, page: String) {
        let posted = try await TransferRouteTests.upload(client, bytes, json: false)
        #expect(posted.status == .seeOther)
        let location = try #require(posted.headers[.location])
        #expect(location.hasPrefix("/import/review/"))
        return (location, try await client.get(location).text)
    }

    @Test func aTrelloBoardIsReviewedListByListThenImportedAndSummarisedByARedirect() async throws {
        try await TestApp.make().test(.router) { client in
            let (path, page) = try await Self.review(client, Array(try Data(contentsOf: Self.trello)))
            #expect(page.contains("From the Trello board “Home renovation”: 4 tasks."))
            // Each open list with its default from the name rules; the archived list is not offered.
            #expect(page.contains(#"<select id="list-L2" name="list-L2"><option value="today" selected>Today</option>"#))
            #expect(page.contains(#"<select id="list-L1" name="list-L1"><option value="today">Today</option><option value="next" selected>Next</option>"#))
            #expect(page.contains(#"<option value="later" selected>Later</option><option value="skip">Skip these cards</option></select>"#))
            #expect(!page.contains("list-L4"))
            #expect(!page.contains("imported before"))
            #expect(try await client.titles() == ["today": [], "next": [], "later": []], "nothing is imported before the choice")
            // Doing's cards are all done; Someday is skipped.
            let done = try await client.post(path, [("list-L1", "next"), ("list-L2", "today"), ("finished-L2", "true"), ("list-L3", "skip")])
            #expect(done.status == .seeOther)
            let summaryPath = try #require(done.headers[.location])
            #expect(summaryPath.hasPrefix("/imports/"))
            let summary = try await client.get(summaryPath)
            #expect(summary.status == .ok)
            #expect(summary.text.contains("<h1>Imported 4 tasks</h1>") && summary.text.contains("1 to the logbook"))
            #expect(summary.text.contains("1 card of a skipped list was left out."))
            #expect(summary.text.contains("Someday / maybe → skipped"))
            let board = try await client.get("/", json: true).jsonObject()
            let today = try #require((board["columns"] as? [String: [[String: Any]]])?["today"])
            #expect(today.map { $0["finished"] as? Bool } == [true, true])
            // Reloading the summary imports nothing; the review is spent.
            #expect(try await client.get(summaryPath).status == .ok)
            #expect(try await client.titles()["today"]?.count == 2)
            // Confirming again (a second click, the form sent again) is shown the same import's summary.
            let again = try await client.post(path, [("list-L1", "next")])
            #expect(again.status == .seeOther)
            #expect(again.headers[.location] == summaryPath)
            #expect(try await client.titles()["today"]?.count == 2)
        }
    }

    @Test func aTrelloListNamedDoneIsPresetToFinishedOnTheReviewAndForAScript() async throws {
        let board = #"""
            {"name": "Chores", "lists": [{"id": "L1", "name": "DONE! 🙌🏽"}, {"id": "L2", "name": "Doing"}, {"id": "L3", "name": "已完成"}],
             "cards": [{"id": "C1", "name": "Paint the fence", "idList": "L1"}, {"id": "C2", "name": "Fix the tap", "idList": "L2"},
                       {"id": "C3", "name": "交电费", "idList": "L3"}]}
            """#
        try await TestApp.make().test(.router) { client in
            let (_, page) = try await Self.review(client, Array(board.utf8))
            #expect(page.contains(#"name="finished-L1" value="true" aria-label="The cards of “DONE! 🙌🏽” are finished" checked>"#))
            #expect(page.contains(#"name="finished-L3" value="true" aria-label="The cards of “已完成” are finished" checked>"#))
            #expect(page.contains(#"name="finished-L2" value="true" aria-label="The cards of “Doing” are finished">"#))
        }
        try await TestApp.make().test(.router) { client in
            // A script sends no choices: each list goes by its name.
            #expect(try await TransferRouteTests.upload(client, Array(board.utf8)).status == .ok)
            let tasks = try await client.get("/", json: true).jsonObject()
            let columns = try #require(tasks["columns"] as? [String: [[String: Any]]])
            let finished = Dictionary(uniqueKeysWithValues: columns.values.joined().map { ($0["title"] as? String ?? "", $0["finished"] as? Bool) })
            #expect(finished == ["Paint the fence": true, "Fix the tap": false, "交电费": true])
        }
    }

    @Test func importingTheSameTrelloBoardAgainAsksAndCanBringOnlyTheNewCards() async throws {
        try await TestApp.make().test(.router) { client in
            let bytes = Array(try Data(contentsOf: Self.trello))
            let (first, _) = try await Self.review(client, bytes)
            _ = try await client.post(first, [])
            #expect(try await client.titles().values.reduce(0) { $0 + $1.count } == 4)
            // The same board again, with one card more.
            var document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            var cards = try #require(document["cards"] as? [[String: Any]])
            cards.append(["id": "5f1a2b3c00000000000000ff", "name": "A new card", "desc": "", "idList": "L1"])
            document["cards"] = cards
            let (second, page) = try await Self.review(client, Array(try JSONSerialization.data(withJSONObject: document)))
            #expect(page.contains("<legend>5 of them were imported before</legend>"))
            #expect(page.contains(#"<input type="radio" name="duplicates" value="skip" checked> Import only the new ones"#))
            let done = try await client.post(second, [("duplicates", "skip")])
            let summary = try await client.get(try #require(done.headers[.location])).text
            #expect(summary.contains("<h1>Imported 1 task</h1>"))
            #expect(summary.contains("5 tasks already on this board were left out."))
            #expect(try await client.titles()["next"] == ["Call the plumber about the leak", "A new card"])
            // Asked for, everything comes again.
            let (third, _) = try await Self.review(client, bytes)
            _ = try await client.post(third, [("duplicates", "import")])
            #expect(try await client.titles().values.reduce(0) { $0 + $1.count } == 9)
        }
    }

    @Test func aPlanBoardExportImportsAtOnceUnlessItWasImportedBefore() async throws {
        let export = try await TestApp.make().test(.router) { client -> [UInt8] in
            try await client.addTasks(["Buy milk", "Call Anna"])
            return Array(try await client.get("/export").body.readableBytesView)
        }
        try await TestApp.make().test(.router) { client in
            let first = try await TransferRouteTests.upload(client, export, json: false)
            #expect(first.status == .seeOther)
            #expect(first.headers[.location]?.hasPrefix("/imports/") == true, "no review: nothing to choose")
            let (path, page) = try await Self.review(client, export)
            #expect(page.contains("<legend>2 of them were imported before</legend>"))
            _ = try await client.post(path, [("duplicates", "skip")])
            #expect(try await client.titles()["today"] == ["Buy milk", "Call Anna"])
            // Scripts say the same with a field; one that does not say is refused, and nothing is doubled.
            let unsaid = try await TransferRouteTests.upload(client, export)
            #expect(unsaid.status == .conflict)
            let refusal = try #require(try unsaid.jsonObject()["error"] as? [String: Any])
            #expect(refusal["code"] as? String == "imported_before")
            #expect(refusal["message"] as? String
                == "2 tasks in this file were imported before. Send duplicates=skip to leave them out, or duplicates=all to import them again.")
            #expect(try await client.titles()["today"] == ["Buy milk", "Call Anna"])
            let json = try await TransferRouteTests.upload(client, export, fields: ["duplicates": "skip"])
            #expect(int64(try json.jsonObject()["skippedDuplicates"]) == 2)
            #expect(int64(try json.jsonObject()["total"]) == 0)
            let all = try await TransferRouteTests.upload(client, export, fields: ["duplicates": "all"])
            #expect(int64(try all.jsonObject()["total"]) == 2)
            #expect(try await client.titles()["today"] == ["Buy milk", "Call Anna", "Buy milk", "Call Anna"])
        }
    }

    @Test func theBoardsOwnExportSaysItsTasksWereMadeHereAndNeverDoublesThem() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["Buy milk", "Call Anna", "Book the dentist"])
            let export = Array(try await client.get("/export").body.readableBytesView)
            #expect(try await client.post("/tasks/\(ids[2])/delete", json: true).status == .ok)
            let (path, page) = try await Self.review(client, export)
            #expect(page.contains("2 of them were made on this board and are still here: they are left out, so nothing is doubled."))
            #expect(!page.contains("imported before"))
            #expect(!page.contains(#"name="duplicates""#), "nothing offered that would double them")
            let done = try await client.post(path, [("duplicates", "import")])
            let summary = try await client.get(try #require(done.headers[.location])).text
            #expect(summary.contains("<h1>Imported 1 task</h1>") && summary.contains("2 tasks already on this board were left out."))
            #expect(try await client.titles()["today"] == ["Buy milk", "Call Anna", "Book the dentist"], "the deleted one came back, once")
            // A script is not asked about them either, and cannot double them.
            for fields in [[:], ["duplicates": "all"]] {
                let json = try await TransferRouteTests.upload(client, export, fields: fields)
                #expect(json.status == .ok)
                #expect(int64(try json.jsonObject()["total"]) == 0)
            }
            #expect(try await client.titles()["today"]?.count == 3)
        }
    }

    @Test func anOldExportWithoutSourcesStillImports() async throws {
        try await TestApp.make().test(.router) { client in
            let old = #"{"format": "planboard-export", "version": 1, "columns": {"today": [{"id": 7, "title": "Old", "notes": "<p>kept <b>as</b> HTML</p>"}]}}"#
            let response = try await TransferRouteTests.upload(client, Array(old.utf8))
            #expect(response.status == .ok)
            let task = try await client.get("/tasks/7", json: true).jsonObject()
            #expect(task["notesFormat"] as? String == "html")
            #expect(task["notesSource"] as? String == "<p>kept <b>as</b> HTML</p>")
            #expect(task["notes"] as? String == "<p>kept <b>as</b> HTML</p>")
        }
    }

    @Test func anUnknownReviewIsA404ThatSaysWhatToDo() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/import/review/nosuchuploadnosuchupload")
            #expect(page.status == .notFound)
            #expect(page.text.contains("Choose the file again"))
            #expect(try await client.get("/imports/999").status == .notFound)
        }
    }
}
