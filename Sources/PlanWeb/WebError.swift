import HTTPTypes

/// Refusals that belong to HTTP itself rather than to the board's rules.
public enum WebError: Error, Equatable, Sendable {
    /// No valid CSRF token: the form is stale or came from another site.
    case forbidden
    case tooLarge(limit: Int)
    case badRequest(String)
    case notFound
    case unsupportedMediaType(String)

    var status: HTTPResponse.Status {
        switch self {
        case .forbidden: .forbidden
        case .tooLarge: .contentTooLarge
        case .badRequest: .badRequest
        case .notFound: .notFound
        case .unsupportedMediaType: .unsupportedMediaType
        }
    }

    var code: String {
        switch self {
        case .forbidden: "csrf"
        case .tooLarge: "too_large"
        case .badRequest: "bad_request"
        case .notFound: "not_found"
        case .unsupportedMediaType: "unsupported_media_type"
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
        }
    }
}
