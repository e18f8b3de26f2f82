import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

@Suite struct MoveRoutesTests {
    @Test func moveByFormRedirectsToTheCard() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b", "c"])
            let response = try await client.post("/tasks/\(ids[0])/move", ["column": "today", "after": "\(ids[2])", "revision": "3", "move_id": "m1"])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/#task-\(ids[0])")
            #expect(try await client.titles()["today"] == ["b", "c", "a"])
        }
    }

    @Test func moveByJSONAnswersRevisionAndTask() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b"])
            let response = try await client.post("/tasks/\(ids[1])/move", ["column": "later", "after": ""], json: true)
            #expect(response.status == .ok)
            let body = try response.jsonObject()
            #expect(int64(body["revision"]) == 3)
            #expect((body["task"] as? [String: Any])?["column"] as? String == "later")
            #expect(try await client.titles() == ["today": ["a"], "next": [], "later": ["b"]])
        }
    }

    @Test func theActionsPageMovesToTopUpDownBottomAndAnotherColumn() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b", "c", "d"])
            func press(_ label: String, on id: Int64) async throws -> TestResponse {
                let page = try await client.get("/tasks/\(id)/actions").text
                let press = try #require(buttonPress(in: page, label: label), "no “\(label)” button")
                return try await client.post(press.path, press.fields)
            }
            let up = try await press("Move up", on: ids[2])
            #expect(up.status == .seeOther)
            #expect(up.headers[.location] == "/#task-\(ids[2])")
            #expect(try await client.titles()["today"] == ["a", "c", "b", "d"])
            _ = try await press("Move down", on: ids[0])
            #expect(try await client.titles()["today"] == ["c", "a", "b", "d"])
            _ = try await press("Move to top", on: ids[3])
            #expect(try await client.titles()["today"] == ["d", "c", "a", "b"])
            _ = try await press("Move to bottom", on: ids[3])
            #expect(try await client.titles()["today"] == ["c", "a", "b", "d"])
            _ = try await press("Move to Later", on: ids[1])
            _ = try await press("Move to Later", on: ids[0])
            #expect(try await client.titles() == ["today": ["c", "d"], "next": [], "later": ["b", "a"]])
        }
    }

    @Test func theActionsPageOffersOnlyWhatApplies() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b"])
            let first = try await client.get("/tasks/\(ids[0])/actions").text
            #expect(first.contains("In Today, 1 of 2."))
            #expect(first.contains(#"value="up" disabled>Move up</button>"#))
            #expect(first.contains(#"value="down">Move down</button>"#))
            #expect(!first.contains("Move to Today"))
            #expect(first.contains(">Move to Next</button>") && first.contains(">Move to Later</button>"))
            _ = try await client.post("/tasks/\(ids[1])/finish", ["finished": "true"])
            let finished = try await client.get("/tasks/\(ids[1])/actions").text
            #expect(finished.contains("It is finished, so it stays where it is"))
            #expect(!finished.contains("Move to"))
            #expect(finished.contains(">Delete</button>"))
            #expect(try await client.get("/tasks/99/actions").status == .notFound)
        }
    }

    @Test func aRelativeMoveFromAPageDrawnBeforeTheTaskMovedIsStale() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b", "c"])
            let page = try await client.get("/tasks/\(ids[2])/actions").text
            let up = try #require(buttonPress(in: page, label: "Move up"))
            // Meanwhile another tab moves "c" to the top.
            _ = try await client.post("/tasks/\(ids[2])/move", ["column": "today", "after": ""], json: true)
            let refused = try await client.post(up.path, up.fields)
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("“c” was moved elsewhere after this page was shown"))
            #expect(try await client.titles()["today"] == ["c", "a", "b"])
            let asJSON = try await client.post(up.path, up.fields, json: true)
            #expect(try asJSON.errorCode() == "stale")
            // A move of another task from the same page is still fine: staleness is per task.
            let other = try #require(buttonPress(in: try await client.get("/tasks/\(ids[1])/actions").text, label: "Move to top"))
            var oldPage = other.fields.filter { $0.0 != "revision" }
            oldPage.append(("revision", "3"))
            _ = try await client.post(other.path, oldPage)
            #expect(try await client.titles()["today"] == ["b", "c", "a"])
        }
    }

    @Test func doubleSubmittedButtonMovesOnce() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await client.addTasks(["a", "b", "c", "d"])
            let page = try await client.get("/tasks/1/actions").text
            let down = try #require(buttonPress(in: page, label: "Move down"))
            _ = try await client.post(down.path, down.fields)
            _ = try await client.post(down.path, down.fields)
            #expect(try await client.titles()["today"] == ["b", "a", "c", "d"])
        }
    }

    @Test func relativeMovesWithNowhereToGoChangeNothing() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a", "b"])
            for (id, to) in [(1, "up"), (1, "top"), (2, "down"), (2, "bottom")] {
                let response = try await client.post("/tasks/\(id)/move", ["to": to], json: true)
                #expect(response.status == .ok)
                #expect(int64(try response.jsonObject()["revision"]) == 2)
            }
            let sideways = try await client.post("/tasks/1/move", ["to": "up", "column": "next"], json: true)
            #expect(try sideways.errorCode() == "invalid_field")
            let unknown = try await client.post("/tasks/1/move", ["to": "sideways"], json: true)
            #expect(try unknown.errorCode() == "invalid_field")
            #expect(try await client.titles()["today"] == ["a", "b"])
        }
    }

    @Test func finishedTaskCannotBeMoved() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a", "b"])
            _ = try await client.post("/tasks/1/finish", ["finished": "true"])
            let json = try await client.post("/tasks/1/move", ["column": "next"], json: true)
            #expect(json.status == .unprocessableContent)
            #expect(try json.errorCode() == "task_finished")
            #expect(int64(try json.jsonObject()["revision"]) == 3)
            let page = try await client.post("/tasks/1/move", ["column": "next"])
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains("“a” is finished, so it can&#39;t be moved. Mark it as not finished first."))
            #expect(try await client.titles()["today"] == ["a", "b"])
        }
    }

    @Test func afterEqualToTheTaskIs422() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            let response = try await client.post("/tasks/1/move", ["column": "today", "after": "1"], json: true)
            #expect(response.status == .unprocessableContent)
            #expect(try response.errorCode() == "invalid_anchor")
        }
    }

    @Test func anchorNoLongerInTheColumnIs409WithTheCurrentBoard() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b"])
            // Another client moved b to Next.
            _ = try await client.post("/tasks/\(ids[1])/move", ["column": "next"], json: true)
            let response = try await client.post("/tasks/\(ids[0])/move", ["column": "today", "after": "\(ids[1])", "revision": "2"], json: true)
            #expect(response.status == .conflict)
            let body = try response.jsonObject()
            #expect((body["error"] as? [String: Any])?["code"] as? String == "stale")
            #expect(int64(body["revision"]) == 3)
            let board = try #require(body["board"] as? [String: Any])
            #expect(int64(board["revision"]) == 3)
            #expect(((board["columns"] as? [String: Any])?["next"] as? [Any])?.count == 1)
            // The form path shows the fresh board with the reason.
            let page = try await client.post("/tasks/\(ids[0])/move", ["column": "today", "after": "\(ids[1])"])
            #expect(page.status == .conflict)
            #expect(page.text.contains("The board changed before your move arrived"))
            #expect(page.text.contains(#"data-revision="3""#))
        }
    }

    @Test func unknownTaskIs404AndUnknownColumnIs422() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            let unknownTask = try await client.post("/tasks/77/move", ["column": "today"], json: true)
            #expect(unknownTask.status == .notFound)
            #expect(try unknownTask.errorCode() == "not_found")
            let unknownColumn = try await client.post("/tasks/1/move", ["column": "tomorrow"], json: true)
            #expect(unknownColumn.status == .unprocessableContent)
            #expect(try unknownColumn.errorCode() == "unknown_column")
            let badAfter = try await client.post("/tasks/1/move", ["column": "today", "after": "first"], json: true)
            #expect(badAfter.status == .unprocessableContent)
            #expect(try badAfter.errorCode() == "invalid_field")
            let badRevision = try await client.post("/tasks/1/move", ["column": "today", "revision": "-3"], json: true)
            #expect(try badRevision.errorCode() == "invalid_field")
            let longMoveID = try await client.post("/tasks/1/move", ["column": "today", "move_id": String(repeating: "m", count: 101)], json: true)
            #expect(try longMoveID.errorCode() == "invalid_field")
        }
    }

    @Test func repeatedMoveIDReturnsTheFirstAnswerAndChangesNothing() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b", "c"])
            let first = try await client.post("/tasks/\(ids[0])/move", ["column": "today", "after": "\(ids[2])", "move_id": "retry-1"], json: true)
            let before = try await client.get("/", json: true).text
            let again = try await client.post("/tasks/\(ids[0])/move", ["column": "today", "after": "\(ids[2])", "move_id": "retry-1"], json: true)
            #expect(again.status == .ok)
            #expect(again.text == first.text)
            #expect(try await client.get("/", json: true).text == before)
            let reused = try await client.post("/tasks/\(ids[1])/move", ["column": "next", "move_id": "retry-1"], json: true)
            #expect(try reused.errorCode() == "move_id_reused")
        }
    }

    @Test func aMoveIDIsThisSessionsOnly() async throws {
        // Issue 22, item 8: ids were global, so another session sending one it had seen (or guessed)
        // got the earlier answer instead of its own move. The store keeps them per session.
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b", "c"])
            let mine = try await client.post("/tasks/\(ids[0])/move", ["column": "later", "move_id": "m-1"], json: true)
            #expect(mine.status == .ok)
            let theirs = try await client.post("/tasks/\(ids[1])/move", ["column": "next", "move_id": "m-1"], json: true, session: TestApp.otherToken)
            #expect(theirs.status == .ok)
            #expect(theirs.text != mine.text)
            #expect(try await client.titles() == ["today": ["c"], "next": ["b"], "later": ["a"]])
            // The page's own buttons (no script) send no move id at all: nothing to predict.
            #expect(!(try await client.get("/").text.contains("move_id")))
            #expect(!(try await client.get("/tasks/\(ids[2])/actions").text.contains("move_id")))
        }
    }
}

