import HTTPTypes
import Hummingbird

/// The localhost threat model, in front of every route:
///
/// - a `Host` that is not one of ours is refused, so a page whose DNS name was rebound to
///   127.0.0.1 cannot talk to the board (DNS rebinding);
/// - a state-changing request whose `Origin` (or, without one, `Referer`) is another site is
///   refused, even with a form-shaped body (cross-site request forgery, second line of defence
///   behind the CSRF token);
/// - a target that is not a path, or a transfer coding besides `chunked`, is refused (`RequestHeadCheck`);
/// - only GET, HEAD and POST are answered;
/// - when an access token is configured, every request must carry it, except the login page and
///   the files it needs.
struct LocalhostGuardMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    static let accessCookie = "pb_access"
    /// Reachable without the access token: what the login page needs (its language switch too,
    /// which only sets a cookie), and the liveness probe.
    static let openPaths = Set([Route.login, .logout, .language, .healthz].map(\.path) + openAssets.map { "/" + $0 })
    /// Static files the login page loads, at `/NAME` and at any version of `/assets/VERSION/NAME`.
    static let openAssets: Set<String> = ["board.css", "favicon.svg", "page.js"]

    /// Whether `path` may be fetched before logging in.
    static func isOpen(_ path: String) -> Bool {
        if openPaths.contains(path) { return true }
        guard let (name, _) = StaticFilesMiddleware.name(in: path, version: "") else { return false }
        return openAssets.contains(name)
    }

    let hostNames: Set<String>
    let accessToken: String?
    let sessions: AccessSessions
    let limiter: TokenLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A second Host header (the first became the authority) could be read by something behind
        // us as the real one: a request with two is not well-formed.
        if !request.headers[values: .host].isEmpty { throw WebError.badRequest(.malformedHost) }
        // What the HTTP/1 head said that the request no longer shows (`RequestHeadCheck`).
        switch request.headers[.headProblem].flatMap(RequestHeadCheck.Problem.init(rawValue:)) {
        case .absoluteTarget: throw WebError.badRequest(.absoluteTarget)
        case .transferCoding: throw WebError.badRequest(.transferCoding)
        case nil: break
        }
        guard let authority = request.head.authority, !authority.isEmpty else { throw WebError.misdirected }
        guard let host = Self.hostName(authority) else { throw WebError.badRequest(.malformedHost) }
        guard hostNames.contains(host) else { throw WebError.misdirected }
        guard [.get, .head, .post].contains(request.method) else { throw WebError.methodNotAllowed }
        if request.method == .post, let source = Self.sourceOrigin(request), !Self.isThisBoard(source, request) { throw WebError.crossSite }
        if let accessToken {
            if !Self.isOpen(request.uri.path) {
                guard try await carries(accessToken, request, from: context.client) else {
                    throw WebError.unauthorized(next: request.method == .get ? request.uri.description : Route.board.path)
                }
            } else if let cookie = request.cookies[Self.accessCookie]?.value, sessions.isOpen(cookie) {
                // An open path counts as the board's only with a login: a bearer token is not
                // checked here, where a wrong one would be a guess the limiter never saw.
            } else {
                return try await next(request, context)
            }
        }
        context.boardAccess.grant()
        return try await next(request, context)
    }

    /// The host part of a `Host` header, lower-cased, without the port; IPv6 keeps its brackets.
    /// Nil when the header is not a host with an optional port of 1 to 65535 ("127.0.0.1:abc",
    /// "127.0.0.1:8080.evil", "[::1]evil" and "host:" are not).
    static func hostName(_ authority: String) -> String? {
        let lowered = authority.lowercased()
        let host: Substring
        let rest: Substring
        if lowered.hasPrefix("[") {
            guard let end = lowered.firstIndex(of: "]") else { return nil }
            host = lowered[...end]
            rest = lowered[lowered.index(after: end)...]
        } else if let colon = lowered.firstIndex(of: ":") {
            host = lowered[..<colon]
            rest = lowered[colon...]
        } else {
            host = lowered[...]
            rest = ""
        }
        guard !host.isEmpty else { return nil }
        if !rest.isEmpty {
            let port = rest.dropFirst()
            guard rest.first == ":", (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), (1...65535).contains(number)
            else { return nil }
        }
        return String(host)
    }

    /// Whether `origin` (lower-cased) is the board the request was sent to, over http or https.
    static func isThisBoard(_ origin: String, _ request: Request) -> Bool {
        let authority = request.head.authority?.lowercased() ?? ""
        return origin == "http://\(authority)" || origin == "https://\(authority)"
    }

    /// Where the request says it came from: `Origin`, or the origin part of `Referer`; nil if neither is sent.
    static func sourceOrigin(_ request: Request) -> String? {
        if let origin = request.headers[.origin] { return origin.lowercased() }
        guard let referer = request.headers[.referer]?.lowercased(),
              let schemeEnd = referer.range(of: "://")
        else { return nil }
        let rest = referer[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(referer[..<schemeEnd.upperBound]) + authority
    }

    /// Whether the request carries the access token as a bearer header, or the cookie of a login.
    /// A bearer token is checked only if the client may still guess (`TokenLimiter`), and a wrong
    /// one is counted and answered after the same pause as a wrong login.
    func carries(_ token: String, _ request: Request, from client: String) async throws -> Bool {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            switch limiter.check(client, { RandomToken.matches(header.dropFirst("bearer ".count), token) }) {
            case .right:
                return true
            case .wrong:
                try await Task.sleep(for: AccessController.failurePause)
                return false
            case .refused:
                throw WebError.tooManyGuesses(retryAfter: limiter.budget.window)
            }
        }
        // A login's session id is 256 random bits, not a secret a person chose: it is looked up,
        // not counted (a browser's cookie from before a restart is simply no longer valid).
        if let cookie = request.cookies[Self.accessCookie]?.value {
            return sessions.isOpen(cookie)
        }
        return false
    }
}

extension HTTPField.Name {
    /// A `Host` header left among the fields: only a second one is (the first is the authority).
    static let host = Self("Host")!
    /// Set by `RequestHeadCheck` only (a client's own is dropped).
    static let headProblem = Self(RequestHeadCheck.problemField)!
}
