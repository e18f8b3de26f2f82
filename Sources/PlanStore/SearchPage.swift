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
///     var paging = SearchPaging(offset: 0, limit: 20, query: query)
///     while let ask = paging.ask {
///         if ask == .index { paging.indexFound(try idsTheIndexFinds()) }
///         else { paging.answer(try tasks(answering: ask, among: paging.among)) }
///     }
///     return paging.page
///
/// When the index is asked is decided here, once for both stores: a query with a term of three
/// characters or more asks it first (SQLite's covering trigrams, PostgreSQL's LIKE: one cheap
/// lookup that narrows every question). A query of only shorter terms reads the board first (a
/// few thousand tasks at most) and asks the index only when the board has not filled the page:
/// SQLite widens a short term to the trigrams that begin with it, read from FTS5's vocabulary,
/// which counts every task each trigram is in (0.4–1.2 ms on the bench board, more the commoner
/// the term, and the commoner, the likelier the board alone fills the page); PostgreSQL's index
/// cannot narrow such a query at all.
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
    /// Whether the index has answered (`indexFound`); until then it is asked once the board has
    /// not filled the page.
    private var indexAnswered = false
    /// Whether the board's questions are answered.
    private var boardRead = false

    /// Paging for `query`: the index first when the query has a term of three characters or more,
    /// else the board first (see the type's note).
    package init(offset: Int, limit: Int, query: SearchQuery) {
        self.init(offset: offset, limit: limit, candidates: .many)
        indexAnswered = false
        if !query.indexedTerms.isEmpty { ask = .index }
    }

    /// Paging over what the index `found`, asked first (nil: it could not narrow the query).
    /// Nothing found is an empty page at once, with no other question asked.
    package init(offset: Int, limit: Int, found: [Int64]?) {
        self.init(offset: offset, limit: limit, candidates: .many)
        ask = .index
        indexFound(found)
    }

    /// Paging whose candidates are already known (no `index` question).
    package init(offset: Int, limit: Int, candidates: Candidates) {
        self.limit = min(max(limit, 1), SearchPage.maxLimit)
        self.offset = min(max(offset, 0), SearchPage.maxOffset)
        self.candidates = candidates
        indexAnswered = true
        ask = .board(column: BoardColumn.allCases[0], first: boardMatches)
    }

    /// Takes what the index found (nil: it cannot narrow the query) and goes on: to the board
    /// when it was asked first, else to the logbook. Nothing found asks nothing more: the page is
    /// what the board made of it, or empty.
    package mutating func indexFound(_ found: [Int64]?) {
        guard ask == .index else { return }
        indexAnswered = true
        among = SearchPaging.few(found)
        candidates = among == nil ? .many : .few
        if boardRead {
            if found?.isEmpty == true { afterLogbook([]) } else { askLogbook() }
        } else {
            ask = found?.isEmpty == true ? nil : .board(column: BoardColumn.allCases[0], first: boardMatches)
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
        boardRead = true
        if indexAnswered {
            askLogbook()
        } else {
            ask = .index
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
