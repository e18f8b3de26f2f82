import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import PlanWeb

@Suite struct EventsRouteTests {
    /// The `data:` objects of every `change` event in a stream body, with their ids.
    static func changes(in body: String) throws -> [(id: Int64, data: [String: Any])] {
        try body.components(separatedBy: "\n\n").compactMap { block -> (Int64, [String: Any])? in
            let lines = block.split(separator: "\n").map(String.init)
            guard lines.contains("event: change"),
                  let id = lines.first(where: { $0.hasPrefix("id: ") }).flatMap({ Int64($0.dropFirst(4)) }),
                  let data = lines.first(where: { $0.hasPrefix("data: ") })?.dropFirst(6)
            else { return nil }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
            return (id, object)
        }
    }

    static func events(_ client: some TestClientProtocol, lastEventID: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.cookie: "pb_session=\(TestApp.token)", .accept: "text/event-stream"]
        if let lastEventID { headers[.lastEventID] = lastEventID }
        return try await client.execute(uri: "/events", method: .get, headers: headers)
    }

    @Test func reconnectingWithLastEventIDGetsExactlyWhatItMissed() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b", "c"])
            _ = try await client.post("/tasks/\(ids[0])/move", ["column": "next", "after": ""], json: true)
            _ = try await client.post("/tasks/\(ids[1])/finish", ["finished": "true"], json: true)
            _ = try await client.post("/tasks/\(ids[2])/delete", json: true)
            let response = try await Self.events(client, lastEventID: "2")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
            let events = try Self.changes(in: response.text)
            #expect(events.map(\.id) == [3, 4, 5, 6])
            #expect(events.map { $0.data["kind"] as? String } == ["create", "move", "finish", "delete"])

            let created = events[0].data
            #expect((created["placement"] as? [String: Any])?["column"] as? String == "today")
            #expect(int64((created["placement"] as? [String: Any])?["after"]) == ids[1])
            // Cards are drawn as the board is now: the deleted task has none, the moved one has.
            #expect(created["html"] == nil)
            #expect((events[1].data["html"] as? String)?.contains(#"<li class="task" id="task-\#(ids[0])""#) == true)

            let moved = events[1].data
            #expect((moved["placement"] as? [String: Any])?["column"] as? String == "next")
            #expect((moved["placement"] as? [String: Any])?["after"] == nil)

            let finished = events[2].data
            #expect(finished["placement"] == nil)
            #expect((finished["task"] as? [String: Any])?["finished"] as? Bool == true)

            let deleted = events[3].data
            #expect(deleted["task"] == nil)
            #expect(int64(deleted["id"]) == ids[2])
        }
    }

    @Test func aStreamDeliversChangesMadeWhileItIsOpen() async throws {
        try await TestApp.make(streamLifetime: .seconds(2)).test(.live) { client in
            let port = try #require(client.port)
            // Its own connection: on one keep-alive connection the change would wait behind the stream.
            async let stream = TestClient.withClient(host: "127.0.0.1", port: port) { other in
                try await other.execute(TestClient.Request("/events", method: .get, authority: "127.0.0.1:\(port)", headers: [.cookie: "pb_session=\(TestApp.token)"]))
            }
            try await Task.sleep(for: .milliseconds(300))
            try await client.addTasks(["live"])
            let body = try await stream.body.map { String(buffer: $0) } ?? ""
            let events = try Self.changes(in: body)
            #expect(events.map(\.id) == [1])
            #expect((events[0].data["task"] as? [String: Any])?["title"] as? String == "live")
        }
    }

    @Test func aTabTooFarBehindOrAheadIsToldToRefresh() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks((1...(EventsController.catchUpLimit + 5)).map { "task \($0)" })
            let behind = try await Self.events(client, lastEventID: "1")
            #expect(behind.text.contains("event: refresh\ndata: {\"revision\":\(EventsController.catchUpLimit + 5)}"))
            #expect(try Self.changes(in: behind.text).isEmpty)
            let ahead = try await Self.events(client, lastEventID: "9999")
            #expect(ahead.text.contains("event: refresh"))
        }
    }

    @Test func anEventCarriesTheCardNeverTheNotes() async throws {
        // Issue 22, item 1: every event carried the task's notes (and their source), so replaying
        // a task with 250 KB notes changed 200 times sent ~100 MB for one request.
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["Large notes"])
            let notes = String(repeating: "A line of notes that goes on. ", count: 2000)
            #expect(try await client.post("/tasks/\(ids[0])", ["title": "Large notes", "notes": notes, "notes_format": "plain"], json: true).status == .ok)
            for turn in 0..<20 {
                #expect(try await client.post("/tasks/\(ids[0])/finish", ["finished": turn % 2 == 0 ? "true" : "false"], json: true).status == .ok)
            }
            let response = try await Self.events(client, lastEventID: "1")
            let events = try Self.changes(in: response.text)
            #expect(events.count == 21)
            let task = try #require(events.last?.data["task"] as? [String: Any])
            #expect(task["notes"] == nil && task["notesSource"] == nil)
            #expect(task["title"] as? String == "Large notes")
            // The card shows a short excerpt of the notes, never all 60 KB of them.
            #expect(response.text.utf8.count < 21 * 4096, "\(response.text.utf8.count) bytes")
        }
    }

    @Test func aCatchUpPastItsByteBudgetIsARefresh() async throws {
        try await TestApp.make().test(.router) { client in
            // Long titles make cards of over 1.3 KB: 190 of them are more than the budget.
            let title = String(repeating: "A long title, ", count: 14)
            let ids = try await client.addTasks((1...190).map { "\(title)\($0)" })
            let response = try await Self.events(client, lastEventID: "0")
            #expect(response.text.contains("event: refresh\ndata: {\"revision\":\(ids.count)}"))
            #expect(try Self.changes(in: response.text).isEmpty)
            #expect(response.text.utf8.count < 1024)
            // Fewer changes fit, and are sent one by one.
            let near = try await Self.events(client, lastEventID: "\(ids.count - 20)")
            #expect(try Self.changes(in: near.text).count == 20)
        }
    }

    @Test func aQuietStreamSendsHeartbeats() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await Self.events(client)
            #expect(response.text.contains(": ping\n\n"))
            #expect(response.text.hasPrefix("retry: 3000\n"))
        }
    }

    @Test func anyNumberAsLastEventIDIsSafe() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            for id in ["-9223372036854775808", "9223372036854775807", "-1", "0", "not a number"] {
                let response = try await Self.events(client, lastEventID: id)
                #expect(response.status == .ok, "Last-Event-ID \(id)")
            }
            let since = try await client.get("/events?since=-9223372036854775808")
            #expect(since.text.contains("event: refresh"))
            #expect(try await client.get("/healthz").status == .ok)
        }
    }

    @Test func headRequestsLeaveNoStreamBehind() async throws {
        try await TestApp.make().test(.router) { client in
            // More HEADs than the stream limit: each must release what it took, or the GET is refused.
            for _ in 0..<(EventsController.maxStreams + 10) {
                let head = try await client.execute(uri: "/events", method: .head)
                #expect(head.status == .ok)
            }
            #expect(try await Self.events(client).status == .ok)
        }
    }
}
