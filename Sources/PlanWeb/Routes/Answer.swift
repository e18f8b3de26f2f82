import Hummingbird

/// One answer to a request, in both forms PlanBoard answers in: for a person's browser a page or
/// a redirect, for a script (`Accept: application/json`) JSON. A handler states both once;
/// `response(to:)` alone chooses between them, by the request's `Accept`, and works out only the
/// form it chose, so no page is drawn for a script.
///
/// It is not a Hummingbird `ResponseGenerator`, which turns a value into a response after the
/// handler's work is done and without waiting: here the form chosen decides what work is done (a
/// script's import is stored at once where a person's may be reviewed first; a refused change reads
/// the whole board for a page, only its revision for a script). The routes resolve it where they
/// are registered (`RouterMethods+Route.swift`), and `ErrorMiddleware` resolves its refusals the same way.
struct Answer {
    /// One form of the answer, worked out when it is the one sent.
    typealias Form = () async throws -> Response

    private let page: Form
    private let json: Form?
    private var cookies: [Cookie] = []

    /// `page` for people and `json` for scripts; without `json`, scripts get the page too (a route
    /// only a person uses, such as a task's choices without JavaScript).
    init(page: @escaping Form, json: Form? = nil) {
        self.page = page
        self.json = json
    }

    /// POST → 303 → GET for people, so a reload never repeats the post; `json` for scripts.
    static func redirect(to location: String, json: @escaping Form) -> Answer {
        Answer(page: { .seeOther(location) }, json: json)
    }

    /// The same answer, also setting `cookie` whichever form is sent (what a browser chose or did
    /// is the browser's, whether a page or a script asked).
    func setting(_ cookie: Cookie) -> Answer {
        var answer = self
        answer.cookies.append(cookie)
        return answer
    }

    /// The form the request asks for: JSON when its `Accept` names it (the one place PlanBoard reads
    /// `Accept`), else the page.
    func response(to request: Request) async throws -> Response {
        let wantsJSON = request.headers[.accept]?.contains("application/json") ?? false
        let form = if let json, wantsJSON { json } else { page }
        var response = try await form()
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }
}

extension Response {
    /// A JSON answer, written as `JSONFormat` writes every JSON the app sends; never stored by caches.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        fields.append(contentsOf: headers)
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: try JSONFormat.encode(value))))
    }

    /// POST → 303 → GET: the browser follows with a GET, so a reload never repeats the post.
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
