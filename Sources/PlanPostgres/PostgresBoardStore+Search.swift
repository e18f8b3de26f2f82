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
            // exactly what SearchQuery.matches says, as on SQLite. A query of only shorter terms,
            // or one the index finds in many tasks, is read in order instead.
            let terms = query.terms
            let pattern = query.indexedTerms.first.map(Self.likePattern) ?? "%"
            var candidates = SearchPaging.Candidates.many
            if pattern != "%" {
                let found = try await tx.value(#"""
                    SELECT count(*) FROM (SELECT 1 FROM task WHERE search_text LIKE \#(pattern) LIMIT \#(SearchPaging.recentWindow)) AS found
                    """#, as: Int.self) ?? 0
                if found == 0 { return SearchPage(tasks: [], next: nil) }
                if found < SearchPaging.recentWindow { candidates = .few }
            }
            var paging = SearchPaging(offset: offset, limit: limit, candidates: candidates)
            var ask = paging.afterBoard(try await tx.rows(#"""
                SELECT \#(unescaped: PlanTask.postgresColumns) FROM task
                WHERE NOT in_logbook AND search_text LIKE \#(pattern)
                  AND NOT EXISTS (SELECT 1 FROM unnest(\#(terms)::text[]) AS term WHERE strpos(search_text, term) = 0)
                ORDER BY CASE "column" WHEN 'today' THEN 0 WHEN 'next' THEN 1 ELSE 2 END, order_key
                LIMIT \#(paging.boardMatches)
                """#).map(PlanTask.init(postgres:)))
            if case .recent(let window, let first)? = ask {
                ask = paging.afterRecent(try await tx.rows(#"""
                    SELECT \#(unescaped: PlanTask.postgresColumns) FROM (
                        SELECT * FROM task WHERE in_logbook \#(unescaped: Self.logbookOrder) LIMIT \#(window)
                    ) AS task
                    WHERE NOT EXISTS (SELECT 1 FROM unnest(\#(terms)::text[]) AS term WHERE strpos(search_text, term) = 0)
                    \#(unescaped: Self.logbookOrder) LIMIT \#(first)
                    """#).map(PlanTask.init(postgres:)))
            }
            if case .logbook(let from, let count)? = ask {
                paging.afterLogbook(try await tx.rows(#"""
                    SELECT \#(unescaped: PlanTask.postgresColumns) FROM task
                    WHERE in_logbook AND search_text LIKE \#(pattern)
                      AND NOT EXISTS (SELECT 1 FROM unnest(\#(terms)::text[]) AS term WHERE strpos(search_text, term) = 0)
                    \#(unescaped: Self.logbookOrder) LIMIT \#(count) OFFSET \#(from)
                    """#).map(PlanTask.init(postgres:)))
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
