import Foundation
import PlanCore
import Testing
@testable import PlanStore

/// SearchPaging's decisions from answers given by hand: which question comes next and what page
/// the answers make. (SearchTests proves the same on both stores end to end.)
@Suite struct SearchPagingTests {
    func tasks(_ ids: ClosedRange<Int64>) -> [PlanTask] {
        ids.map { id in
            PlanTask(
                id: id, title: "t\(id)", column: .today, orderKey: OrderKey.between(nil, nil), important: false, finished: false,
                notes: .none, created: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0))
        }
    }

    @Test func theBoardIsAskedColumnByColumnInItsOrderUntilEnoughAreFound() {
        var paging = SearchPaging(offset: 2, limit: 3, candidates: .many)
        #expect(paging.ask == .board(column: .today, first: 6))
        paging.answer(tasks(1...2))
        #expect(paging.ask == .board(column: .next, first: 4))
        paging.answer(tasks(3...6))
        // Six matches fill the page and tell that another follows: nothing is asked of Later or the logbook.
        #expect(paging.ask == nil)
        #expect(paging.page.tasks.map(\.id) == [3, 4, 5] && paging.page.next == 5)
    }

    @Test func aCommonWordFillsTheRestFromTheNewestEntries() {
        var paging = SearchPaging(offset: 2, limit: 4, candidates: .many)
        // The board holds 3 matches (in Today and Later): one on this page, then 3 entries and one
        // more to know a page follows.
        paging.answer(tasks(1...2))
        paging.answer([])
        #expect(paging.ask == .board(column: .later, first: 5))
        paging.answer(tasks(3...3))
        #expect(paging.ask == .recent(window: SearchPaging.recentWindow, first: 4))
        paging.answer(tasks(11...14))
        #expect(paging.ask == nil)
        #expect(paging.page.tasks.map(\.id) == [3, 11, 12, 13] && paging.page.next == 6)
    }

    @Test func tooFewAmongTheNewestEntriesAsksTheWholeLogbook() {
        var paging = SearchPaging(offset: 5, limit: 2, candidates: .many)
        // Past the board's 3 matches: the logbook's from its third, two and one more.
        paging.answer(tasks(1...3))
        paging.answer([])
        paging.answer([])
        #expect(paging.ask == .recent(window: SearchPaging.recentWindow, first: 5))
        paging.answer(tasks(11...13))
        #expect(paging.ask == .logbook(offset: 2, count: 3))
        paging.answer(tasks(13...14))
        #expect(paging.ask == nil)
        #expect(paging.page.tasks.map(\.id) == [13, 14] && paging.page.next == nil)
    }

    @Test func fewCandidatesGoStraightToTheLogbook() {
        var paging = SearchPaging(offset: 0, limit: 50, candidates: .few)
        for _ in BoardColumn.allCases { paging.answer([]) }
        #expect(paging.ask == .logbook(offset: 0, count: 51))
        paging.answer(tasks(1...51))
        #expect(paging.page.tasks.count == 50 && paging.page.next == 50)
    }

    @Test func limitsAndOffsetsOutOfRangeAreBroughtWithinBounds() {
        let paging = SearchPaging(offset: -4, limit: 1_000, candidates: .few)
        #expect(paging.offset == 0 && paging.limit == SearchPage.maxLimit)
        #expect(SearchPaging(offset: 1_000_000, limit: 0, candidates: .few).offset == SearchPage.maxOffset)
    }

    @Test func theIndexsCandidatesAreKeptOnlyWhenFew() {
        #expect(SearchPaging.few(nil) == nil, "an index that cannot narrow: many")
        #expect(SearchPaging.few([1, 2, 3]) == [1, 2, 3])
        #expect(SearchPaging.few(Array(1...Int64(SearchPaging.recentWindow))) == nil, "a full window: many")
        #expect(SearchPaging(offset: 0, limit: 20, found: [4, 5]).among == [4, 5])
        #expect(SearchPaging(offset: 0, limit: 20, found: nil).among == nil)
    }

    /// What the index did not find is not asked of the store at all: the page is empty at once.
    @Test func nothingFoundByTheIndexIsAnEmptyPageWithNoQuestion() {
        let paging = SearchPaging(offset: 0, limit: 20, found: [])
        #expect(paging.ask == nil)
        #expect(paging.page == SearchPage(tasks: [], next: nil))
        #expect(SearchPaging(offset: 0, limit: 20, found: nil).ask != nil)
    }

    func query(_ text: String) throws -> SearchQuery { try #require(try SearchQuery(text)) }

    /// A query with a term of three characters or more asks the index before anything else; one of
    /// only shorter terms reads the board first.
    @Test func theIndexIsAskedFirstOnlyForAQueryWithALongTerm() throws {
        var long = SearchPaging(offset: 0, limit: 2, query: try query("牛奶 dentist"))
        #expect(long.ask == .index)
        long.indexFound([7, 8])
        #expect(long.among == [7, 8])
        #expect(long.ask == .board(column: .today, first: 3))
        var none = SearchPaging(offset: 0, limit: 2, query: try query("dentist"))
        none.indexFound([])
        #expect(none.ask == nil && none.page == SearchPage(tasks: [], next: nil))
        #expect(SearchPaging(offset: 0, limit: 2, query: try query("牛奶 a")).ask == .board(column: .today, first: 3))
    }

    /// Board first: a board that fills the page never asks the index.
    @Test func boardFirstPagingAsksNoIndexWhenTheBoardFillsThePage() throws {
        var paging = SearchPaging(offset: 0, limit: 2, query: try query("牛奶"))
        #expect(paging.ask == .board(column: .today, first: 3))
        #expect(paging.among == nil)
        paging.answer(tasks(1...3))
        #expect(paging.ask == nil)
        #expect(paging.page.tasks.map(\.id) == [1, 2] && paging.page.next == 2)
    }

    /// Board first, the board short of a page: the index is asked, and what it found decides the
    /// logbook's questions as it would have from the start.
    @Test func boardFirstPagingAsksTheIndexForTheLogbook() throws {
        var few = SearchPaging(offset: 0, limit: 5, query: try query("牛奶"))
        few.answer(tasks(1...1))
        few.answer([])
        few.answer(tasks(2...2))
        #expect(few.ask == .index)
        few.indexFound([1, 2, 30, 31])
        #expect(few.among == [1, 2, 30, 31])
        #expect(few.ask == .logbook(offset: 0, count: 4))
        few.answer(tasks(30...31))
        #expect(few.page.tasks.map(\.id) == [1, 2, 30, 31] && few.page.next == nil)

        var many = SearchPaging(offset: 0, limit: 5, query: try query("牛奶"))
        for _ in BoardColumn.allCases { many.answer([]) }
        many.indexFound(nil)
        #expect(many.among == nil)
        #expect(many.ask == .recent(window: SearchPaging.recentWindow, first: 6))

        var none = SearchPaging(offset: 0, limit: 5, query: try query("牛奶"))
        none.answer(tasks(1...2))
        none.answer([])
        none.answer([])
        none.indexFound([])
        #expect(none.ask == nil)
        #expect(none.page.tasks.map(\.id) == [1, 2] && none.page.next == nil)
    }
}
