import HTTPTypes
import Hummingbird

/// The localhost threat model, in front of every route:
///
/// - a `Host` that is not one of ours is refused, so a page whose DNS name was rebound to
///   127.0.0.1 cannot talk to the board (DNS rebinding);
/// - a state-changing request whose `Origin` (or, without one, `Referer`) is another site is
///   refused, even with a form-shaped body (cross-site request forgery, second line of defence
///   behind the CSRF token);
/// - only GET, HEAD and POST are answered;
/// - when an access token is configured, every request must carry it, except the login page and
///   the files it needs.
struct LocalhostGuardMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    static let accessCookie = "pb_access"
    /// Reachable without the access token: what the login page needs, and the liveness probe.
    static let openPaths: Set<String> = ["/login", "/healthz", "/board.css", "/favicon.svg"]
    /// Static files the login page loads, at any version of `/assets/VERSION/NAME`.
    static let openAssets: Set<String> = ["board.css", "favicon.svg"]

    /// Whether `path` may be fetched before logging in.
    static func isOpen(_ path: String) -> Bool {
        if openPaths.contains(path) { return true }
        guard let (name, _) = StaticFilesMiddleware.name(in: path, version: "") else { return false }
        return openAssets.contains(name)
    }

    let hostNames: Set<String>
    let accessToken: String?
    let sessions: AccessSessions

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority.flatMap(Self.hostName), hostNames.contains(host) else {
            throw WebError.misdirected
        }
        guard [.get, .head, .post].contains(request.method) else { throw WebError.methodNotAllowed }
        if request.method == .post, let source = Self.sourceOrigin(request) {
            let authority = request.head.authority?.lowercased() ?? ""
            guard source == "http://\(authority)" || source == "https://\(authority)" else { throw WebError.crossSite }
        }
        if let accessToken, !Self.isOpen(request.uri.path), !carries(accessToken, request) {
            throw WebError.unauthorized(next: request.method == .get ? request.uri.description : "/")
        }
        return try await next(request, context)
    }

    /// The host part of a `Host` header, lower-cased, without the port; IPv6 keeps its brackets.
    static func hostName(_ authority: String) -> String? {
        let lowered = authority.lowercased()
        if lowered.hasPrefix("[") {
            guard let end = lowered.firstIndex(of: "]") else { return nil }
            return String(lowered[...end])
        }
        return lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
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
    func carries(_ token: String, _ request: Request) -> Bool {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            return SessionToken.matches(header.dropFirst("bearer ".count), token)
        }
        if let cookie = request.cookies[Self.accessCookie]?.value {
            return sessions.isOpen(cookie)
        }
        return false
    }
}
