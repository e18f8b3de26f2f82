import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    public func search(_ query: SearchQuery, offset: Int, limit: Int) async throws -> SearchPage {
        try await transaction { tx in
            // Every question SearchPaging asks sees one snapshot of the board.
            try await tx.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            // pg_trgm's index narrows by the longest term of three characters or more (a LIKE
            // '%term%'); strpos() then decides every term on the folded text itself, so a match is
            // exactly what SearchQuery.matches says, as on SQLite. When the index finds few
            // candidates, their ids are kept and every question is asked of them only; a query of
            // only shorter terms, or one the index finds in many tasks, is read in order instead.
            // When the index is asked is SearchPaging's to say.
            let terms = query.terms
            var paging = SearchPaging(offset: offset, limit: limit, query: query)
            // A null column is the logbook; null candidates are every task (many of them).
            func matching(in column: BoardColumn?, order: String, limit: Int, offset: Int = 0) async throws -> [PlanTask] {
                try await tx.rows(#"""
                    SELECT \#(unescaped: PlanTask.postgresColumns) FROM task
                    WHERE \#(unescaped: column == nil ? "in_logbook" : "NOT in_logbook")
                      AND (\#(column?.rawValue)::text IS NULL OR "column" = \#(column?.rawValue))
                      AND (\#(paging.among)::bigint[] IS NULL OR id = ANY(\#(paging.among)::bigint[]))
                      AND NOT EXISTS (SELECT 1 FROM unnest(\#(terms)::text[]) AS term WHERE strpos(search_text, term) = 0)
                    \#(unescaped: order) LIMIT \#(limit) OFFSET \#(offset)
                    """#).map(PlanTask.init(postgres:))
            }
            while let ask = paging.ask {
                switch ask {
                case .board(let column, let first):
                    paging.answer(try await matching(in: column, order: "ORDER BY order_key", limit: first))
                case .index:
                    var found: [Int64]?
                    if let term = query.indexedTerms.first {
                        found = try await tx.rows(#"""
                            SELECT id FROM task WHERE search_text LIKE \#(Self.likePattern(term)) LIMIT \#(SearchPaging.recentWindow)
                            """#).map { try $0.decode(Int64.self) }
                    }
                    paging.indexFound(found)
                case .recent(let window, let first):
                    paging.answer(try await tx.rows(#"""
                        SELECT \#(unescaped: PlanTask.postgresColumns) FROM (
                            SELECT * FROM task WHERE in_logbook \#(unescaped: Self.logbookOrder) LIMIT \#(window)
                        ) AS task
                        WHERE NOT EXISTS (SELECT 1 FROM unnest(\#(terms)::text[]) AS term WHERE strpos(search_text, term) = 0)
                        \#(unescaped: Self.logbookOrder) LIMIT \#(first)
                        """#).map(PlanTask.init(postgres:)))
                case .logbook(let from, let count):
                    paging.answer(try await matching(in: nil, order: Self.logbookOrder, limit: count, offset: from))
                }
            }
            return paging.page
        }
    }

    /// The logbook's order, newest first, as its index (task_logbook) keeps it.
    static let logbookOrder = "ORDER BY finished_day DESC, finished_at DESC, id DESC"

    /// `'%term%'` with LIKE's own characters (%, _ and the escape \) taken literally.
    static func likePattern(_ term: String) -> String {
        var escaped = ""
        for character in term {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}
