import Foundation
import HummingbirdTesting
import PlanCore
import Testing
@testable import PlanWeb

/// Scheduling from the ⋯ menu's choices and the no-JS actions page: Tomorrow, This weekend (the
/// coming Saturday), Next week (the coming Monday) and Pick a date set the when-date on the
/// board's days (the test clock: Sunday 22 November 2026).
@Suite struct ScheduleRoutesTests {
    func day(_ iso: String) -> BoardDay { BoardDay(iso: iso)! }

    @Test func theQuickChoicesCountFromTheBoardsToday() {
        typealias Choice = ScheduleForm.Choice
        let sunday = day("2026-11-22"), friday = day("2026-11-27"), saturday = day("2026-11-28")
        #expect(Choice.tomorrow.day(after: sunday) == day("2026-11-23"))
        #expect(Choice.weekend.day(after: sunday) == saturday)
        #expect(Choice.weekend.day(after: friday) == saturday)
        #expect(Choice.weekend.day(after: saturday) == day("2026-12-05"), "on a Saturday, this weekend is the next one")
        #expect(Choice.nextWeek.day(after: sunday) == day("2026-11-23"))
        #expect(Choice.nextWeek.day(after: day("2026-11-23")) == day("2026-11-30"), "on a Monday, next week is seven days on")
    }

    @Test func theActionsPageOffersTheDaysAsButtonsAndAPickedDate() async throws {
        try await TestApp.make().test(.router) { client in
            let id = try await client.addTasks(["Call the plumber"])[0]
            let page = try await client.get("/tasks/\(id)/actions").text
            #expect(page.contains("data-action=\"schedule:tomorrow\" form=\"task-actions\" formaction=\"/tasks/\(id)/schedule\" name=\"when\" value=\"tomorrow\">Tomorrow · Mon 23 Nov</button>"))
            #expect(page.contains(">This weekend · Sat 28 Nov</button>"))
            #expect(page.contains(">Next week · Mon 23 Nov</button>"))
            #expect(page.contains("<form class=\"pick-day\" id=\"pick-day\" method=\"post\" action=\"/tasks/\(id)/schedule\">"))
            #expect(page.contains("<input id=\"pick-when\" name=\"when\" type=\"date\""))
        }
    }

    @Test func eachChoicePostedWithoutJavaScriptSetsTheDayAndGoesBackToTheCard() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let id = try await client.addTasks(["Call the plumber"])[0]
            for (choice, expected) in [("weekend", "2026-11-28"), ("tomorrow", "2026-11-23"), ("next-week", "2026-11-23"), ("2026-12-24", "2026-12-24")] {
                let response = try await client.post("/tasks/\(id)/schedule", ["when": choice])
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/#task-\(id)")
                #expect(try await store.task(id).when == day(expected), "\(choice)")
            }
            let page = try await client.get("/tasks/\(id)/actions").text
            #expect(page.contains("Comes to Today on Thursday 24 December."))
            #expect(page.contains("value=\"2026-12-24\""))
            #expect(try await client.post("/tasks/\(id)/schedule", ["when": ""]).status == .seeOther)
            #expect(try await store.task(id).when == nil)
        }
    }

    @Test func aScriptGetsTheTaskAndItsCardRedrawn() async throws {
        try await TestApp.make().test(.router) { client in
            let id = try await client.addTasks(["Call the plumber"])[0]
            let response = try await client.post("/tasks/\(id)/schedule", ["when": "weekend"], json: true)
            #expect(response.status == .ok)
            let json = try response.jsonObject()
            #expect(json["when"] as? String == "2026-11-28")
            #expect((json["html"] as? String)?.contains(">from Sat</span>") == true)
        }
    }

    @Test(arguments: [("en", "There is no “2026-02-30” in the calendar"), ("zh-Hant", "日曆上沒有「2026-02-30」這一天"), ("zh-Hans", "日历上没有“2026-02-30”这一天")])
    func aPickedDayThatDoesNotExistIsRefusedOnTheActionsPageWithItKept(_ language: String, _ message: String) async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let id = try await client.addTasks(["Call the plumber"])[0]
            try await TestApp.$cookies.withValue("pb_lang=\(language)") {
                let response = try await client.post("/tasks/\(id)/schedule", ["when": "2026-02-30"])
                #expect(response.status == .unprocessableContent)
                #expect(response.text.contains("name=\"when\" type=\"date\" value=\"2026-02-30\""))
                #expect(response.text.contains("<p class=\"field-error\" id=\"pick-error\">\(message)"))
                let far = try await client.post("/tasks/\(id)/schedule", ["when": "99999-01-01"])
                #expect(far.status == .unprocessableContent)
                #expect(far.text.contains("value=\"99999-01-01\""))
            }
            #expect(try await store.task(id).when == nil)
        }
    }
}
