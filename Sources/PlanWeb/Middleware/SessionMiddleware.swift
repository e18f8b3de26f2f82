import HTTPTypes
import Hummingbird

/// Gives every browser a session: the cookie `pb_session` holding a token this server signed
/// (`SessionSigner`). A request without one — or with a value the server did not issue — gets a
/// fresh token, sent back as the cookie with the response. The cookie is `SameSite=Lax`, so that
/// following a link to the board from elsewhere keeps the session (and open tabs' forms valid).
/// The token is what every form carries back (`CSRFMiddleware`).
struct SessionMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    static let cookieName = "pb_session"

    let signer: SessionSigner

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        // Only a token this server issued counts; any other value is replaced by a fresh one.
        let cookie = signer.ours(in: request)
        context.csrfToken = cookie ?? signer.issue()
        context.isNewSession = cookie == nil
        var response = try await next(request, context)
        if context.isNewSession { response.setCookie(SessionSigner.cookie(context.csrfToken)) }
        // More than one came: copies planted at longer paths on the way here are cleared, so that
        // the browser stops sending them.
        if SessionSigner.sessionValues(in: request).count > 1 {
            for cookie in SessionSigner.clearingCopies(on: request.uri.path) { response.setCookie(cookie) }
        }
        return response
    }
}
