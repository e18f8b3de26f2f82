import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PlanCore
import PlanStore
import Testing
@testable import PlanWeb

/// A day or a repeat typed into the add field is read off the title (`TypedTitle`), on the board's
/// day (the test clock: Sunday 22 November 2026).
@Suite struct TypedDateRoutesTests {
    func day(_ iso: String) -> BoardDay { BoardDay(iso: iso)! }

    @Test func aDayTypedAfterTheTitleBecomesItsWhenDay() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let ids = try await client.addTasks(["Call the bank tomorrow", "Pay rent fri", "Dentist 2026-12-03", "報稅 明天", "买菜 周五", "review in 3 days"])
            let tasks = try await ids.asyncMap { try await store.task($0) }
            #expect(tasks.map(\.title) == ["Call the bank", "Pay rent", "Dentist", "報稅", "买菜", "review"])
            #expect(tasks.map { $0.when?.iso } == ["2026-11-23", "2026-11-27", "2026-12-03", "2026-11-23", "2026-11-27", "2026-11-25"])
        }
    }

    @Test func aRepeatTypedAfterTheTitleSetsItAndItsFirstDay() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let ids = try await client.addTasks(["Water the plants every Monday", "站會 每天"])
            let plants = try await store.task(ids[0])
            #expect(plants.title == "Water the plants" && plants.repeats == .everyWeek(on: .monday) && plants.when == day("2026-11-23"))
            let standup = try await store.task(ids[1])
            #expect(standup.title == "站會" && standup.repeats == .everyDay && standup.when == day("2026-11-22"))
        }
    }

    @Test func aQuotedTitleOrOneSentLiterallyKeepsItsWords() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let quoted = try await client.addTasks(["\u{201C}Meet on Friday\u{201D}"])[0]
            #expect(try await store.task(quoted).title == "Meet on Friday")
            #expect(try await store.task(quoted).when == nil)
            let response = try await client.post("/tasks", ["title": "Pay rent fri", "column": "today", "literal": "1"], json: true)
            #expect(response.status == .created)
            let literal = try #require(int64(try response.jsonObject()["id"]))
            #expect(try await store.task(literal).title == "Pay rent fri")
            #expect(try await store.task(literal).when == nil)
        }
    }

    @Test func aRefusedTitleComesBackAsItWasTyped() async throws {
        try await TestApp.make().test(.router) { client in
            let typed = String(repeating: "x", count: 201) + " tomorrow"
            let response = try await client.post("/tasks", ["title": typed, "column": "next"])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("value=\"\(typed)\""), "the field keeps the text as typed, date and all")
        }
    }
}

extension Sequence {
    /// The elements mapped in order by an async transform.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
