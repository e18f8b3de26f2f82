import Hummingbird

/// Per-request state: the session's CSRF token and the parsed form, filled in by `SessionMiddleware`.
public struct PlanRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The token every form on the page must send back; equal to the session cookie.
    var csrfToken = ""
    /// Whether the token was made for this request (no valid cookie came with it).
    var isNewSession = false
    /// The language pages and messages are written in (see `Language.init(_:)`).
    var language = Language.english
    /// The body of a POST as received, within the size limit (the import route reads it whole).
    var body = ByteBuffer()
    /// The body's fields, when it is a form (or a flat JSON object).
    var form = FormFields()
    /// Files uploaded with a multipart form.
    var files: [UploadedFile] = []
    /// Why the body could not be read as fields, for routes that need fields.
    var formProblem: WebError?

    /// The submitted fields; refuses a body that is not a form the route can read.
    func fields() throws(WebError) -> FormFields {
        if let formProblem { throw formProblem }
        return form
    }

    public init(source: Source) {
        coreContext = .init(source: source)
    }
}
