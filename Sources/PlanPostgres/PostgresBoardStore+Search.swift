import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    public func search(_ query: SearchQuery, offset: Int, limit: Int) async throws -> SearchPage {
        let limit = min(max(limit, 1), SearchPage.maxLimit)
        let offset = min(max(offset, 0), SearchPage.maxOffset)
        return try await autocommit { tx in
            // pg_trgm's index narrows by the longest term of three characters or more (a LIKE
            // '%term%'); strpos() then decides every term on the folded text itself, so a match is
            // exactly what SearchQuery.matches says, as on SQLite. A query of only shorter terms
            // reads the folded text of every task instead.
            let terms = query.terms
            let rows: [PostgresRow]
            if let longest = query.indexedTerms.first {
                rows = try await tx.rows(#"""
                    SELECT \#(unescaped: PlanTask.postgresColumns) FROM task
                    WHERE search_text LIKE \#(Self.likePattern(longest))
                      AND NOT EXISTS (SELECT 1 FROM unnest(\#(terms)::text[]) AS term WHERE strpos(search_text, term) = 0)
                    \#(unescaped: Self.searchOrder) LIMIT \#(limit + 1) OFFSET \#(offset)
                    """#)
            } else {
                rows = try await tx.rows(#"""
                    SELECT \#(unescaped: PlanTask.postgresColumns) FROM task
                    WHERE NOT EXISTS (SELECT 1 FROM unnest(\#(terms)::text[]) AS term WHERE strpos(search_text, term) = 0)
                    \#(unescaped: Self.searchOrder) LIMIT \#(limit + 1) OFFSET \#(offset)
                    """#)
            }
            let tasks = try rows.prefix(limit).map(PlanTask.init(postgres:))
            return SearchPage(tasks: tasks, next: rows.count > limit ? offset + limit : nil)
        }
    }

    /// The board's matches first, column by column in key order, then the logbook's, newest first.
    static let searchOrder = #"""
        ORDER BY in_logbook,
            CASE WHEN NOT in_logbook THEN CASE "column" WHEN 'today' THEN 0 WHEN 'next' THEN 1 ELSE 2 END END,
            CASE WHEN NOT in_logbook THEN order_key END,
            finished_day DESC NULLS LAST, finished_at DESC NULLS LAST, id DESC
        """#

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
