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
        router.get(.login, answer: show)
        router.post(.login, answer: login)
        router.post(.logout, answer: logout)
    }

    @Sendable func show(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        Answer(page: {
            try deps.page(LoginPage(csrf: context.csrfToken, next: Self.safeNext(request.uri.queryParameters["next"].map(String.init)), error: nil), request, context)
        })
    }

    @Sendable func login(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let form = LoginForm(try context.fields())
        let next = form.next
        switch limiter.check(context.client, { form.token.map { RandomToken.matches($0, accessToken) } ?? false }) {
        case .right:
            break
        case .wrong:
            try await Task.sleep(for: Self.failurePause)
            return Answer(page: {
                let page = LoginPage(csrf: context.csrfToken, next: next, error: deps.strings(context)("login.wrong"))
                return try deps.page(page, request, context, status: .unauthorized)
            })
        case .refused:
            // The form again, with the status and `Retry-After` of the refusal it is.
            let refusal = Refusal(WebError.tooManyGuesses(retryAfter: limiter.budget.window), deps.strings(context))
            return Answer(page: {
                let page = LoginPage(csrf: context.csrfToken, next: next, error: deps.strings(context)("login.tooMany"))
                var response = try deps.page(page, request, context, status: refusal.status)
                response.headers.append(contentsOf: refusal.headers)
                return response
            })
        }
        return Answer(page: { .seeOther(next) })
            .setting(Cookie(
                name: LocalhostGuardMiddleware.accessCookie, value: sessions.open(), maxAge: 30 * 24 * 60 * 60,
                path: "/", httpOnly: true, sameSite: .strict))
    }

    /// Ends this browser's login and sends it to the login form.
    @Sendable func logout(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        if let cookie = request.cookies[LocalhostGuardMiddleware.accessCookie]?.value { sessions.close(cookie) }
        return Answer.redirect(to: Route.login.path) { try .json(["loggedOut": true]) }
            .setting(Cookie(
                name: LocalhostGuardMiddleware.accessCookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
    }

    /// Only a path on this site: an open redirect would let another site bounce people through the login.
    /// Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.example` would
    /// become `//evil.example`: only visible ASCII other than `\` is accepted at all.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"),
              next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" })
        else { return Route.board.path }
        return next
    }
}
