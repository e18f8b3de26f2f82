import Foundation
import HummingbirdTesting
import PlanCore
import PlanSQLite
import Synchronization
import Testing
@testable import PlanWeb

/// What the day's turn looks like to open tabs: a `turn` change in `/events`, naming each task it
/// sent to the logbook (no longer on the board) and each it brought to Today; a turn that moved
/// nothing is still one change (a tab redraws its cards: their dates read differently on a new day).
@Suite struct DayTurnStreamTests {
    /// A clock the test moves on.
    final class Clock: Sendable {
        private let instant = Mutex(TestApp.fixedNow)
        func now() -> Date { instant.withLock { $0 } }
        func advance(hours: Double) { instant.withLock { $0 += hours * 3_600 } }
    }

    @Test func theTurnReachesTheStreamAsOneChangeNamingWhatItMoved() async throws {
        let clock = Clock()
        let store = try SQLiteBoardStore.inMemory(now: { clock.now() }, serverZone: TimeZone(identifier: "UTC")!)
        try await TestApp.make(store: store).test(.router) { client in
            // The board's first turn, on its first day, moves nothing and logs nothing.
            _ = try await store.turnDay()
            let ids = try await client.addTasks(["done yesterday", "still open"])
            _ = try await client.post("/tasks/\(ids[0])/finish", ["finished": "true"], json: true)
            let before = try await store.revision()
            clock.advance(hours: 24)
            let turned = try #require(try await store.turnDay())
            #expect(turned.value.logged == 1)
            let events = try EventsRouteTests.changes(in: try await EventsRouteTests.events(client, lastEventID: String(before)).text)
            #expect(events.map(\.id) == [turned.revision])
            #expect(events[0].data["kind"] as? String == "turn")
            #expect(int64(events[0].data["id"]) == ids[0])
            #expect(events[0].data["task"] == nil)
            // Another day with nothing to move is still a change a tab hears of.
            clock.advance(hours: 24)
            let quiet = try #require(try await store.turnDay())
            let next = try EventsRouteTests.changes(in: try await EventsRouteTests.events(client, lastEventID: String(turned.revision)).text)
            #expect(next.map(\.id) == [quiet.revision])
            #expect(next.map { $0.data["kind"] as? String } == ["turn"])
        }
    }

    /// The board page's script takes the whole board on a turn or a change of settings, rather
    /// than follow it card by card (Public/reconcile.js).
    @Test func theScriptRedrawsTheBoardOnATurnOrNewSettings() throws {
        let script = try String(contentsOf: TestApp.root.appendingPathComponent("Public/reconcile.js"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.contains("const WHOLE_BOARD") })
        for kind in ["'turn'", "'settings'", "'import'", "'restore'"] { #expect(line.contains(kind), "\(kind)") }
    }
}
