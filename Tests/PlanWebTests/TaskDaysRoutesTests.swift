import Foundation
import HummingbirdTesting
import PlanCore
import PlanStore
import Testing
@testable import PlanWeb

/// The task page sets and clears a task's when-date, deadline and repeat with plain form fields
/// (`<input type="date">` and a repeat phrase), and refuses what is not a day or a repeat in the
/// person's language, keeping what they typed.
@Suite struct TaskDaysRoutesTests {
    func day(_ iso: String) -> BoardDay { BoardDay(iso: iso)! }

    @Test func theTaskPageFormSetsAndClearsTheDaysAndTheRepeat() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let id = try await client.addTasks(["Pay rent"])[0]
            let saved = try await client.post("/tasks/\(id)", ["title": "Pay rent", "when": "2026-11-30", "deadline": "2026-12-03", "repeat": "every month on day 3"])
            #expect(saved.status == .seeOther)
            var task = try await store.task(id)
            #expect(task.when == day("2026-11-30") && task.deadline == day("2026-12-03") && task.repeats == .everyMonth(on: 3))
            let page = try await client.get("/tasks/\(id)").text
            #expect(page.contains("name=\"when\" type=\"date\" value=\"2026-11-30\""))
            #expect(page.contains("name=\"deadline\" type=\"date\" value=\"2026-12-03\""))
            #expect(page.contains("name=\"repeat\" type=\"text\" value=\"every month on day 3\""))
            #expect(page.contains("scheduled for Monday 30 November; deadline Thursday 3 December"))
            // Sending the page's form back unchanged keeps everything; emptying the fields clears them.
            _ = try await client.post("/tasks/\(id)", ["title": "Pay rent", "when": "2026-11-30", "deadline": "2026-12-03", "repeat": "every month on day 3"])
            #expect(try await store.task(id).repeats == .everyMonth(on: 3))
            _ = try await client.post("/tasks/\(id)", ["title": "Pay rent", "when": "", "deadline": "", "repeat": ""])
            task = try await store.task(id)
            #expect(task.when == nil && task.deadline == nil && task.repeats == nil)
        }
    }

    @Test func aScriptChangesOneDayAndLeavesTheRest() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let id = try await client.addTasks(["Water the plants every Monday"])[0]
            let response = try await client.post("/tasks/\(id)", ["deadline": "2026-12-24"], json: true)
            #expect(response.status == .ok)
            let json = try response.jsonObject()
            #expect(json["deadline"] as? String == "2026-12-24" && json["repeats"] as? String == "week:1" && json["when"] as? String == "2026-11-23")
            let stopped = try await client.post("/tasks/\(id)", ["repeat": "", "when": ""], json: true).jsonObject()
            #expect(stopped["repeats"] == nil && stopped["when"] == nil && stopped["deadline"] as? String == "2026-12-24")
        }
    }

    @Test func theRepeatFieldShowsTheRuleInTheReadersWordsAndReadsThemBack() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let id = try await client.addTasks(["站會"])[0]
            try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
                _ = try await client.post("/tasks/\(id)", ["title": "站會", "repeat": "每週一"])
                let repeats = try await store.task(id).repeats
                #expect(repeats == .everyWeek(on: .monday))
                let page = try await client.get("/tasks/\(id)").text
                #expect(page.contains("name=\"repeat\" type=\"text\" value=\"每週一\""))
            }
            try await TestApp.$cookies.withValue("pb_lang=zh-Hans") {
                let page = try await client.get("/tasks/\(id)").text
                #expect(page.contains("name=\"repeat\" type=\"text\" value=\"每周一\""))
            }
        }
    }

    /// (field, typed, the message in en, zh-Hant, zh-Hans)
    static let refusals: [(String, String, [String: String])] = [
        ("when", "2026-02-30", [
            "en": "There is no “2026-02-30” in the calendar: check the month and the day.",
            "zh-Hant": "日曆上沒有「2026-02-30」這一天：請檢查月份和日期。",
            "zh-Hans": "日历上没有“2026-02-30”这一天：请检查月份和日期。",
        ]),
        ("deadline", "99999-01-01", [
            "en": "“99999-01-01” must be a day in the years 1 to 9999.",
            "zh-Hant": "「99999-01-01」必須是 1 至 9999 年之間的日期。",
            "zh-Hans": "“99999-01-01”",
        ]),
        ("deadline", "next tuesday-ish", [
            "en": "“next tuesday-ish” must be a day, written as YYYY-MM-DD (such as 2026-12-03).",
            "zh-Hant": "「next tuesday-ish」必須是日期",
            "zh-Hans": "“next tuesday-ish”",
        ]),
        ("repeat", "every blue moon", [
            "en": "“every blue moon” must be a way of repeating",
            "zh-Hant": "「every blue moon」",
            "zh-Hans": "“every blue moon”",
        ]),
    ]

    @Test(arguments: ["en", "zh-Hant", "zh-Hans"])
    func aDayOrRepeatThatCannotBeReadIsRefusedInThePersonsLanguageWithWhatTheyTypedKept(_ language: String) async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let id = try await client.addTasks(["Pay rent"])[0]
            try await TestApp.$cookies.withValue("pb_lang=\(language)") {
                for (field, typed, messages) in Self.refusals {
                    let response = try await client.post("/tasks/\(id)", ["title": "Pay rent, edited", field: typed])
                    #expect(response.status == .unprocessableContent, "\(field)=\(typed)")
                    let page = response.text
                    #expect(page.contains("name=\"\(field)\" type=\"\(field == "repeat" ? "text" : "date")\" value=\"\(typed)\""), "\(field)=\(typed) kept")
                    #expect(page.contains("value=\"Pay rent, edited\""), "the other fields are kept too")
                    #expect(page.contains("<p class=\"field-error\" id=\"\(field)-error\">\(htmlEscaped(messages[language]!))"), "\(language): \(field)=\(typed)")
                    #expect(page.contains("<details class=\"edit-panel\" open>"))
                }
                // Nothing was saved.
                let task = try await store.task(id)
                #expect(task.title == "Pay rent" && task.when == nil && task.deadline == nil && task.repeats == nil)
            }
        }
    }

    @Test func aScriptGetsTheRefusalAsJSON() async throws {
        try await TestApp.make().test(.router) { client in
            let id = try await client.addTasks(["Pay rent"])[0]
            let response = try await client.post("/tasks/\(id)", ["when": "2026-13-01"], json: true)
            #expect(response.status == .unprocessableContent)
            #expect(try response.errorCode() == "invalid_field")
        }
    }

    func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
