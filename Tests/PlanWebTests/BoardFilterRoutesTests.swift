import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PlanCore
import Testing
@testable import PlanWeb

/// `GET /?q=…&important=1&deadline=1&overdue=1&scheduled=1`: the board narrowed by the server,
/// for a page without JavaScript and for a reload of a filtered page.
@Suite struct BoardFilterRoutesTests {
    /// The board as the tests see it (the fixed clock's day is Sunday 22 November 2026):
    /// Today: "Call the dentist" (important, deadline 1 November: overdue, notes 報稅),
    /// "Buy milk", "Dentist bill" (deadline 3 December), "Walk the dog";
    /// Next: "Book the DENTIST" (scheduled 1 December), "Water plants".
    func seed(_ client: some TestClientProtocol) async throws -> [String: Int64] {
        let today = try await client.addTasks(["Call the dentist", "Buy milk", "Dentist bill", "Walk the dog"])
        let next = try await client.addTasks(["Book the DENTIST", "Water plants"], to: "next")
        for (id, fields) in [
            (today[0], ["title": "Call the dentist", "important": "true", "deadline": "2026-11-01", "notes": "記得報稅", "notesFormat": "plain"]),
            (today[2], ["title": "Dentist bill", "deadline": "2026-12-03"]),
            (next[0], ["title": "Book the DENTIST", "when": "2026-12-01"]),
        ] {
            let saved = try await client.post("/tasks/\(id)", fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, json: true)
            #expect(saved.status == .ok, "\(fields)")
        }
        return ["call": today[0], "milk": today[1], "bill": today[2], "walk": today[3], "book": next[0], "water": next[1]]
    }

    /// The ids of the cards the page shows, and of those it draws hidden.
    func cards(_ html: String) -> (shown: Set<Int64>, hidden: Set<Int64>) {
        var shown = Set<Int64>(), hidden = Set<Int64>()
        for match in html.matches(of: #/<li (hidden )?class="task" id="task-(\d+)"/#) {
            let id = Int64(match.output.2)!
            if match.output.1 == nil { shown.insert(id) } else { hidden.insert(id) }
        }
        return (shown, hidden)
    }

