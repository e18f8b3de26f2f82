import HTTPTypes
import Hummingbird

/// Gives every browser a session cookie and refuses any state-changing request that does not echo it.
///
/// This is the double-submit pattern: a page from this server carries the token in every form
/// (field `csrf`) and scripts send it as `X-CSRF-Token`; another site can neither read the cookie
/// nor the page, so it cannot forge the match. The cookie is `SameSite=Lax` so that following a
/// link to the board from elsewhere keeps the session (and the open tabs' forms stay valid).
///
/// It also reads the body of every POST once, within the size limit, into `context.form`.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    static let cookieName = "pb_session"
    static let headerName = HTTPField.Name.csrfToken

    let tokens: SessionTokens
    let bodyLimit: @Sendable (Request) -> Int
    /// How long a body may take to arrive: the connection's idle timeout resets on every chunk,
    /// so without this a client trickling a byte at a time could hold a request open for hours.
    let bodyTimeout: Duration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        var context = context
        // Only a token this server issued counts; any other value is replaced by a fresh one.
        let cookie = tokens.ours(in: request)
        context.csrfToken = cookie ?? tokens.issue()
        context.isNewSession = cookie == nil
        context.sessionOwner = tokens.owner(of: context.csrfToken)
        context.language = Language(request)

        if !Self.isSafe(request.method) {
            // Refused before the body is read when the answer is already known: no cookie of ours
            // (a cross-site form post comes without one, the cookie being SameSite; a planted one
            // does not verify) or a wrong header token. The error page gives a fresh cookie.
            guard let cookie else { throw WebError.forbidden }
            let header = request.headers[Self.headerName]
            if let header, !SessionToken.matches(header, cookie) { throw WebError.forbidden }
            try await readBody(&request, into: &context)
            guard let sent = header ?? context.form["csrf"], SessionToken.matches(sent, cookie) else { throw WebError.forbidden }
        }

        // A body of megabytes (an import) is given back to the system once the request is done.
        defer { if context.body.readableBytes >= MemoryTrim.threshold { MemoryTrim.soon() } }
        var response = try await next(request, context)
        if context.isNewSession { response.setCookie(SessionTokens.cookie(context.csrfToken)) }
        return response
    }

    static func isSafe(_ method: HTTPRequest.Method) -> Bool {
        method == .get || method == .head
    }

    /// Reads the body within the limit and, by its content type, its fields and files.
    private func readBody(_ request: inout Request, into context: inout Context) async throws {
        let limit = bodyLimit(request)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw WebError.tooLarge(limit: limit)
        }
        let body: ByteBuffer
        do {
            body = try await withDeadline(bodyTimeout) { [request] in
                var request = request
                return try await request.collectBody(upTo: limit)
            }
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw WebError.tooLarge(limit: limit)
        }
        request.body = .init(buffer: body)
        context.body = body
        let bytes = body.readableBytesView
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if bytes.isEmpty { return }
        if type.hasPrefix("application/x-www-form-urlencoded") {
            context.form = try FormFields.urlEncoded(bytes)
        } else if type.hasPrefix("multipart/form-data") {
            guard let boundary = MultipartForm.boundary(in: request.headers[.contentType] ?? "") else {
                throw WebError.badRequest(.noBoundary)
            }
            (context.form, context.files) = try body.withUnsafeReadableBytes { raw throws(WebError) in
                try MultipartForm.parse(raw, boundary: boundary)
            }
        } else if type.hasPrefix("application/json") {
            // A nested document (an import) is not a form; routes that want fields say so then.
            do {
                context.form = try FormFields.json(bytes)
            } catch {
                context.formProblem = error
            }
        } else {
            throw WebError.unsupportedMediaType(type.isEmpty ? "no content type" : type)
        }
    }
}

/// Runs `work`, giving up with `WebError.timeout` after `limit`.
func withDeadline<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw WebError.timeout
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
