import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func search(_ query: SearchQuery, offset: Int, limit: Int) async throws -> SearchPage {
        let limit = min(max(limit, 1), SearchPage.maxLimit)
        let offset = min(max(offset, 0), SearchPage.maxOffset)
        return try await writer.read { db in
            // The trigram index narrows by every term it can (`indexMatch`); instr() then decides
            // every term on the folded text itself, so a match is exactly what SearchQuery.matches
            // says. A query the index cannot narrow reads the folded text of every task instead.
            var sql: String
            var arguments: StatementArguments = []
            switch try Self.indexMatch(db, query) {
            case .nothing:
                return SearchPage(tasks: [], next: nil)
            case .everything:
                sql = "SELECT task.* FROM task WHERE 1"
            case .match(let expression):
                sql = "SELECT task.* FROM taskSearch JOIN task ON task.id = taskSearch.rowid WHERE taskSearch MATCH ?"
                arguments += [expression]
            }
            for term in query.terms {
                sql += " AND instr(task.searchText, ?) > 0"
                arguments += [term]
            }
            sql += """
                 ORDER BY task.inLogbook,
                    CASE WHEN task.inLogbook = 0 THEN CASE task."column" WHEN 'today' THEN 0 WHEN 'next' THEN 1 ELSE 2 END END,
                    CASE WHEN task.inLogbook = 0 THEN task.orderKey END,
                    task.finishedDay DESC, task.finishedAt DESC, task.id DESC
                 LIMIT ? OFFSET ?
                """
            arguments += [limit + 1, offset]
            let rows = try PlanTask.fetchAll(db, sql: sql, arguments: arguments)
            return SearchPage(tasks: Array(rows.prefix(limit)), next: rows.count > limit ? offset + limit : nil)
        }
    }

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

    /// The FTS5 expression for a query: a term of three characters or more is a phrase of its
    /// trigrams (a substring); a shorter one is any of the trigrams that begin with it, read from
    /// the index's own list (every character of a text begins a trigram, because the stored text
    /// ends in two U+0001).
    static func indexMatch(_ db: Database, _ query: SearchQuery) throws -> IndexMatch {
        var parts: [String] = []
        for term in query.terms {
            if term.unicodeScalars.count >= 3 {
                parts.append(phrase(term))
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
