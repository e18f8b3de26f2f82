import Foundation
import HummingbirdTesting
import SnapshotTesting
import Testing
@testable import PlanWeb

/// Whole pages, compared line by line with the committed HTML under `__Snapshots__/`.
/// The clock, the session token and the ids are fixed, so any difference is a real change.
@Suite struct PageSnapshotTests {
    static var html: Snapshotting<String, String> {
        var strategy = Snapshotting<String, String>.lines
        strategy.pathExtension = "html"
        return strategy
    }

    static func seed(_ client: some TestClientProtocol) async throws {
        try await client.addTasks(["Buy milk", "Write the quarterly report", "Call Anna"])
        try await client.addTasks(["Review pull request #42"], to: "next")
        _ = try await client.post("/tasks", ["title": "Plan the trip to Lisbon", "column": "later", "important": "true", "notes": "<p>Flights first, then <strong>hotels</strong> near <a href=\"https://example.com/alfama\">Alfama</a>.</p><ul><li>Passports</li><li>Adapters</li></ul>"], json: true)
        _ = try await client.post("/tasks/2/finish", ["finished": "true"], json: true)
    }

    @Test func boardPage() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let page = try await client.get("/").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    @Test func taskPage() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let page = try await client.get("/tasks/5").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    @Test func validationErrorOnTheBoard() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let page = try await client.post("/tasks", ["title": "", "column": "next"]).text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    @Test func actionsPage() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            let page = try await client.get("/tasks/3/actions").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    @Test func notFoundPage() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/tasks/404").text
            assertSnapshot(of: page, as: Self.html)
        }
    }

    @Test func boardPageInTraditionalChinese() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
                let page = try await client.get("/").text
                assertSnapshot(of: page, as: Self.html)
            }
        }
    }

    @Test func taskPageInSimplifiedChinese() async throws {
        try await TestApp.make().test(.router) { client in
            try await Self.seed(client)
            try await TestApp.$cookies.withValue("pb_lang=zh-Hans; pb_tz=Asia/Shanghai") {
                let page = try await client.get("/tasks/5").text
                assertSnapshot(of: page, as: Self.html)
            }
        }
    }
}
