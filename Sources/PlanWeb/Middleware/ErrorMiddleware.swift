import HTTPTypes
import Hummingbird
import Logging
import PlanStore

/// Turns every thrown error into a page or a JSON answer in the reader's language, and says which
/// language pages and JSON answers are in.
///
/// It comes before every middleware that can refuse a request: the router turns framework errors
/// that reach it into bare, empty responses.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    let renderer: PageRenderer
    let store: any BoardStore
    let signer: SessionSigner

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = await errorResponse(error, for: request, context: context)
        }
        Self.markLanguage(&response, language: context.language)
        return response
    }

    /// Pages and JSON answers (whose messages and card HTML are in the reader's language) say
    /// which language they are in; pages drawn by the renderer have said so already, and
    /// downloads and static files are in none.
    private static func markLanguage(_ response: inout Response, language: Language) {
        guard response.headers[.contentLanguage] == nil, response.headers[.contentDisposition] == nil,
              let type = response.headers[.contentType], type.hasPrefix("application/json") || type.hasPrefix("text/html")
        else { return }
        response.say(language: language)
    }

    private func errorResponse(_ error: any Error, for request: Request, context: Context) async -> Response {
        // This middleware runs before the session is read, so it works out the reader itself. A
        // request without a session of ours (none, or a value this server did not issue) gets a
        // fresh one with the refusal, so that the next form it sends can succeed.
        let session = signer.ours(in: request)
        let reader = Reader(strings: renderer.strings(context.language), csrf: session ?? signer.issue(), path: Route.board.path)
        let refusal: Refusal
        if let known = Refusal(error, reader.strings) {
            refusal = known
        } else {
            // Unknown errors are logged in full and shown as a plain 500: their text is for us, not the person.
            context.logger.error("unexpected error answering \(request.method) \(request.uri.path): \(String(reflecting: error))")
            refusal = Refusal(status: .internalServerError, code: "internal", message: reader.strings("error.internal"))
        }
        // Requests refused at the door learn nothing about the board, not even its revision.
        let atTheDoor: Bool = switch error as? WebError {
        case .misdirected, .crossSite, .unauthorized, .tooManyGuesses: true
        default: false
        }
        // Nor does a request the database could not answer: asking it again would only wait again.
        let databaseAway = error is StoreUnavailable
        // Nor one that was served without access (an open path while a token is set, or refused
        // before the guard let it in): the revision would let anyone watch the board's activity.
        let mayKnowTheBoard = context.boardAccess.isGranted && !atTheDoor
        let json: Answer.Form = { [store] in
            try refusal.json(revision: mayKnowTheBoard && !databaseAway ? try? await store.revision() : nil)
        }
        var answer: Answer
        if case WebError.unauthorized(let next) = error, request.method == .get {
            // People are sent to the login form; scripts get a 401 that says how to authenticate.
            answer = .redirect(to: Route.loginPath(next: next), json: json)
        } else {
            answer = Answer(page: { try errorPage(refusal, for: request, reader: reader, databaseAway: databaseAway) }, json: json)
            if session == nil, !atTheDoor, let token = reader.csrf { answer = answer.setting(SessionSigner.cookie(token)) }
        }
        do {
            let response = try await answer.response(to: request)
            if databaseAway { context.logger.warning("answered 503: \(error)") }
            return response
        } catch {
            context.logger.error("could not draw the error page: \(String(reflecting: error))")
            return Response(status: refusal.status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: .init(string: refusal.message)))
        }
    }

    /// The page that says what was refused and how to get back, with the refusal's headers.
    private func errorPage(_ refusal: Refusal, for request: Request, reader: Reader, databaseAway: Bool) throws -> Response {
        let heading = databaseAway ? "error.heading.away" : Self.heading(for: refusal.status)
        var page = ErrorPage(status: Int(refusal.status.code), heading: reader.strings(heading), message: refusal.message)
        // A page the database could not answer is tried again, by the person or by itself: the
        // same address (a GET only, and only a path on this board). Other 503s (too many live
        // streams) are not the database's and do not reload.
        if databaseAway, request.method == .get,
           case let location = request.uri.description, location.hasPrefix("/"), !location.hasPrefix("//") {
            page.retry = .init(location: location, seconds: Self.retrySeconds, note: reader.strings("error.retrying", ["seconds": Self.retrySeconds]))
        }
        var response = try renderer.response(page, for: reader, status: refusal.status)
        response.headers.append(contentsOf: refusal.headers)
        return response
    }

    /// How often a page the database could not answer reloads itself.
    static let retrySeconds = 5

    /// The catalog key of the page's heading.
    private static func heading(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "error.heading.notFound"
        case .forbidden, .misdirectedRequest: "error.heading.notAllowed"
        case .unauthorized: "error.heading.locked"
        case .contentTooLarge: "error.heading.tooLarge"
        case .internalServerError: "error.heading.broken"
        default: "error.heading.other"
        }
    }
}

extension HTTPField.Name {
    static let csrfToken = Self("X-CSRF-Token")!
    static let boardRevision = Self("X-Board-Revision")!
    static let requestID = Self("X-Request-ID")!
    /// What the sanitizer removed from submitted notes, as the sentence a person would read.
    static let notesCleaned = Self("X-Notes-Cleaned")!
}
