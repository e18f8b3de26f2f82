import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// Taking an import back from its summary page (issue 23 item 2): `POST /imports/REVISION/undo`,
/// one change, all or nothing, with and without JavaScript; the session's Undo points there.
@Suite struct ImportUndoRouteTests {
    @Test func anImportIsUndoneFromItsSummaryPageAndTheBoardSaysWhatWasRemoved() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await client.addTasks(["mine"])
            let (review, _) = try await ImportFlowTests.review(client, Array(try Data(contentsOf: ImportFlowTests.trello)))
            let confirmed = try await client.post(review, [("list-L1", "next"), ("list-L2", "today"), ("finished-L2", "true"), ("list-L3", "skip")])
            let summaryPath = try #require(confirmed.headers[.location])
            let revision = try #require(summaryPath.split(separator: "/").last.map(String.init))
            let summary = try await client.get(summaryPath).text
            #expect(summary.contains(#"<form class="import-undo" method="post" action="/imports/\#(revision)/undo">"#))
            #expect(summary.contains("Removes the 4 tasks it added, all or none: if any of them has been changed since, nothing is removed."))
            #expect(summary.contains(#"aria-describedby="import-undo-explained">Undo this import</button>"#))
            let imported = try await client.titles()
            #expect(imported.values.joined().count == 4, "three beside mine, and one in the logbook")
            #expect(try await client.get("/logbook").text.contains("Tiled the bathroom"))

            // Undo on the board leaves the import alone and says where it can be taken back.
            let undo = try await client.post("/undo", json: true)
            #expect(undo.status == .unprocessableContent)
            #expect(try undo.errorCode() == "not_undoable")
            #expect(try undo.text.contains("“Undo this import” on its summary page"))
            #expect(try await client.titles() == imported)

            let done = try await client.post("/imports/\(revision)/undo", [(String, String)]())
            #expect(done.status == .seeOther)
            #expect(done.headers[.location] == "/")
            let notice = try #require(done.headers[values: .setCookie].first { $0.hasPrefix("pb_notice=") })
            let board = try await TestApp.$cookies.withValue(TestApp.cookies + "; " + String(notice.split(separator: ";")[0])) {
                try await client.get("/").text
            }
            #expect(board.contains("Undid the import: removed 4 tasks."))
            #expect(try await client.titles() == ["today": ["mine"], "next": [], "later": []])
            #expect(!(try await client.get("/logbook").text.contains("Tiled the bathroom")), "its logbook entry went too")

            // The summary stays, says so, and offers nothing more; a second try is refused.
            let after = try await client.get(summaryPath).text
            #expect(after.contains("This import was undone: the tasks it added were removed."))
            #expect(!after.contains("import-undo"))
            let again = try await client.post("/imports/\(revision)/undo", [(String, String)]())
            #expect(again.status == .conflict)
            #expect(again.text.contains(#"<div class="banner banner-error" role="alert">Nothing was removed. This import was undone already.</div>"#))
        }
    }

    @Test func aTaskChangedSinceKeepsTheWholeImportAndTheRefusalNamesIt() async throws {
        try await TestApp.make().test(.router) { client in
            let export = #"{"format": "planboard-export", "version": 1, "columns": {"today": [{"title": "a"}, {"title": "b"}], "next": [], "later": []}}"#
            let stored = try await TransferRouteTests.upload(client, Array(export.utf8))
            #expect(stored.status == .ok)
            let body = try stored.jsonObject()
            #expect(body["canBeUndone"] as? Bool == true && body["undone"] as? Bool == false)
            let revision = try #require(int64(body["revision"]))
            let board = try await client.get("/", json: true).jsonObject()
            let today = try #require((board["columns"] as? [String: [[String: Any]]])?["today"])
            let b = try #require(int64(today[1]["id"]))
            #expect(try await client.post("/tasks/\(b)", ["title": "b, edited"], json: true).status == .ok)

            let refused = try await client.post("/imports/\(revision)/undo", json: true)
            #expect(refused.status == .conflict)
            #expect(try refused.errorCode() == "stale")
            #expect(try refused.text.contains("“b, edited”, one of the tasks this import added"))
            #expect(try await client.titles()["today"] == ["a", "b, edited"])
            // Without JavaScript: the summary again, with the reason, still offering the undo.
            let page = try await client.post("/imports/\(revision)/undo", [(String, String)]())
            #expect(page.status == .conflict)
            #expect(page.text.contains("Nothing was removed. “b, edited”, one of the tasks this import added, was changed"))
            #expect(page.text.contains(#"class="import-undo""#))

            // Put back as it was imported, it still counts as changed: a later change named it.
            _ = try await client.post("/undo", json: true)
            #expect(try await client.post("/imports/\(revision)/undo", json: true).status == .conflict)
        }
    }

    @Test func onlyAnImportThatIsStillKeptCanBeUndone() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await client.addTasks(["mine"])
            for path in ["/imports/1/undo", "/imports/999/undo"] {
                let missing = try await client.post(path, json: true)
                #expect(missing.status == .notFound, "\(path)")
                #expect(try missing.errorCode() == "not_found")
            }
            #expect(try await client.post("/imports/1/undo", [(String, String)]()).status == .notFound)
            #expect(try await client.post("/imports/x/undo", json: true).status == .notFound)
            // A form without the page's token is refused before anything is looked up.
            #expect(try await client.post("/imports/1/undo", csrf: nil).status == .forbidden)
            #expect(try await client.titles()["today"] == ["mine"])
        }
    }
}
