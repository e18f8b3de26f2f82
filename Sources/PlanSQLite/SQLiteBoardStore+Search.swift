import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func search(_ query: SearchQuery, offset: Int, limit: Int) async throws -> SearchPage {
        try await writer.read { db in
            // The trigram index narrows by every term it can (`indexMatch`); instr() then decides
            // every term on the folded text itself, so a match is exactly what SearchQuery.matches
            // says. When the index leaves few candidates, only they are read (by rowid) and ordered;
            // when it leaves many, or cannot narrow the query, tasks are read in the order they are
            // listed in (the board column by column, then the newest logbook entries) and reading
            // stops once the page is full. When the index is asked is SearchPaging's to say.
            var paging = SearchPaging(offset: offset, limit: limit, query: query)
            let terms = query.terms.map { _ in " AND instr(task.searchText, ?) > 0" }.joined()
            // Every question is asked of the candidates only, when the index found few: the clause
            // and its argument, made once when the index answers.
            var among = ""
            var amongArguments = StatementArguments()
            func matching(_ place: String, _ placeArguments: StatementArguments, order: String, limit: Int, offset: Int = 0) throws -> [PlanTask] {
                try PlanTask.fetchAll(
                    db, sql: "SELECT task.* FROM task WHERE \(place)\(among)\(terms) \(order) LIMIT ? OFFSET ?",
                    arguments: placeArguments + amongArguments + StatementArguments(query.terms) + [limit, offset])
            }
            while let ask = paging.ask {
                switch ask {
                case .board(let column, let first):
                    // One column in key order (task_position).
                    paging.answer(try matching(
                        #"task.inLogbook = 0 AND task."column" = ?"#, [column.rawValue], order: "ORDER BY task.orderKey", limit: first))
                case .index:
                    paging.indexFound(try Self.indexFound(db, query))
                    if let candidates = paging.among {
                        among = " AND task.id IN (SELECT value FROM json_each(?))"
                        amongArguments = ["[" + candidates.map(String.init).joined(separator: ",") + "]"]
                    }
                case .recent(let window, let first):
                    paging.answer(try PlanTask.fetchAll(db, sql: """
                        SELECT * FROM (SELECT * FROM task WHERE inLogbook = 1 \(Self.logbookOrder) LIMIT ?) AS task
                        WHERE 1\(terms) \(Self.logbookOrder) LIMIT ?
                        """, arguments: [window] + StatementArguments(query.terms) + [first]))
                case .logbook(let from, let count):
                    // The logbook in its order (task_logbook), stopping once the page is full.
                    paging.answer(try matching("task.inLogbook = 1", [], order: Self.logbookOrder, limit: count, offset: from))
                }
            }
            return paging.page
        }
    }

    /// The ids of the tasks the trigram index finds for `query`, up to `SearchPaging.recentWindow`
    /// (nil: it cannot narrow the query).
    static func indexFound(_ db: Database, _ query: SearchQuery) throws -> [Int64]? {
        switch try indexMatch(db, query) {
        case .nothing: []
        case .everything: nil
        case .match(let expression):
            try Int64.fetchAll(
                db, sql: "SELECT rowid FROM taskSearch WHERE taskSearch MATCH ? LIMIT ?",
                arguments: [expression, SearchPaging.recentWindow])
        }
    }

    /// The logbook's order, newest first, as its index (task_logbook) keeps it.
    static let logbookOrder = "ORDER BY task.finishedDay DESC, task.finishedAt DESC, task.id DESC"

    /// What the trigram index can say about a query.
    enum IndexMatch: Equatable {
        /// No task can match (a term begins no trigram of any task).
        case nothing
        /// The index cannot narrow it: every task is a candidate.
        case everything
        /// An FTS5 expression every match satisfies.
        case match(String)
    }

    /// The most trigrams a short term is widened to; past it (a single common letter), the term
    /// does not narrow the search.
    static let maxTrigramsPerShortTerm = 256

    /// The FTS5 expression for a query: a term of three characters or more is the trigrams that
    /// cover it (`coveringTrigrams`), all of them; a shorter one is any of the trigrams that begin
    /// with it, read from the index's own list (every character of a text begins a trigram,
    /// because the stored text ends in two U+0001).
    ///
    /// A task holding a term holds every trigram of it, so the expression keeps every match, and
    /// instr() decides. On the 53,000-task bench board it left the same candidates as the whole
    /// term as a phrase for every query tried, and FTS5 answers it 2–3× sooner: a phrase makes it
    /// read every trigram's positions and line them up (three common words matching nothing, 3.6
    /// against 1.4 ms in the sqlite3 shell).
    static func indexMatch(_ db: Database, _ query: SearchQuery) throws -> IndexMatch {
        var parts: [String] = []
        for term in query.terms {
            if term.unicodeScalars.count >= 3 {
                parts.append(coveringTrigrams(term).map(phrase).joined(separator: " AND "))
                continue
            }
            let trigrams = try String.fetchAll(
                db, sql: "SELECT term FROM taskSearchTerms WHERE term >= ? AND term < ? LIMIT ?",
                arguments: [term, term + "\u{10FFFF}", maxTrigramsPerShortTerm + 1])
            if trigrams.isEmpty { return .nothing }
            if trigrams.count > maxTrigramsPerShortTerm { continue }
            parts.append("(" + trigrams.map(phrase).joined(separator: " OR ") + ")")
        }
        return parts.isEmpty ? .everything : .match(parts.joined(separator: " AND "))
    }

    /// The trigrams of a term (three characters or more) that cover every character of it: one
    /// every third character, and the last three. "quarterly" is qua, rte, rly.
    static func coveringTrigrams(_ term: String) -> [String] {
        let scalars = Array(term.unicodeScalars)
        var starts = Array(stride(from: 0, through: scalars.count - 3, by: 3))
        if starts.last != scalars.count - 3 { starts.append(scalars.count - 3) }
        return starts.map { String(String.UnicodeScalarView(scalars[$0..<$0 + 3])) }
    }

    /// A term as an FTS5 phrase: in double quotes, its own double quotes doubled, so no character
    /// of a query is ever read as FTS5 syntax (AND, NEAR, *, ^, parentheses are text to find).
    static func phrase(_ term: String) -> String {
        "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The folded text as the task row keeps it: followed by two U+0001, so that every character
    /// of it begins a trigram of the index (SearchQuery refuses control characters: no query
    /// holds one).
    static func indexed(_ folded: String) -> String {
        folded + "\u{1}\u{1}"
    }
}
