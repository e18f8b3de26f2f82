import Hummingbird
import NIOCore

/// Per-request state: the session's CSRF token (`SessionMiddleware`), and for a POST its parsed
/// form and the owner of its changes (`CSRFMiddleware`).
public struct PlanRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The token every form on the page must send back; equal to the session cookie.
    var csrfToken = ""
    /// Whether the token was made for this request (no cookie of ours came with it).
    var isNewSession = false
    /// Who owns this session's changes, for undo (`SessionSigner.owner(of:)`).
    var sessionOwner = ""
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

    /// The connection the request came on (nil in tests that use no server).
    let channel: (any Channel)?
    /// Who sent it, as the limiter of token guesses counts clients: the peer's address, or the
    /// address a trusted proxy says it forwarded for (`ClientMiddleware`).
    var client = "unknown"
    /// Whether the person reached the board over https (through a proxy that says so, or one the
    /// server was told is always there); cookies are then marked `Secure`.
    var isHTTPS = false
    /// Whether this request may learn anything about the board (its revision too): set by
    /// `LocalhostGuardMiddleware` once it passed every check; read by `ErrorMiddleware`, which
    /// runs outside it and so sees only what a shared reference carries back.
    let boardAccess = BoardAccess()

    public init(source: Source) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
