import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// `GET /reading`: how the add field will read a typed title, for its chip (the test clock:
/// Sunday 22 November 2026), with the chip's words in the reader's language.
@Suite struct ReadingRouteTests {
    func reading(_ client: some TestClientProtocol, _ title: String, literal: Bool = false) async throws -> [String: Any] {
        let response = try await client.get("/reading?title=\(title.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)\(literal ? "&literal=1" : "")", json: true)
        #expect(response.status == .ok)
        return try response.jsonObject()
    }

    @Test func aDayOrARepeatIsReadAndSaidInWords() async throws {
        try await TestApp.make().test(.router) { client in
            let bank = try await reading(client, "Call the bank tomorrow")
            #expect(bank["title"] as? String == "Call the bank" && bank["when"] as? String == "2026-11-23" && bank["phrase"] as? String == "tomorrow")
            #expect(bank["chip"] as? String == "“Call the bank” for tomorrow, Monday 23 November")
            let dentist = try await reading(client, "Dentist 2026-12-03")
            #expect(dentist["chip"] as? String == "“Dentist” for Thursday 3 December")
            let plants = try await reading(client, "Water the plants every Monday")
            #expect(plants["repeats"] as? String == "week:1")
            #expect(plants["chip"] as? String == "“Water the plants”, every Monday, first on Monday 23 November")
            let quoted = try await reading(client, "\"Meet on Friday\"")
            #expect(quoted["chip"] as? String == "“Meet on Friday”, kept as typed")
            let plain = try await reading(client, "Just a title")
            #expect(plain["chip"] == nil && plain["when"] == nil)
            let literal = try await reading(client, "Pay rent fri", literal: true)
            #expect(literal["title"] as? String == "Pay rent fri" && literal["chip"] == nil)
            let long = try await reading(client, String(repeating: "tomorrow ", count: 1_100))
            #expect(long["title"] is String)
        }
    }

    @Test func theChipSpeaksTheReadersLanguage() async throws {
        try await TestApp.make().test(.router) { client in
            try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
                let chip = try await reading(client, "報稅 明天")["chip"] as? String
                #expect(chip == "「報稅」：明天，11月23日星期一")
            }
            try await TestApp.$cookies.withValue("pb_lang=zh-Hans") {
                let chip = try await reading(client, "买菜 周五")["chip"] as? String
                #expect(chip == "“买菜”：11月27日星期五")
            }
        }
    }

    @Test func aPersonWhoOpensItIsSentToTheBoard() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.get("/reading?title=x")
            #expect(response.status == .seeOther)
        }
    }
}
