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
