import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// The board page's script catches up from the board as JSON with each card drawn by the server:
/// asked for with `?cards=html`, and always in the board a stale change is answered with.
@Suite struct BoardCardsJSONTests {
    /// Each task's `html`, by id, from a JSON board.
    static func cards(in board: [String: Any]) -> [String: String] {
        var cards: [String: String] = [:]
        for tasks in (board["columns"] as? [String: [[String: Any]]] ?? [:]).values {
            for task in tasks {
                if let id = int64(task["id"]), let html = task["html"] as? String { cards[String(id)] = html }
            }
        }
        return cards
    }

    @Test func theBoardCarriesEachCardAsThePageDrawsItOnlyWhenAskedTo() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["Buy <milk>", "b"])
            try await client.addTasks(["c"], to: "later")
            _ = try await client.post("/tasks/2/finish", ["finished": "true"], json: true)
            let page = CardRoutesTests.cardsOnPage(try await client.get("/").text)
            #expect(page.count == 3)
            let drawn = Self.cards(in: try await client.get("/?cards=html", json: true).jsonObject())
            #expect(drawn.mapValues { $0.trimmingCharacters(in: .whitespacesAndNewlines) } == page)
            #expect(Self.cards(in: try await client.get("/", json: true).jsonObject()).isEmpty)
        }
    }

    @Test func aStaleMoveIsAnsweredWithTheBoardAndItsCards() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b"])
            _ = try await client.post("/tasks/\(ids[1])/move", ["column": "next"], json: true)
            let response = try await client.post("/tasks/\(ids[0])/move", ["column": "today", "after": "\(ids[1])"], json: true)
            #expect(response.status == .conflict)
            let board = try #require(try response.jsonObject()["board"] as? [String: Any])
            let page = CardRoutesTests.cardsOnPage(try await client.get("/").text)
            #expect(Self.cards(in: board).mapValues { $0.trimmingCharacters(in: .whitespacesAndNewlines) } == page)
        }
    }
}
