import HTTPTypes
import Hummingbird

/// The outermost middleware: the security headers on every response — pages, JSON, static files,
/// errors and refusals alike. Only this server's own scripts, styles and forms may run or be sent
/// (note images may come from https sites); nothing is sniffed, framed or told where it came from.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' https:",
        "connect-src 'self'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'",
    ].joined(separator: "; ")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.xFrameOptions] = "DENY"
        return response
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
}
