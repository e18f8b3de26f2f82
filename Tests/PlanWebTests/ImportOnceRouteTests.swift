import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PlanStore
import Testing
@testable import PlanWeb

/// An import is confirmed once, through the real routes: confirms of one review sent at once (or
/// one after another) import it once, scripts skipping repeats at once bring each task once, and a
/// session (and everyone together) may keep only so many uploads waiting for review.
/// Imports run at once here past the two the server answers at once by default
/// (`HeavyRequestGate`, which would tell the others to try again): what is tested is the claim.
@Suite struct ImportOnceRouteTests {
    /// A Trello board of `count` open cards in one list, each with its own id.
    static func trello(cards count: Int, name: String = "Fifty cards") throws -> [UInt8] {
        let cards: [[String: Any]] = (0..<count).map { index in
            ["id": String(format: "5f1a2b3c%016x", index), "name": "Card \(index)", "desc": "", "idList": "L1"]
        }
        let board: [String: Any] = ["name": name, "lists": [["id": "L1", "name": "Next"]], "cards": cards]
        return Array(try JSONSerialization.data(withJSONObject: board))
    }

    /// How many tasks the board holds.
    static func taskCount(_ client: some TestClientProtocol) async throws -> Int {
        try await client.titles().values.reduce(0) { $0 + $1.count }
    }

    /// An upload as the import page sends it, in `language` (an Accept-Language value).
    static func upload(_ client: some TestClientProtocol, _ bytes: [UInt8], language: String) async throws -> TestResponse {
        let boundary = "----PlanBoardTestBoundaryLanguage"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(TestApp.token)\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"board.json\"\r\nContent-Type: application/json\r\n\r\n".utf8)
        body += bytes + Array("\r\n--\(boundary)--\r\n".utf8)
        let headers: HTTPFields = [
            .contentType: "multipart/form-data; boundary=\(boundary)", .cookie: TestApp.cookieHeader(), .acceptLanguage: language,
        ]
        return try await client.execute(uri: "/import", method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    @Test func fourConfirmsOfOneReviewSentAtOnceImportItOnce() async throws {
        try await TestApp.make(maxHeavyRequests: 8).test(.router) { client in
            let (path, _) = try await ImportFlowTests.review(client, try Self.trello(cards: 50))
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<4 { group.addTask { try await client.post(path, [("list-L1", "next")]) } }
                return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
            }
            #expect(answers.map(\.status) == Array(repeating: .seeOther, count: 4))
            // Every confirm is shown the one import's summary.
            let summaries = Set(answers.compactMap { $0.headers[.location] })
            #expect(summaries.count == 1)
            #expect(summaries.first?.hasPrefix("/imports/") == true)
            #expect(try await Self.taskCount(client) == 50)
            let summary = try await client.get(try #require(summaries.first)).text
            #expect(summary.contains("<h1>Imported 50 tasks</h1>"))
        }
    }

    @Test func aConfirmSentAgainAfterTheImportIsShownItsSummaryAndImportsNothing() async throws {
        try await TestApp.make(maxHeavyRequests: 8).test(.router) { client in
            let (path, _) = try await ImportFlowTests.review(client, try Self.trello(cards: 5))
            let first = try await client.post(path, [("list-L1", "next")])
            let second = try await client.post(path, [("list-L1", "today")])
            #expect(second.status == .seeOther)
            #expect(second.headers[.location] == first.headers[.location])
            #expect(try await client.get(path).headers[.location] == first.headers[.location], "the review page leads to the summary too")
            #expect(try await client.titles()["next"]?.count == 5)
            #expect(try await client.titles()["today"] == [])
        }
    }

    @Test func scriptsSkippingRepeatsSentAtOnceBringEachCardOnce() async throws {
        try await TestApp.make(maxHeavyRequests: 8).test(.router) { client in
            let file = try Self.trello(cards: 50)
            // Each answer as (tasks it brought, repeats it left out).
            let answers = try await withThrowingTaskGroup(of: (Int64, Int64).self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let answer = try await TransferRouteTests.upload(client, file, fields: ["duplicates": "skip"]).jsonObject()
                        return (int64(answer["total"]) ?? -1, int64(answer["skippedDuplicates"]) ?? -1)
                    }
                }
                return try await group.reduce(into: [(Int64, Int64)]()) { $0.append($1) }
            }
            #expect(try await Self.taskCount(client) == 50)
            // Each answer's summary adds up: what one brought, the others found there.
            #expect(answers.map(\.0).reduce(0, +) == 50)
            #expect(answers.map(\.1).reduce(0, +) == 150)
        }
    }

    @Test func aSessionMayKeepOnlySoManyUploadsWaitingAndIsToldSoInItsLanguage() async throws {
        try await TestApp.make(stashLimits: StashLimits(perClient: 2)).test(.router) { client in
            for index in 0..<2 {
                let posted = try await TransferRouteTests.upload(client, try Self.trello(cards: 1, name: "Board \(index)"), json: false)
                #expect(posted.status == .seeOther)
            }
            let english = try await Self.upload(client, try Self.trello(cards: 1), language: "en")
            #expect(english.status == .tooManyRequests)
            #expect(english.text.contains("You already have 2 imports waiting for review"))
            let traditional = try await Self.upload(client, try Self.trello(cards: 1), language: "zh-TW")
            #expect(traditional.status == .tooManyRequests)
            #expect(traditional.text.contains("你已經有 2 個匯入在等候確認"))
            let simplified = try await Self.upload(client, try Self.trello(cards: 1), language: "zh-CN")
            #expect(simplified.text.contains("你已经有 2 个导入在等候确认"))
            let json = try await TransferRouteTests.upload(client, try Self.trello(cards: 1), json: true)
            #expect(json.status == .ok, "a script's import waits for no review and stashes nothing")
        }
    }

    @Test func whenEveryonesWaitingUploadsFillTheRoomAnUploadIsAskedToComeBackLater() async throws {
        let file = try Self.trello(cards: 3)
        try await TestApp.make(stashLimits: StashLimits(perClient: 5, totalBytes: file.count * 2)).test(.router) { client in
            #expect(try await TransferRouteTests.upload(client, file, json: false).status == .seeOther)
            #expect(try await TransferRouteTests.upload(client, file, json: false).status == .seeOther)
            let full = try await Self.upload(client, file, language: "zh-Hans")
            #expect(full.status == .serviceUnavailable)
            #expect(full.headers[.retryAfter] == "60")
            #expect(full.text.contains("看板保留给等候确认的导入的空间已经满了"))
            #expect(try await Self.taskCount(client) == 0)
        }
    }
}