/// What pressing the button with text `label` on a page sends, as a browser would: the route its
/// `formaction` names and the fields of the form it belongs to (CSRF left out: the test client adds
/// it), then its own name and value.
func buttonPress(in html: String, label: String) -> (path: String, fields: [(String, String)])? {
    guard let text = html.range(of: ">\(label)</button>"),
          let start = html.range(of: "<button", options: .backwards, range: html.startIndex..<text.lowerBound)
    else { return nil }
    let button = String(html[start.lowerBound..<text.lowerBound])
    func attribute(_ name: String, in tag: String) -> String? {
        tag.firstMatch(of: try! Regex(#"\s\#(name)="([^"]*)""#)).flatMap { $0.output[1].substring.map(String.init) }
    }
    guard let formID = attribute("form", in: button), let path = attribute("formaction", in: button),
          let formStart = html.range(of: #"<form id="\#(formID)""#),
          let formEnd = html.range(of: "</form>", range: formStart.upperBound..<html.endIndex)
    else { return nil }
    var fields: [(String, String)] = []
    for match in html[formStart.lowerBound..<formEnd.lowerBound].matches(of: #/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/#)
    where match.1 != "csrf" {
        fields.append((String(match.1), String(match.2)))
    }
    if let name = attribute("name", in: button) { fields.append((name, attribute("value", in: button) ?? "")) }
    return (path, fields)
}

@Suite struct MoveRefusalWordingTests {
    @Test func aStaleAnchorIsNamedByItsTitleEvenOnceDeleted() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["Buy milk", "Call Anna", "Pay rent"])
            _ = try await client.post("/tasks/\(ids[1])/move", ["column": "next"], json: true)
            let moved = try await client.post("/tasks/\(ids[0])/move", ["column": "today", "after": "\(ids[1])"], json: true)
            #expect((try moved.jsonObject()["error"] as? [String: Any])?["message"] as? String
                == "The board changed before your move arrived: “Call Anna”, which you placed it after, was moved or deleted. The board now shows it as it is; try again.")
            _ = try await client.post("/tasks/\(ids[1])/delete", json: true)
            let deleted = try await client.post("/tasks/\(ids[0])/move", ["column": "today", "after": "\(ids[1])"])
            #expect(deleted.status == .conflict)
            #expect(deleted.text.contains("“Call Anna”, which you placed it after, was moved or deleted."))
        }
    }
}
