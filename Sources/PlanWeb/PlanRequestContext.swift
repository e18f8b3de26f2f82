import Hummingbird

/// Per-request state: the session's CSRF token and the parsed form, filled in by `SessionMiddleware`.
public struct PlanRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The token every form on the page must send back; equal to the session cookie.
    var csrfToken = ""
    /// Whether the token was made for this request (no valid cookie came with it).
    var isNewSession = false
    /// The body of a POST, already read and checked.
    var form = FormFields()

    public init(source: Source) {
        coreContext = .init(source: source)
    }
}
