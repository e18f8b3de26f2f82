import Foundation
import PlanCore
import Testing
@testable import PlanSQLite
@testable import PlanStore

/// Search on each store (`StoreKind`): both decide a match on the same folded text, in the same
/// order, so every expectation here holds on SQLite and PostgreSQL alike.
@Suite struct SearchTests {
    func notes(_ text: String) -> TaskNotes {
        TaskNotes(source: text, format: .plain, html: "<p>\(text)</p>", excerpt: String(text.prefix(40)))
    }

    func query(_ text: String) throws -> SearchQuery { try #require(try SearchQuery(text)) }

    /// The titles of the first page of matches for `text`.
    func found(_ store: any BoardStore, _ text: String, limit: Int = 50) async throws -> [String] {
        try await store.search(try query(text), offset: 0, limit: limit).tasks.map(\.title)
    }

    @Test(arguments: StoreKind.available)
    func aTermIsFoundInTitlesAndNotesAsASubstringOfAnyCase(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["Call the Dentist", "Buy milk", "Plan the week"])
            _ = try await store.edit(tasks[2].id, try TaskEdit(notes: notes("ask the dentist about Friday")), client: nil)
            #expect(try await found(store, "dentist") == ["Call the Dentist", "Plan the week"])
            #expect(try await found(store, "DENT") == ["Call the Dentist", "Plan the week"])
            #expect(try await found(store, "entis") == ["Call the Dentist", "Plan the week"])
            // Every term must occur, in any order, anywhere in the title or the notes.
            #expect(try await found(store, "friday dentist") == ["Plan the week"])
            #expect(try await found(store, "dentist milk") == [])
        }
    }

    /// A task holding each piece of a term in other places does not hold the term. (SQLite narrows
    /// by the trigrams that cover a term, den·tis·ist for "dentist", and must still decide on the
    /// term itself.)
    @Test(arguments: StoreKind.available)
    func aTermsPiecesInOtherPlacesAreNotTheTerm(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.add(["the den; a tis; an ist", "Call the dentist", "會議 in the 議室"])
            #expect(try await found(store, "dentist") == ["Call the dentist"])
            #expect(try await found(store, "ist den") == ["the den; a tis; an ist", "Call the dentist"])
            #expect(try await found(store, "會議室") == [])
        }
    }

    @Test(arguments: StoreKind.available)
    func chineseIsFoundByShortWordsAcrossTraditionalAndSimplified(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.add(["買牛奶和麵包", "报税截止", "下週一開會", "牛", "晚上喝牛奶"])
            // Two characters and one (shorter than a trigram), at the start, inside and at the end.
            #expect(try await found(store, "牛奶") == ["買牛奶和麵包", "晚上喝牛奶"])
            #expect(try await found(store, "牛") == ["買牛奶和麵包", "牛", "晚上喝牛奶"])
            #expect(try await found(store, "奶") == ["買牛奶和麵包", "晚上喝牛奶"])
            #expect(try await found(store, "晚") == ["晚上喝牛奶"])
            #expect(try await found(store, "麵包") == ["買牛奶和麵包"])
            #expect(try await found(store, "羊") == [])
            // A short word and a long one together.
            #expect(try await found(store, "牛奶 晚上喝") == ["晚上喝牛奶"])
            // Traditional finds Simplified and the other way round.
            #expect(try await found(store, "報稅") == ["报税截止"])
            #expect(try await found(store, "买牛奶") == ["買牛奶和麵包"])
            #expect(try await found(store, "下周一") == ["下週一開會"])
        }
    }

    @Test(arguments: StoreKind.available)
    func fullWidthLettersAndDigitsFindTheirPlainForms(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.add(["Room 101 booking", "ＡＢＣ report", "tv"])
            #expect(try await found(store, "TV") == ["tv"])
            #expect(try await found(store, "v") == ["tv"])
            #expect(try await found(store, "１０１") == ["Room 101 booking"])
            #expect(try await found(store, "abc") == ["ＡＢＣ report"])
            #expect(try await found(store, "Ｒｏｏｍ") == ["Room 101 booking"])
        }
    }

    @Test(arguments: StoreKind.available)
    func theBoardComesFirstByColumnAndPlaceThenTheLogbookNewestFirst(_ kind: StoreKind) async throws {
        let clock = DayClock("2026-11-24T10:00:00+01:00")
        try await kind.withStore(now: { clock.now() }, serverZone: TimeZone(identifier: "Europe/Berlin")!) { store in
            _ = try await store.turnDay()
            let later = try await store.add(["report later"], to: .later)
            let today = try await store.add(["report one", "report two"], to: .today)
            let next = try await store.add(["report next"], to: .next)
            _ = try await store.setFinished(today[1].id, true, client: nil)
            clock.set("2026-11-24T11:00:00+01:00")
            _ = try await store.setFinished(later[0].id, true, client: nil)
            clock.set("2026-11-25T10:00:00+01:00")
            _ = try await store.setFinished(next[0].id, true, client: nil)
            _ = try await store.turnDay()  // the 24th's two finished tasks go to the logbook
            clock.set("2026-11-26T10:00:00+01:00")
            _ = try await store.turnDay()  // and the 25th's one
            #expect(try await store.titles() == [.today: ["report one"], .next: [], .later: []])
            let page = try await store.search(try query("report"), offset: 0, limit: 10)
            #expect(page.tasks.map(\.inLogbook) == [false, true, true, true])
            // Within a day, the later finish first.
            #expect(page.tasks.map(\.title) == ["report one", "report next", "report later", "report two"])
        }
    }

    @Test(arguments: StoreKind.available)
    func pagesFollowOneAnotherWithoutGapsOrRepeats(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let titles = (1...7).map { "errand \($0)" }
            _ = try await store.add(titles)
            let first = try await store.search(try query("errand"), offset: 0, limit: 3)
            #expect(first.tasks.map(\.title) == Array(titles[0..<3]) && first.next == 3)
            let second = try await store.search(try query("errand"), offset: 3, limit: 3)
            #expect(second.tasks.map(\.title) == Array(titles[3..<6]) && second.next == 6)
            let last = try await store.search(try query("errand"), offset: 6, limit: 3)
            #expect(last.tasks.map(\.title) == ["errand 7"] && last.next == nil)
        }
    }

    /// Enough logbook entries that a common word takes each path SearchPaging has: "entry" is in
    /// every task (many candidates, its pages filled from the newest entries), "older" only in the
    /// oldest entries (many candidates, none among the newest, so the whole logbook is read in its
    /// order), and
    /// "seventh" in a few (few candidates). Every page of each, read one after another, is exactly
    /// the board's matches in the board's order and then the logbook's, newest first. The same
    /// words shorter than a trigram ("en", 旧 with "older", 七 with "seventh") take the paths a
    /// store takes for them (SQLite reads the board before asking its index).
    @Test(arguments: StoreKind.available)
    func everyPathOfPagingListsTheSameMatchesInTheSameOrder(_ kind: StoreKind) async throws {
        let clock = DayClock("2026-11-24T10:00:00+01:00")
        try await kind.withStore(now: { clock.now() }, serverZone: TimeZone(identifier: "Europe/Berlin")!) { store in
            let calendar = try await store.calendar()
            let window = SearchPaging.recentWindow
            // "older" is in more entries than the window holds, all of them past it.
            let count = 2 * window + 40
            let end = clock.now()
            let entries = (0..<count).map { index in
                // Newest first: entry 0 finished last. Two a minute, so several share a day and a time.
                let finished = end.addingTimeInterval(-Double(index / 2) * 60)
                let words = (index >= window ? " older 旧" : "") + (index % 7 == 0 ? " seventh 七" : "")
                return ImportedTask(
                    title: "entry \(index)\(words)", column: .today, important: false, finished: true, notes: .none,
                    created: finished, updated: finished, originalID: nil,
                    finishedAt: finished, finishedDay: calendar.day(of: finished), inLogbook: true)
            }
            _ = try await store.importTasks(entries, summary: nil, client: nil)
            _ = try await store.add(["entry on the board, later older 旧 seventh 七"], to: .later)
            _ = try await store.add(["entry on the board, today", "entry on the board, today older 旧 seventh 七"], to: .today)
            // The logbook's order: newest first; at the same time, the higher id first.
            let logbook = try await store.logbookTitles()
            #expect(logbook.count == count)
            let board = ["entry on the board, today", "entry on the board, today older 旧 seventh 七", "entry on the board, later older 旧 seventh 七"]
            for (word, expected) in [
                ("entry", board + logbook),
                ("older", board.filter { $0.contains("older") } + logbook.filter { $0.contains("older") }),
                ("seventh", board.filter { $0.contains("seventh") } + logbook.filter { $0.contains("seventh") }),
                ("en", board + logbook),
                ("旧", board.filter { $0.contains("older") } + logbook.filter { $0.contains("older") }),
                ("七", board.filter { $0.contains("seventh") } + logbook.filter { $0.contains("seventh") }),
            ] {
                var listed: [String] = []
                var offset: Int? = 0
                while let from = offset, from < count + 10 {
                    let page = try await store.search(try query(word), offset: from, limit: 97)
                    listed += page.tasks.map(\.title)
                    offset = page.next
                    #expect(page.tasks.count == 97 || page.next == nil, "only the last page of \(word) is short")
                }
                let firstDifference = zip(listed, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                #expect(
                    listed.count == expected.count && firstDifference == nil,
                    "\(word): \(listed.count) listed, \(expected.count) expected, first difference at \(firstDifference.map(String.init) ?? "none")")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func editsAreFoundAtOnceAndDeletedTasksNever(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let tasks = try await store.add(["old title", "keep me"])
            _ = try await store.edit(tasks[0].id, try TaskEdit(title: "renamed errand"), client: nil)
            #expect(try await found(store, "old title") == [])
            #expect(try await found(store, "errand") == ["renamed errand"])
            // A move and a finish leave what search reads as it was.
            _ = try await store.move(MoveRequest(taskID: tasks[1].id, column: .later, place: .top), client: nil)
            _ = try await store.setFinished(tasks[1].id, true, client: nil)
            #expect(try await found(store, "keep") == ["keep me"])
            _ = try await store.delete(tasks[0].id, client: "me")
            #expect(try await found(store, "errand") == [])
            // Undo brings the task, and its place in search, back.
            _ = try await store.undo(client: "me")
            #expect(try await found(store, "errand") == ["renamed errand"])
        }
    }

    @Test(arguments: StoreKind.available)
    func anEditedTaskIsFoundByTheWordsItKept(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let task = try await store.add(["Crown fitting"])[0]
            // New notes beside the same title; then the title changed, keeping a word.
            _ = try await store.edit(task.id, try TaskEdit(title: "Crown fitting", notes: notes("the crown is ready")), client: nil)
            #expect(try await found(store, "fitting") == ["Crown fitting"])
            #expect(try await found(store, "crown") == ["Crown fitting"])
            #expect(try await found(store, "ready") == ["Crown fitting"])
            _ = try await store.edit(task.id, try TaskEdit(title: "Crown fitting on Friday"), client: "me")
            #expect(try await found(store, "fitting") == ["Crown fitting on Friday"])
            #expect(try await found(store, "friday") == ["Crown fitting on Friday"])
            // Undo gives the old text back, and search finds it by every word again.
            _ = try await store.undo(client: "me")
            #expect(try await found(store, "crown fitting") == ["Crown fitting"])
            #expect(try await found(store, "friday") == [])
        }
    }

    @Test(arguments: StoreKind.available)
    func queryCharactersAreTextNeverSyntax(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.add([#"say "hi" (NEAR) a*b -x ^y 100% a_b c:\d"#, "plain"])
            let hostile = [#""hi""#, "(NEAR)", "a*b", "-x", "^y", "100%", "a_b", #"c:\d"#, "NEAR", "\"", "*", "%", "_"]
            for text in hostile {
                #expect(try await found(store, text) == [#"say "hi" (NEAR) a*b -x ^y 100% a_b c:\d"#], "query \(text)")
            }
            // Nothing matches a term that is in no task, however it is spelled.
            for text in ["OR", "AND", "' OR 1=1 --", "%%", "near(a b)", ".*", "[a-z]+"] {
                #expect(try await found(store, text) == [], "query \(text)")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func importedTasksAreFound(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let now = Date(timeIntervalSince1970: 1_790_000_000)
            let imported = (1...3).map { index in
                ImportedTask(
                    title: "imported \(index)", column: .next, important: false, finished: false,
                    notes: notes(index == 2 ? "the dentist" : ""), created: now, updated: now, originalID: nil)
            }
            _ = try await store.importTasks(imported, summary: nil, client: nil)
            #expect(try await found(store, "imported") == ["imported 1", "imported 2", "imported 3"])
            #expect(try await found(store, "dentist") == ["imported 2"])
        }
    }
}

/// The trigrams SQLite's index is asked for: every character of a term is in one of them.
@Suite struct CoveringTrigramsTests {
    @Test func everyCharacterIsCoveredFromTheFirstTrigramToTheLast() {
        #expect(SQLiteBoardStore.coveringTrigrams("abc") == ["abc"])
        #expect(SQLiteBoardStore.coveringTrigrams("abcd") == ["abc", "bcd"])
        #expect(SQLiteBoardStore.coveringTrigrams("dentist") == ["den", "tis", "ist"])
        #expect(SQLiteBoardStore.coveringTrigrams("quarterly") == ["qua", "rte", "rly"])
        #expect(SQLiteBoardStore.coveringTrigrams("会议室") == ["会议室"])
        #expect(SQLiteBoardStore.coveringTrigrams("报税单据") == ["报税单", "税单据"])
    }
}
