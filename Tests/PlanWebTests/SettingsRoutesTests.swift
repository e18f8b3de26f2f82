import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// `GET/POST /settings`: the board's time zone and the hour its day starts.
@Suite struct SettingsRoutesTests {
    @Test func theSettingsStartAtTheServersZoneAndMidnight() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/settings")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"name="time_zone" type="text" value="""#))
            #expect(page.text.contains(#"name="day_starts" type="text" inputmode="numeric" value="0""#))
            #expect(page.text.contains("Leave it empty to follow the server&#39;s zone (\(TimeZone(identifier: "UTC")!.identifier))."))
            #expect(page.text.contains("On the board&#39;s clock it is now Sunday, 22 November 2026, 09:00."))
            let json = try await client.get("/settings", json: true).jsonObject()
            #expect(json["timeZoneInEffect"] as? String == TimeZone(identifier: "UTC")!.identifier)
            #expect(json["dayStartsAt"] as? Int == 0)
            #expect(json["today"] as? String == "2026-11-22")
        }
    }

    @Test func savingAZoneAndAnHourChangesTheBoardsClock() async throws {
        try await TestApp.make().test(.router) { client in
            let saved = try await client.post("/settings", ["time_zone": "Asia/Taipei", "day_starts": "4"])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/settings?saved=1")
            let page = try await client.get("/settings?saved=1").text
            #expect(page.contains("Saved. The board&#39;s day follows Asia/Taipei and starts at 04:00."))
            #expect(page.contains(#"value="Asia/Taipei""#))
            // 09:00 UTC is 17:00 in Taipei.
            #expect(page.contains("it is now Sunday, 22 November 2026, 17:00."))
            #expect(try await client.get("/logbook").text.contains("Days follow the board&#39;s clock: Asia/Taipei, a new day from 04:00."))
            let json = try await client.post("/settings", ["time_zone": "", "day_starts": "23"], json: true)
            #expect(json.status == .ok)
            let body = try json.jsonObject()
            #expect(body["timeZone"] is NSNull)
            #expect(body["timeZoneInEffect"] as? String == TimeZone(identifier: "UTC")!.identifier)
            #expect(body["dayStartsAt"] as? Int == 23)
            // 09:00 is before 23:00: still the day before, on this board.
            #expect(body["today"] as? String == "2026-11-21")
            // A script may send one field alone; the other keeps its value.
            let zoneOnly = try await client.post("/settings", ["time_zone": "Europe/Berlin"], json: true).jsonObject()
            #expect(zoneOnly["dayStartsAt"] as? Int == 23)
        }
    }

    /// A zone that does not exist, an hour of 25 and an hour that is not a number, in each language:
    /// a 422 that says what is wrong, with what was typed kept in the form.
    @Test(arguments: [
        ("en", "Not saved: the time zone must be the name of a time zone, such as Europe/Berlin or Asia/Taipei. You typed “Mars/Olympus”.",
         "Not saved: the hour a new day starts must be a whole hour from 0 to 23. You typed “25”.",
         "Not saved: the hour a new day starts must be a whole hour from 0 to 23. You typed “abc”."),
        ("zh-Hant", "未儲存：時區必須是時區名稱，例如 Asia/Taipei 或 Europe/Berlin。你輸入的是「Mars/Olympus」。",
         "未儲存：新的一天開始的時間必須是 0 至 23 的整點。你輸入的是「25」。",
         "未儲存：新的一天開始的時間必須是 0 至 23 的整點。你輸入的是「abc」。"),
        ("zh-Hans", "未保存：时区必须是时区名称，例如 Asia/Shanghai 或 Europe/Berlin。你输入的是“Mars/Olympus”。",
         "未保存：新的一天开始的时间必须是 0 至 23 的整点。你输入的是“25”。",
         "未保存：新的一天开始的时间必须是 0 至 23 的整点。你输入的是“abc”。"),
    ])
    func badSettingsAreRefusedInTheReadersLanguageWithWhatTheyTypedKept(language: String, zone: String, hour: String, word: String) async throws {
        try await TestApp.make().test(.router) { client in
            try await TestApp.$cookies.withValue("pb_lang=\(language)") {
                let badZone = try await client.post("/settings", ["time_zone": "Mars/Olympus", "day_starts": "4"])
                #expect(badZone.status == .unprocessableContent)
                #expect(badZone.text.contains(zone), "\(badZone.text)")
                #expect(badZone.text.contains(#"value="Mars/Olympus""#))
                #expect(badZone.text.contains(#"value="4""#))
                #expect(badZone.text.contains(#"aria-invalid="true" "#) || badZone.text.contains(#"aria-invalid="true">"#))
                let badHour = try await client.post("/settings", ["time_zone": "Asia/Taipei", "day_starts": "25"])
                #expect(badHour.status == .unprocessableContent)
                #expect(badHour.text.contains(hour))
                #expect(badHour.text.contains(#"value="Asia/Taipei""#))
                #expect(badHour.text.contains(#"value="25""#))
                let notANumber = try await client.post("/settings", ["time_zone": "", "day_starts": "abc"])
                #expect(notANumber.status == .unprocessableContent)
                #expect(notANumber.text.contains(word))
                #expect(notANumber.text.contains(#"value="abc""#))
                let json = try await client.post("/settings", ["time_zone": "Mars/Olympus"], json: true)
                #expect(json.status == .unprocessableContent)
                #expect(try json.errorCode() == "invalid_field")
            }
            // Nothing was saved.
            let settings = try await client.get("/settings", json: true).jsonObject()
            #expect(settings["timeZoneInEffect"] as? String == TimeZone(identifier: "UTC")!.identifier)
            #expect(settings["dayStartsAt"] as? Int == 0)
        }
    }

    @Test func oddHoursAndZonesAreRefusedNotCrashedOn() async throws {
        try await TestApp.make().test(.router) { client in
            for hour in ["-1", "+4", "4.5", "٤", "99999999999999999999", " ", "24"] {
                let status = try await client.post("/settings", ["day_starts": hour], json: true).status
                #expect(status == .unprocessableContent, "\(hour)")
            }
            for zone in ["Mars/Olympus", "../../etc/passwd", String(repeating: "A", count: 5_000), "UTC\u{0}", "+02:00"] {
                let status = try await client.post("/settings", ["time_zone": zone], json: true).status
                #expect(status == .unprocessableContent, "\(zone.prefix(20))")
            }
            let forged = try await client.post("/settings", ["time_zone": "Asia/Taipei"], csrf: nil).status
            #expect(forged == .forbidden)
        }
    }
}
