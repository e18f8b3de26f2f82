import Foundation
import Hummingbird

/// The login form for a board served beyond loopback with an access token.
struct AccessController {
    let deps: WebDependencies
    let accessToken: String
    let sessions: AccessSessions
    let limiter: TokenLimiter

    /// A wrong token is answered only after this pause, so guessing over the network stays slow.
    static let failurePause: Duration = .milliseconds(500)

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get("/login", use: show)
        router.post("/login", use: login)
        router.post("/logout", use: logout)
    }

    @Sendable func show(_ request: Request, context: PlanRequestContext) async throws -> Response {
        try deps.renderer.response(
            LoginPage(csrf: context.csrfToken, next: Self.safeNext(request.uri.queryParameters["next"].map(String.init)), error: nil),
            for: deps.reader(request, context))
    }

    @Sendable func login(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let form = LoginForm(try context.fields())
        let next = form.next
        switch limiter.check(context.client, { form.token.map { RandomToken.matches($0, accessToken) } ?? false }) {
        case .right:
            break
        case .wrong:
            try await Task.sleep(for: Self.failurePause)
            let page = LoginPage(csrf: context.csrfToken, next: next, error: deps.strings(context)("login.wrong"))
            return try deps.renderer.response(page, for: deps.reader(request, context), status: .unauthorized)
        case .refused:
            let page = LoginPage(csrf: context.csrfToken, next: next, error: deps.strings(context)("login.tooMany"))
            var response = try deps.renderer.response(page, for: deps.reader(request, context), status: .tooManyRequests)
            response.headers[.retryAfter] = String(limiter.budget.window.components.seconds)
            return response
        }
        var response = Response.seeOther(next)
        response.setCookie(Cookie(
            name: LocalhostGuardMiddleware.accessCookie, value: sessions.open(), maxAge: 30 * 24 * 60 * 60,
            path: "/", httpOnly: true, sameSite: .strict))
        return response
    }

    /// Ends this browser's login and sends it to the login form.
    @Sendable func logout(_ request: Request, context: PlanRequestContext) async throws -> Response {
        if let cookie = request.cookies[LocalhostGuardMiddleware.accessCookie]?.value { sessions.close(cookie) }
        var response: Response = request.wantsJSON ? try .json(["loggedOut": true]) : .seeOther("/login")
        response.setCookie(Cookie(
            name: LocalhostGuardMiddleware.accessCookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
        return response
    }

    /// Only a path on this site: an open redirect would let another site bounce people through the login.
    /// Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.example` would
    /// become `//evil.example`: only visible ASCII other than `\` is accepted at all.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"),
              next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" })
        else { return "/" }
        return next
    }
}
