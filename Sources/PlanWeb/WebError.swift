import HTTPTypes

/// Refusals that belong to HTTP itself rather than to the board's rules.
public enum WebError: Error, Equatable, Sendable {
    /// No valid CSRF token: the form is stale or came from another site.
    case forbidden
    case tooLarge(limit: Int)
    case badRequest(String)
    case notFound
    case unsupportedMediaType(String)
    /// The `Host` header names a site that is not this board (DNS rebinding).
    case misdirected
    /// A state-changing request sent by a page from another site.
    case crossSite
    case methodNotAllowed
    /// The access token is missing or wrong; `next` is where to go after logging in.
    case unauthorized(next: String)
    /// The client took too long to send its request.
    case timeout
    /// The server is at a limit it keeps for its own health; the reason says which.
    case busy(String)
    /// An import waiting for review is gone: done already, or kept past its hour.
    case uploadGone

    var status: HTTPResponse.Status {
        switch self {
        case .forbidden: .forbidden
        case .tooLarge: .contentTooLarge
        case .badRequest: .badRequest
        case .notFound: .notFound
        case .unsupportedMediaType: .unsupportedMediaType
        case .misdirected: .misdirectedRequest
        case .crossSite: .forbidden
        case .methodNotAllowed: .methodNotAllowed
        case .unauthorized: .unauthorized
        case .timeout: .requestTimeout
        case .busy: .serviceUnavailable
        case .uploadGone: .notFound
        }
    }

    var code: String {
        switch self {
        case .forbidden: "csrf"
        case .tooLarge: "too_large"
        case .badRequest: "bad_request"
        case .notFound: "not_found"
        case .unsupportedMediaType: "unsupported_media_type"
        case .misdirected: "unknown_host"
        case .crossSite: "cross_site"
        case .methodNotAllowed: "method_not_allowed"
        case .unauthorized: "unauthorized"
        case .timeout: "timeout"
        case .busy: "busy"
        case .uploadGone: "not_found"
        }
    }

    var message: String {
        switch self {
        case .forbidden:
            "This form has expired or came from another site, so nothing was changed. Reload the board and try again."
        case .tooLarge(let limit):
            "The request is larger than \(limit / 1024) KB, so it was not read. Send less at once."
        case .badRequest(let reason):
            reason
        case .notFound:
            "There is no page at this address."
        case .unsupportedMediaType(let type):
            "This server reads forms and JSON, not “\(type)”."
        case .misdirected:
            "This PlanBoard only answers to the addresses it was started for (127.0.0.1, localhost, [::1] and any given with --allowed-host)."
        case .crossSite:
            "This request came from another site, so it was refused. Use PlanBoard's own pages."
        case .methodNotAllowed:
            "PlanBoard answers GET, HEAD and POST only."
        case .unauthorized:
            "This board needs its access token. Log in with the token, or send it as “Authorization: Bearer TOKEN”."
        case .timeout:
            "The request took too long to arrive, so it was dropped. Try again."
        case .busy(let reason):
            reason
        case .uploadGone:
            "This import is no longer waiting: it was done already, or an hour passed. Choose the file again on the import page."
        }
    }
}
