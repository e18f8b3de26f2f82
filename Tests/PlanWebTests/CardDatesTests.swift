import Foundation
import HummingbirdTesting
import PlanCore
import PlanStore
import Testing
@testable import PlanWeb

/// A card shows its days as seen from the board's today (the test clock: Sunday 22 November 2026,
/// 09:00 UTC): a when-date only while it is ahead, a deadline marked on the day and red once
/// overdue, a repeat with its next day; words in the reader's language and in full for screen readers.
@Suite struct CardDatesTests {
    func day(_ iso: String) -> BoardDay { BoardDay(iso: iso)! }

    /// The `<li>` of task `id` in a board page.
    func card(_ id: Int64, in page: String) throws -> String {
        let start = try #require(page.range(of: "<li class=\"task\" id=\"task-\(id)\""))
        let end = try #require(page.range(of: "</li>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }

    /// Five tasks: scheduled tomorrow, overdue, due today, repeating every Monday, scheduled in the past.
    func seed(_ store: some BoardStore, _ client: some TestClientProtocol) async throws -> [Int64] {
        let ids = try await client.addTasks(["Call the plumber", "File taxes", "Send the invoice", "Water the plants", "Old plan"])
        let edits: [TaskEdit] = [
            try TaskEdit(when: .set(day("2026-11-23"))),
            try TaskEdit(deadline: .set(day("2026-11-20"))),
            try TaskEdit(deadline: .set(day("2026-11-22"))),
            try TaskEdit(repeats: .set(.everyWeek(on: .monday))),
            try TaskEdit(when: .set(day("2026-11-21"))),
        ]
        for (id, edit) in zip(ids, edits) { _ = try await store.edit(id, edit, client: nil) }
        return ids
    }

    @Test func aCardShowsItsFutureWhenDayItsDeadlineAndItsRepeatInEnglish() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let ids = try await seed(store, client)
            let page = try await client.get("/").text
            let scheduled = try card(ids[0], in: page)
            #expect(scheduled.contains("class=\"task-date date-when\" title=\"scheduled for Monday 23 November\">from tomorrow</span>"))
            #expect(scheduled.contains("aria-label=\"Call the plumber scheduled for Monday 23 November\""))
            #expect(scheduled.contains("<span class=\"visually-hidden\" id=\"task-\(ids[0])-dates\">scheduled for Monday 23 November</span>"))
            let overdue = try card(ids[1], in: page)
            #expect(overdue.contains("class=\"task-date date-deadline is-overdue\""))
            #expect(overdue.contains(">overdue: Fri 20 Nov</span>"))
            #expect(overdue.contains(">deadline Friday 20 November, overdue</span>"))
            let dueToday = try card(ids[2], in: page)
            #expect(dueToday.contains("class=\"task-date date-deadline is-today\""))
            #expect(dueToday.contains(">due today</span>"))
            #expect(dueToday.contains(">deadline Sunday 22 November, today</span>"))
            let repeating = try card(ids[3], in: page)
            #expect(repeating.contains(">↻ tomorrow</span>"))
            #expect(repeating.contains(">repeats every Monday, next on Monday 23 November</span>"))
            let past = try card(ids[4], in: page)
            #expect(!past.contains("task-dates"), "a when-date that has come shows nothing")
        }
    }

    @Test func aCardSaysItsDaysInChinese() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let ids = try await seed(store, client)
            try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
                let page = try await client.get("/").text
                #expect(try card(ids[0], in: page).contains(">明天起</span>"))
                #expect(try card(ids[1], in: page).contains(">已過期：11月20日 週五</span>"))
                #expect(try card(ids[1], in: page).contains(">截止日11月20日星期五，已過期</span>"))
                #expect(try card(ids[2], in: page).contains(">今天截止</span>"))
                #expect(try card(ids[3], in: page).contains(">每週一重複，下次在11月23日星期一</span>"))
            }
            try await TestApp.$cookies.withValue("pb_lang=zh-Hans") {
                let page = try await client.get("/").text
                #expect(try card(ids[1], in: page).contains(">已逾期：11月20日 周五</span>"))
                #expect(try card(ids[3], in: page).contains(">每周一重复，下次在11月23日星期一</span>"))
            }
        }
    }

    @Test func theBoardsOwnDayDecidesNotTheServersClock() async throws {
        let store = try TestApp.store()
        // 09:00 UTC is 23:00 on Saturday 21 November in Honolulu: the board's today is the 21st.
        _ = try await store.saveSettings(timeZone: "Pacific/Honolulu", dayStartsAt: 0, client: nil)
        try await TestApp.make(store: store).test(.router) { client in
            let id = try await client.addTasks(["Return the library books"])[0]
            _ = try await store.edit(id, try TaskEdit(deadline: .set(day("2026-11-21"))), client: nil)
            let card = try card(id, in: try await client.get("/").text)
            #expect(card.contains(">due today</span>"))
            #expect(!card.contains("overdue"))
        }
    }

    @Test func theBoardAndItsTasksInJSONCarryTheirDays() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let ids = try await seed(store, client)
            let board = try await client.get("/", json: true).jsonObject()
            let today = try #require((board["columns"] as? [String: [[String: Any]]])?["today"])
            let byID = Dictionary(uniqueKeysWithValues: today.map { (int64($0["id"])!, $0) })
            #expect(byID[ids[0]]?["when"] as? String == "2026-11-23")
            #expect(byID[ids[1]]?["deadline"] as? String == "2026-11-20")
            #expect(byID[ids[3]]?["repeats"] as? String == "week:1")
            #expect(byID[ids[2]]?["when"] == nil)
            let task = try await client.get("/tasks/\(ids[1])", json: true).jsonObject()
            #expect(task["deadline"] as? String == "2026-11-20")
        }
    }

    @Test func aDatedCardIsDrawnAfreshWhenTheBoardsDayTurns() async throws {
        let assets = try StaticAssets(folder: TestApp.root.appendingPathComponent("Public"), pinnedVersion: "0123456789ab")
        let cache = CardCache(renderer: try await PageRenderer(templates: TestApp.root.appendingPathComponent("Templates"), assets: assets))
        var task = PlanTask(id: 1, title: "Pay rent", column: .today, orderKey: OrderKey.between(nil, nil), created: .now, updated: .now)
        task.deadline = day("2026-11-23")
        let strings = try TestApp.strings()
        let before = try cache.card(task, today: day("2026-11-22"), strings: strings).html
        let after = try cache.card(task, today: day("2026-11-23"), strings: strings).html
        #expect(before.contains(">due tomorrow<"))
        #expect(after.contains(">due today<"))
    }
}
