import Foundation
import Mustache
import PlanCore
import PlanNotes
import PlanStore

/// `/search?q=…`: the tasks whose title or notes hold every word typed, the board's first (by
/// column and place) then the logbook's (newest first), each with its words marked and a link
/// to its page. Also the page of a refused query (its message, the text kept in the field).
struct SearchResultsPage: PageView {
    static let template = "search"

    /// The query as typed, kept in the field.
    let query: String
    let heading: String
    /// "3 results" or, past the first page, "Results 51–100".
    let summary: String?
    let results: [Result]
    /// The results as list items (`RenderedHTML.searchResults`).
    let rows: RenderedHTML
    let hasResults: Bool
    /// The next page's link, when there is one.
    let more: String?
    /// Why the query was refused (shown beside the field), when it was.
    let error: String?
    /// The prompt on an empty search, or the sentence when nothing matched.
    let empty: String?

    struct Result: Sendable {
        let path: String
        let title: Highlight
        /// A stretch of the notes around their first match, when the title does not hold every term.
        let snippet: Highlight?
        /// "Today" or "Logbook · finished 24 Nov 2026".
        let place: String
        let finished: Bool
        let important: Bool
        let inLogbook: Bool
    }

    /// The results of `query`'s page from `offset`.
    init(query: SearchQuery, page: SearchPage, offset: Int, strings: Strings, notesText: (PlanTask) -> String) {
        self.query = query.text
        heading = strings("search.resultsFor", ["query": query.text])
        results = page.tasks.map { task in
            let title = Highlight(task.title, terms: query.terms)
            // The notes are shown around their match only when the title alone does not say why
            // the task was found.
            let snippet = title.matchedEveryTerm ? nil : Highlight.snippet(of: notesText(task), terms: query.terms)
            return Result(
                path: Route.task(task.id).path, title: title, snippet: snippet,
                place: task.inLogbook
                    ? strings("search.inLogbook", ["day": task.finishedDay.map { BoardClockText.day($0, strings: strings) } ?? ""])
                    : strings.column(task.column),
                finished: task.finished, important: task.important, inLogbook: task.inLogbook)
        }
        rows = RenderedHTML.searchResults(results, strings: strings)
        hasResults = !page.tasks.isEmpty
        if page.tasks.isEmpty {
            summary = nil
            empty = offset == 0 ? strings("search.nothing", ["query": query.text]) : strings("search.noMore")
        } else {
            summary = offset == 0 && page.next == nil
                ? strings.count("search.count", page.tasks.count)
                : strings("search.range", ["first": offset + 1, "last": offset + page.tasks.count])
            empty = nil
        }
        more = page.next.map { next in
            Route.search.path(query: "q=" + Self.encoded(query.text) + "&from=\(next)")
        }
        error = nil
    }

    /// The page with nothing searched yet, or with a refused query and why.
    init(typed: String, error: String?, strings: Strings) {
        query = typed
        heading = strings("search.title")
        summary = nil
        results = []
        rows = .empty
        hasResults = false
        more = nil
        self.error = error
        empty = error == nil ? strings("search.prompt") : nil
    }

    /// A query's text as a URL query value.
    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

/// A search's answer for scripts: the matches as tasks, each with where it is, and the next page.
struct SearchJSON: Encodable, Sendable {
    let query: String
    let tasks: [Match]
    /// The `from` of the next page; absent on the last.
    let next: Int?

    struct Match: Encodable, Sendable {
        let task: TaskJSON
        /// "board" or "logbook".
        let place: String
    }

    init(query: SearchQuery, page: SearchPage) {
        self.query = query.text
        tasks = page.tasks.map { Match(task: TaskJSON($0), place: $0.inLogbook ? "logbook" : "board") }
        next = page.next
    }
}

// MARK: - Mustache

// Answered by a switch rather than reflection, like the board's view models (`Views+Mustache.swift`);
// the results themselves are drawn as one value (`RenderedHTML.searchResults`).

extension SearchResultsPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "query": query
        case "heading": heading
        case "summary": summary
        case "results": results
        case "rows": rows
        case "hasResults": hasResults
        case "more": more
        case "error": error
        case "empty": empty
        default: nil
        }
    }
}
