import Foundation
import HummingbirdTesting
import SnapshotTesting
import Testing
@testable import PlanWeb

/// The logbook and the settings page, compared line by line with the committed HTML under
/// `__Snapshots__/DayPageSnapshotTests/` (fixed clock, token and ids, as `PageSnapshotTests`).
@Suite struct DayPageSnapshotTests {
    @Test func logbookPage() async throws {
        try await TestApp.make(store: try await LogbookRoutesTests.store(logbook: 6)).test(.router) { client in
            let page = try await client.get("/logbook").text
            assertSnapshot(of: page, as: PageSnapshotTests.html)
        }
    }

    @Test func logbookPageInSimplifiedChinese() async throws {
        try await TestApp.make(store: try await LogbookRoutesTests.store(logbook: 6)).test(.router) { client in
            try await TestApp.$cookies.withValue("pb_lang=zh-Hans") {
                let page = try await client.get("/logbook").text
                assertSnapshot(of: page, as: PageSnapshotTests.html)
            }
        }
    }

    @Test func logbookEntryPage() async throws {
        try await TestApp.make(store: try await LogbookRoutesTests.store(logbook: 2)).test(.router) { client in
            let page = try await client.get("/logbook/1").text
            assertSnapshot(of: page, as: PageSnapshotTests.html)
        }
    }

    /// The page without the zones the field offers: they are the system's list, which differs by machine.
    static func withoutZoneList(_ page: String) -> String {
        page.replacing(#/<datalist id="time-zones">.*?</datalist>/#, with: #"<datalist id="time-zones">…</datalist>"#)
    }

    @Test func settingsPage() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/settings").text
            #expect(page.contains(#"<option value="Asia/Taipei"></option>"#))
            assertSnapshot(of: Self.withoutZoneList(page), as: PageSnapshotTests.html)
        }
    }

    @Test func settingsPageRefusingAnHour() async throws {
        try await TestApp.make().test(.router) { client in
            let page = Self.withoutZoneList(try await client.get("/settings").text)
            let refused = Self.withoutZoneList(try await client.post("/settings", ["time_zone": "Asia/Taipei", "day_starts": "25"]).text)
            assertSnapshot(of: LineDiff(from: page, to: refused).text, as: PageSnapshotTests.change)
        }
    }
}
