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

    @Test func aBoardThatFillsThePageAsksNothingOfTheLogbook() {
        var paging = SearchPaging(offset: 2, limit: 3, candidates: .many)
        #expect(paging.boardMatches == 6)
        #expect(paging.afterBoard(tasks(1...6)) == nil)
        #expect(paging.page.tasks.map(\.id) == [3, 4, 5] && paging.page.next == 5)
    }

    @Test func aCommonWordFillsTheRestFromTheNewestEntries() {
        var paging = SearchPaging(offset: 2, limit: 4, candidates: .many)
        // The board holds 3 matches: one on this page, then 3 entries and one more to know a page follows.
        #expect(paging.afterBoard(tasks(1...3)) == .recent(window: SearchPaging.recentWindow, first: 4))
        #expect(paging.afterRecent(tasks(11...14)) == nil)
        #expect(paging.page.tasks.map(\.id) == [3, 11, 12, 13] && paging.page.next == 6)
    }

    @Test func tooFewAmongTheNewestEntriesAsksTheWholeLogbook() {
        var paging = SearchPaging(offset: 5, limit: 2, candidates: .many)
        // Past the board's 3 matches: the logbook's from its third, two and one more.
        #expect(paging.afterBoard(tasks(1...3)) == .recent(window: SearchPaging.recentWindow, first: 5))
        #expect(paging.afterRecent(tasks(11...13)) == .logbook(offset: 2, count: 3))
        paging.afterLogbook(tasks(13...14))
        #expect(paging.page.tasks.map(\.id) == [13, 14] && paging.page.next == nil)
    }

    @Test func fewCandidatesGoStraightToTheLogbook() {
        var paging = SearchPaging(offset: 0, limit: 50, candidates: .few)
        #expect(paging.afterBoard([]) == .logbook(offset: 0, count: 51))
        paging.afterLogbook(tasks(1...51))
        #expect(paging.page.tasks.count == 50 && paging.page.next == 50)
    }

    @Test func limitsAndOffsetsOutOfRangeAreBroughtWithinBounds() {
        let paging = SearchPaging(offset: -4, limit: 1_000, candidates: .few)
        #expect(paging.offset == 0 && paging.limit == SearchPage.maxLimit)
        #expect(SearchPaging(offset: 1_000_000, limit: 0, candidates: .few).offset == SearchPage.maxOffset)
    }
}
