import HTTPTypes
import Hummingbird

/// Refuses every state-changing request that does not echo the session's token (403).
///
/// This is the double-submit pattern: a page from this server carries the token in every form
/// (field `csrf`) and scripts send it as `X-CSRF-Token`; another site can neither read the cookie
/// nor the page, so it cannot forge the match, and a cookie planted by another service on this
/// host is not one the server signed (`SessionMiddleware` replaces it). The body is read here,
/// once (`RequestBody`), since the field is in it.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    static let headerName = HTTPField.Name.csrfToken

    let signer: SessionSigner
    let body: RequestBody

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !Self.isSafe(request.method) else { return try await next(request, context) }
        var request = request
        var context = context
        // Refused before the body is read when the answer is already known: no cookie of ours
        // (a cross-site form post comes without one, the cookie being SameSite; a planted one
        // does not verify, and `SessionMiddleware` made a new session) or a wrong header token.
        // The error page gives a fresh cookie.
        guard !context.isNewSession else { throw WebError.forbidden }
        let cookie = context.csrfToken
        let header = request.headers[Self.headerName]
        if let header, !RandomToken.matches(header, cookie) { throw WebError.forbidden }
        // A body of megabytes (an import) is given back to the system once the request is done,
        // refused or not (a body refused as too large part way has been held all the same).
        let declared = request.headers[.contentLength].flatMap { Int($0) } ?? 0
        defer { if declared >= MemoryTrim.threshold || context.body.readableBytes >= MemoryTrim.threshold { MemoryTrim.soon() } }
        try await body.read(&request, into: &context)
        guard let sent = header ?? context.form["csrf"], RandomToken.matches(sent, cookie) else { throw WebError.forbidden }
        // Changes are owned (for undo) by a keyed hash of the session, worked out only for them.
        context.sessionOwner = signer.owner(of: cookie)
        return try await next(request, context)
    }

    static func isSafe(_ method: HTTPRequest.Method) -> Bool {
        method == .get || method == .head
    }
}
