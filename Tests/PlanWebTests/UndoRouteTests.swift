import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

@Suite struct UndoRouteTests {
    @Test func undoAfterAMoveAnswersJSONAndRestoresTheOrder() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b", "c"])
            _ = try await client.post("/tasks/\(ids[0])/move", ["column": "later"], json: true)
            let response = try await client.post("/undo", json: true)
            #expect(response.status == .ok)
            let body = try response.jsonObject()
            #expect(body["undone"] as? String == "move")
            #expect(int64(body["revision"]) == 5)
            #expect(try await client.titles()["today"] == ["a", "b", "c"])
        }
    }

    @Test func undoByFormRedirectsToTheCard() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b"])
            _ = try await client.post("/tasks/\(ids[1])/move", ["column": "today", "after": ""])
            let response = try await client.post("/undo")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/#task-\(ids[1])")
        }
    }

    @Test func nothingToUndoIs422WithAMessage() async throws {
        try await TestApp.make().test(.router) { client in
            let json = try await client.post("/undo", json: true)
            #expect(json.status == .unprocessableContent)
            #expect(try json.errorCode() == "nothing_to_undo")
            let page = try await client.post("/undo")
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains("There is nothing of yours to undo."))
        }
    }

    @Test func undoThatWouldDiscardSomeoneElsesChangeIs409WithTheBoard() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b"])
            _ = try await client.post("/tasks/\(ids[0])/move", ["column": "next"], json: true)
            // Another browser finishes the task this client moved.
            let other = TestApp.otherToken
            #expect(try await client.post("/tasks/\(ids[0])/finish", ["finished": "true"], json: true, session: other).status == .ok)
            let response = try await client.post("/undo", json: true)
            #expect(response.status == .conflict)
            let body = try response.jsonObject()
            #expect((body["error"] as? [String: Any])?["code"] as? String == "stale")
            #expect((body["error"] as? [String: Any])?["message"] as? String == "“a” was changed again since, so that change can't be undone. Undo again to go back to your change before it.")
            #expect(body["board"] != nil)
            #expect(try await client.titles()["next"] == ["a"])
            // The refused move is passed over: undoing again takes back the change before it, creating "b".
            #expect(try await client.post("/undo", json: true).status == .ok)
            #expect(try await client.titles() == ["today": [], "next": ["a"], "later": []])
        }
    }

    @Test func undoWithoutTheCSRFTokenIs403() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            let response = try await client.post("/undo", json: true, csrf: nil)
            #expect(response.status == .forbidden)
            #expect(try await client.titles()["today"] == ["a"])
        }
    }
}