    /// Each column's "N of M", in order (Today, Next, Later); empty when the board is not filtered.
    func counts(_ html: String) -> [String] {
        html.matches(of: #/<span class="filter-count" data-filter-count>([^<]*)</span>/#).map { String($0.output.1) }
    }

    @Test func wordsShowOnlyTheCardsHoldingEveryWordWithNOfMPerColumn() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await seed(client)
            let page = try await client.get("/?q=dentist")
            #expect(page.status == .ok)
            let html = page.text
            #expect(cards(html).shown == [ids["call"]!, ids["bill"]!, ids["book"]!])
            #expect(cards(html).hidden == [ids["milk"]!, ids["walk"]!, ids["water"]!])
            #expect(counts(html) == ["2 of 4", "1 of 2", "0 of 0"])
            // The words stay in the search field, and the switches keep them.
            #expect(html.contains(#"id="search-q" name="q" value="dentist""#))
            #expect(html.contains(#"href="/?q=dentist&amp;important=1" data-filter="important""#))
            // Every word must match, in title or notes; case and width do not matter.
            #expect(cards(try await client.get("/?q=DENTIST%20bill").text).shown == [ids["bill"]!])
            #expect(cards(try await client.get("/?q=%EF%BD%84%EF%BD%85%EF%BD%8E%EF%BD%94").text).shown.count == 3)  // ｄｅｎｔ
        }
    }

    @Test func chineseMatchesInEitherScriptAsSearchDoes() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await seed(client)
            for query in ["報稅", "报税", "報税"] {
                let url = "/?q=" + SearchResultsPage.encoded(query)
                #expect(cards(try await client.get(url).text).shown == [ids["call"]!], "\(query)")
            }
            // The card carries its folded text and the Traditional forms of its Simplified characters.
            let html = try await client.get("/").text
            #expect(html.contains(#"data-search="call the dentist"#))
            #expect(html.contains("记得报税"))
            #expect(html.contains(#"data-fold=""#) && html.contains("報报"))
        }
    }

    @Test func eachSwitchShowsItsCards() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await seed(client)
            let expected: [(String, Set<Int64>, [String])] = [
                ("important=1", [ids["call"]!], ["1 of 4", "0 of 2", "0 of 0"]),
                ("deadline=1", [ids["call"]!, ids["bill"]!], ["2 of 4", "0 of 2", "0 of 0"]),
                ("overdue=1", [ids["call"]!], ["1 of 4", "0 of 2", "0 of 0"]),
                ("scheduled=1", [ids["book"]!], ["0 of 4", "1 of 2", "0 of 0"]),
            ]
            for (query, shown, perColumn) in expected {
                let html = try await client.get("/?" + query).text
                #expect(cards(html).shown == shown, "\(query)")
                #expect(counts(html) == perColumn, "\(query)")
                // The switch that is on says so, and its link turns it off.
                let name = String(query.dropLast(2))
                #expect(html.contains(#"<a class="filter-switch" href="/" data-filter="\#(name)" aria-current="true">"#), "\(query)")
            }
        }
    }

    @Test func switchesAndWordsCombine() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await seed(client)
            #expect(cards(try await client.get("/?q=dentist&deadline=1").text).shown == [ids["call"]!, ids["bill"]!])
            #expect(cards(try await client.get("/?q=dentist&deadline=1&overdue=1&important=1").text).shown == [ids["call"]!])
            #expect(cards(try await client.get("/?q=dentist&important=1&deadline=1&overdue=1&scheduled=1").text).shown.isEmpty)
            #expect(counts(try await client.get("/?q=bill&deadline=1").text) == ["1 of 4", "0 of 2", "0 of 0"])
            // Off is 0 or empty, as if left out.
            let html = try await client.get("/?q=&important=0&deadline=&overdue=false").text
            #expect(cards(html).hidden.isEmpty && counts(html).isEmpty)
            #expect(html.contains(#"<a class="filter-clear" href="/" hidden>"#))
        }
    }

    @Test func theUnfilteredBoardHidesNothingAndSaysNoNOfM() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await seed(client)
            let html = try await client.get("/").text
            #expect(cards(html).hidden.isEmpty && cards(html).shown.count == 6)
            #expect(counts(html).isEmpty)
        }
    }

    @Test func badValuesAreA400ThatSaysWhichFieldAndWhy() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await seed(client)
            for query in ["important=yes", "deadline=2", "overdue=yes", "scheduled=on"] {
                let page = try await client.get("/?" + query)
                #expect(page.status == .badRequest, "\(query)")
                #expect(page.text.contains("must be true or false"), "\(query)")
            }
            let long = try await client.get("/?q=" + String(repeating: "x", count: 10_000))
            #expect(long.status == .badRequest && long.text.contains("at most 200 characters"))
            let words = try await client.get("/?q=a%20b%20c%20d%20e%20f%20g%20h%20i")
            #expect(words.status == .badRequest && words.text.contains("at most 8 words"))
            let control = try await client.get("/?q=milk%00")
            #expect(control.status == .badRequest && control.text.contains("control characters"))
            let script = try await client.get("/?important=yes", json: true)
            #expect(script.status == .badRequest)
            #expect(try script.errorCode() == "invalid_field")
            // FTS- and regex-looking words are only text: an answer, never a 500.
            for query in ["%22", "*", "NEAR", "(a|b)*", "%27%20OR%201%3D1", "a-b", "%5E", "%25", "_"] {
                let page = try await client.get("/?q=" + query)
                #expect(page.status == .ok, "\(query)")
            }
            // Bytes that are not UTF-8, and a broken percent sign: 400, said so.
            for query in ["q=%FF%FE", "scheduled=%FF", "q=%G1"] {
                let page = try await client.get("/?" + query)
                #expect(page.status == .badRequest, "\(query)")
                #expect(page.text.contains("<html"), "\(query)")
            }
            // A form's `+` is a space, as the page's script writes it.
            #expect(try await client.get("/?q=DENTIST+bill").text.contains(#"value="DENTIST bill""#))
        }
    }

    @Test func theRefusalIsInTheReadersLanguageAndNOfMToo() async throws {
        try await TestApp.$cookies.withValue("pb_lang=zh-Hant") {
            try await TestApp.make().test(.router) { client in
                _ = try await seed(client)
                let html = try await client.get("/?q=dentist").text
                #expect(counts(html) == ["2 / 共 4 項", "1 / 共 2 項", "0 / 共 0 項"])
                #expect(html.contains("有截止日") && html.contains("已過期"))
                #expect(try await client.get("/?important=yes").status == .badRequest)
            }
        }
    }

    @Test func aCardCarriesTheStartOfLongNotesAndTheServerStillReadsThemWhole() async throws {
        try await TestApp.make().test(.router) { client in
            let id = try await client.addTasks(["Long notes"])[0]
            let notes = String(repeating: "filler words ", count: 200) + "zebra"
            let saved = try await client.post("/tasks/\(id)", [("title", "Long notes"), ("notes", notes), ("notesFormat", "plain")], json: true)
            #expect(saved.status == .ok)
            let html = try await client.get("/?q=zebra").text
            #expect(cards(html).shown == [id])
            #expect(html.contains(#"data-search-cut="true""#))
            #expect(!html.contains("filler words zebra"))
        }
    }

    @Test func aFilteredPageHasItsOwnEntityTag() async throws {
        try await TestApp.make().test(.router) { client in
            _ = try await seed(client)
            let whole = try await client.get("/").headers[.eTag]
            let filtered = try await client.get("/?q=dentist").headers[.eTag]
            #expect(whole != nil && filtered != nil && whole != filtered)
        }
    }
}
