import HTTPTypes

/// Refusals that belong to HTTP itself rather than to the board's rules.
public enum WebError: Error, Equatable, Sendable {
    /// No valid CSRF token: the form is stale or came from another site.
    case forbidden
    case tooLarge(limit: Int)
    case badRequest(BadRequest)
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
    /// The server is at a limit it keeps for its own health: too many live streams open.
    case tooManyStreams
    /// An import waiting for review is gone: done already, or kept past its hour.
    case uploadGone
    /// This client has got the access token wrong too often lately; its token is not even checked
    /// until `retryAfter` has passed.
    case tooManyGuesses(retryAfter: Duration)
    /// As many exports and imports as the server runs at once are under way already.
    case heavyRequestsBusy(retryAfter: Duration)

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
        case .tooManyStreams: .serviceUnavailable
        case .uploadGone: .notFound
        case .tooManyGuesses: .tooManyRequests
        case .heavyRequestsBusy: .serviceUnavailable
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
        case .tooManyStreams: "busy"
        case .uploadGone: "not_found"
        case .tooManyGuesses: "too_many_guesses"
        case .heavyRequestsBusy: "busy"
        }
    }
}

/// Why a request's body could not be read (what a browser never sends, but a broken client might).
public enum BadRequest: Equatable, Sendable {
    case noBoundary
    case tooManyFields(limit: Int)
    case notAFlatJSONObject
    case badPercentEncoding
    case invalidUTF8
    case malformedMultipart
    case tooManyParts(limit: Int)
    case unterminatedPartHeaders
    case truncated
    case fieldNotUTF8(name: String)
    case partWithoutName
    /// The `Host` header is not a host name with an optional port, or there are two.
    case malformedHost
    /// The request line names a whole address (`GET http://…/`), as a proxy is asked, not a path.
    case absoluteTarget
    /// `Transfer-Encoding` other than exactly `chunked` (`gzip, chunked`).
    case transferCoding
}
