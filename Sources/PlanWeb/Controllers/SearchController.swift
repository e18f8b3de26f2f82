import Hummingbird
import PlanCore
import PlanNotes
import PlanStore

/// `GET /search?q=…&from=N`: the board's and the logbook's tasks that hold every word of a query.
struct SearchController {
    let deps: WebDependencies

    /// How many matches a page shows: the first screenful or two, which is where a person looks
    /// for "the dentist one"; a longer page cost every search more to read and draw (50 doubled
    /// the answer's time at 3,000 tasks and 50,000 logbook entries) for results rarely read.
    static let pageSize = 20

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get(.search, answer: search)
    }

    @Sendable func search(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        // Read as a form is (`+` is a space, first value wins): the address the header's GET form
        // writes. Bad percent-encoding or UTF-8 is a 400 from the reader itself.
        let parameters = try FormFields.urlEncoded(Array((request.uri.query ?? "").utf8)).values
        let typed = parameters["q"] ?? ""
        let offset: Int
        let query: SearchQuery?
        do throws(PlanError) {
            offset = try Self.offset(parameters["from"])
            query = try SearchQuery(typed)
        } catch {
            // The page again with the text as typed and why it was refused; a script gets the refusal.
            return Answer(
                page: {
                    let strings = deps.strings(context)
                    let page = SearchResultsPage(typed: typed, error: strings.message(error), strings: strings)
                    return try deps.page(page, request, context, status: error.status)
                },
                json: { throw error })
        }
        guard let query else {
            return Answer(
                page: { try deps.page(SearchResultsPage(typed: typed, error: nil, strings: deps.strings(context)), request, context) },
                json: { throw PlanError.invalidField(name: "q", problem: .missing) })
        }
        let found = try await deps.store.search(query, offset: offset, limit: Self.pageSize)
        return Answer(
            page: {
                let page = SearchResultsPage(query: query, page: found, offset: offset, strings: deps.strings(context)) { task in
                    task.notes.isEmpty ? "" : SanitizedHTML.plainText(ofStoredNotes: task.notes, limit: Highlight.maxScanned)
                }
                return try deps.page(page, request, context)
            },
            json: { try .json(SearchJSON(query: query, page: found)) })
    }

    /// Where a page starts: a whole number from 0 to `SearchPage.maxOffset`; none is 0.
    static func offset(_ text: String?) throws(PlanError) -> Int {
        guard let text, !text.isEmpty else { return 0 }
        guard let offset = Int(text), (0...SearchPage.maxOffset).contains(offset) else {
            throw .invalidField(name: "from", problem: .notAWholeNumber)
        }
        return offset
    }
}
