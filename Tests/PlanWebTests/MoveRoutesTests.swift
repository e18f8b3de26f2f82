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

    @Test func theBoardsUpAndDownFormsMoveOnePlace() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b", "c", "d"])
            // "c" up: the page's form says after = a.
            let html = try await client.get("/").text
            let upForm = try #require(formFields(in: html, label: "Move “c” up"))
            #expect(upForm["after"] == "\(ids[0])")
            _ = try await client.post("/tasks/\(ids[2])/move", upForm.asPairs)
            #expect(try await client.titles()["today"] == ["a", "c", "b", "d"])
            // "a" down: after = c (its successor).
            let html2 = try await client.get("/").text
            let downForm = try #require(formFields(in: html2, label: "Move “a” down"))
            _ = try await client.post("/tasks/\(ids[0])/move", downForm.asPairs)
            #expect(try await client.titles()["today"] == ["c", "a", "b", "d"])
            // "d" to Later goes to the end of Later.
            let html3 = try await client.get("/").text
            let toLater = try #require(formFields(in: html3, label: "Move “d” to Later"))
            _ = try await client.post("/tasks/\(ids[3])/move", toLater.asPairs)
            #expect(try await client.titles()["later"] == ["d"])
        }
    }

    @Test func doubleSubmittedFormMovesOnce() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await client.addTasks(["a", "b", "c", "d"])
            let html = try await client.get("/").text
            let down = try #require(formFields(in: html, label: "Move “a” down"))
            _ = try await client.post("/tasks/1/move", down.asPairs)
            _ = try await client.post("/tasks/1/move", down.asPairs)
            #expect(try await client.titles()["today"] == ["b", "a", "c", "d"])
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
}

/// The hidden fields of the form whose button has `aria-label="label"`.
func formFields(in html: String, label: String) -> [String: String]? {
    guard let button = html.range(of: #"aria-label="\#(label)""#),
          let start = html.range(of: "<form", options: .backwards, range: html.startIndex..<button.lowerBound)
    else { return nil }
    let form = String(html[start.lowerBound..<button.lowerBound])
    var fields: [String: String] = [:]
    let pattern = #/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/#
    for match in form.matches(of: pattern) { fields[String(match.1)] = String(match.2) }
    fields.removeValue(forKey: "csrf")
    return fields
}

extension Dictionary where Key == String, Value == String {
    var asPairs: KeyValuePairs<String, String> {
        // KeyValuePairs has no init from a dictionary; the move forms have at most these fields.
        ["column": self["column"] ?? "", "after": self["after"] ?? "", "revision": self["revision"] ?? "", "move_id": self["move_id"] ?? ""]
    }
}
