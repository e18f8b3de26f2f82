import PlanCore

/// One page of a search's matches: the board's first (column by column, in the board's order),
/// then the logbook's (newest first, as the logbook lists them).
public struct SearchPage: Sendable, Equatable {
    public let tasks: [PlanTask]
    /// Where the next page starts (an offset into the matches); nil on the last page.
    public let next: Int?

    public init(tasks: [PlanTask], next: Int?) {
        self.tasks = tasks
        self.next = next
    }

    /// The most a page holds, whatever a request asks.
    public static let maxLimit = 100
    /// The furthest a page may start: past it a person narrows the query instead.
    public static let maxOffset = 10_000
}

extension SearchQuery {
    /// The terms a trigram index can find (three characters or more), longest first.
    package var indexedTerms: [String] { terms.filter { $0.unicodeScalars.count >= 3 } }
}

/// How a page of matches is put together, the same on every store. A store answers three narrow
/// questions about a query, inside one read, in the order this asks them; so a common word fills
/// its page without ordering every task it appears in:
/// 1. `board`: the first `boardMatches` matches on the board, in the board's order;
/// 2. `recent(window, first)`: the first `first` matches among the `window` newest logbook
///    entries, newest first (asked only when the index found the query common);
/// 3. `logbook(offset, count)`: `count` matches of the whole logbook from `offset`, newest first.
///
///     var paging = SearchPaging(offset: 0, limit: 20, found: idsTheIndexFound)
///     while let ask = paging.ask { paging.answer(try tasks(answering: ask, among: paging.among)) }
///     return paging.page
///
/// A store whose index is dear to ask for a query (SQLite's, for terms of one or two characters:
/// `SearchPaging.boardFirst`) reads the board first, a few thousand tasks at
/// most, and is asked `index` only when the board has not filled the page: a common short word
/// then costs no index lookup at all. It answers with `indexFound(_:)`.
package struct SearchPaging: Sendable {
    /// How many of the newest logbook entries are read in order, when the index finds the query
    /// common, before the index is asked to order its matches. A word in one entry of 50 fills a
    /// first page of 20 from them; a rarer one, whose matches are few enough to order, does not.
    /// It is also the count of candidates from which the index calls a query common (`many`).
    package static let recentWindow = 1_000

    /// What the index found before any task was read: few candidates (ordering all of them is
    /// cheap) or many (or a query the index cannot narrow at all).
    package enum Candidates: Sendable, Equatable { case few, many }

    /// A question for the store, answered with the matching tasks in the order it names.
    package enum Ask: Sendable, Equatable {
        case board(column: BoardColumn, first: Int)
        /// Which ids the index finds (nil: it cannot narrow the query), for the logbook's questions.
        case index
        case recent(window: Int, first: Int)
        case logbook(offset: Int, count: Int)
    }

    package let offset: Int
    package let limit: Int
    private(set) var candidates: Candidates
    /// The next question; nil once the answers make the page.
    package private(set) var ask: Ask?
    private var onBoard: [PlanTask] = []
    private var fromBoard: [PlanTask] = []
    private var logbookOffset = 0
    /// One more than the page still holds, which says whether another page follows.
    private var wanted = 0
    /// The page, once the answers so far make it.
    package private(set) var page = SearchPage(tasks: [], next: nil)

    /// The ids the index found, kept when they are few enough to ask about alone (fewer than
    /// `recentWindow`); nil when they are many or the index could not narrow the query (nil found).
    package static func few(_ found: [Int64]?) -> [Int64]? {
        found.flatMap { $0.count < recentWindow ? $0 : nil }
    }

    /// The ids every question is asked of, when the index found few (`few`); nil: every task
    /// (and every task on the board while the index is yet to be asked).
    package private(set) var among: [Int64]?
    /// Whether `index` is asked once the board has not filled the page.
    private var indexPending = false

    /// Paging over what the index `found` (nil: it could not narrow the query). Nothing found is
    /// an empty page at once, with no question asked.
    package init(offset: Int, limit: Int, found: [Int64]?) {
        let few = SearchPaging.few(found)
        self.init(offset: offset, limit: limit, candidates: few == nil ? .many : .few, among: few)
        if found?.isEmpty == true { ask = nil }
    }

    package init(offset: Int, limit: Int, candidates: Candidates, among: [Int64]? = nil) {
        self.limit = min(max(limit, 1), SearchPage.maxLimit)
        self.offset = min(max(offset, 0), SearchPage.maxOffset)
        self.candidates = candidates
        self.among = among
        ask = .board(column: BoardColumn.allCases[0], first: boardMatches)
    }

    /// Paging that reads the board before asking the index (`index`, answered by `indexFound`).
    package static func boardFirst(offset: Int, limit: Int) -> SearchPaging {
        var paging = SearchPaging(offset: offset, limit: limit, candidates: .many)
        paging.indexPending = true
        return paging
    }

    /// Takes what the index found (nil: it cannot narrow the query) and goes on to the logbook.
    /// Nothing found leaves the page as the board made it.
    package mutating func indexFound(_ found: [Int64]?) {
        guard ask == .index else { return }
        indexPending = false
        among = SearchPaging.few(found)
        candidates = among == nil ? .many : .few
        if found?.isEmpty == true {
            afterLogbook([])
        } else {
            askLogbook()
        }
    }

    /// How many of the board's matches are read: the page's and one more.
    var boardMatches: Int { offset + limit + 1 }

    /// Takes the store's answer to `ask` and moves on to the next question (or the page).
    package mutating func answer(_ tasks: [PlanTask]) {
        switch ask {
        case .board(let column, _):
            onBoard += tasks
            let columns = BoardColumn.allCases
            if onBoard.count < boardMatches, let at = columns.firstIndex(of: column), at + 1 < columns.endIndex {
                ask = .board(column: columns[at + 1], first: boardMatches - onBoard.count)
            } else {
                afterBoard()
            }
        case .recent:
            afterRecent(tasks)
        case .logbook:
            afterLogbook(tasks)
        case .index, nil:
            break
        }
    }

    private mutating func afterBoard() {
        if onBoard.count > offset + limit {
            page = SearchPage(tasks: Array(onBoard[offset..<offset + limit]), next: offset + limit)
            ask = nil
            return
        }
        fromBoard = offset < onBoard.count ? Array(onBoard[offset...]) : []
        logbookOffset = max(0, offset - onBoard.count)
        wanted = limit - fromBoard.count + 1
        if indexPending {
            ask = .index
        } else {
            askLogbook()
        }
    }

    private mutating func askLogbook() {
        ask = candidates == .many
            ? .recent(window: Self.recentWindow, first: logbookOffset + wanted)
            : .logbook(offset: logbookOffset, count: wanted)
    }

    /// The newest entries are a prefix of the logbook's order, so enough matches among them are
    /// exactly its first matches; too few, and the whole logbook is asked.
    private mutating func afterRecent(_ recent: [PlanTask]) {
        if recent.count == logbookOffset + wanted {
            afterLogbook(Array(recent[logbookOffset...]))
        } else {
            ask = .logbook(offset: logbookOffset, count: wanted)
        }
    }

    private mutating func afterLogbook(_ entries: [PlanTask]) {
        page = SearchPage(
            tasks: fromBoard + entries.prefix(limit - fromBoard.count),
            next: entries.count == wanted ? offset + limit : nil)
        ask = nil
    }
}
