import Foundation
import HummingbirdTesting
import PlanSQLite
import PlanStore
import Testing
@testable import PlanWeb

@Suite struct PersistenceTests {
    @Test func boardSurvivesARestartOnTheSameFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-restart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("data/board.sqlite").path

        let revision = try await TestApp.make(store: SQLiteBoardStore.open(path: path)).test(.live) { client in
            let ids = try await client.addTasks(["a", "b", "c"])
            _ = try await client.post("/tasks/\(ids[0])/move", ["column": "later"], json: true)
            _ = try await client.post("/tasks/\(ids[1])/finish", ["finished": "true"], json: true)
            return try await client.get("/", json: true).text
        }
        try await TestApp.make(store: SQLiteBoardStore.open(path: path)).test(.live) { client in
            #expect(try await client.get("/", json: true).text == revision)
            #expect(try await client.titles() == ["today": ["b", "c"], "next": [], "later": ["a"]])
            let created = try await client.post("/tasks", ["title": "d", "column": "today"], json: true)
            #expect(created.headers[.boardRevision] == "6")
            #expect(int64(try created.jsonObject()["id"]) == 4)
        }
    }
}
