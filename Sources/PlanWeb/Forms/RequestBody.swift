import HTTPTypes
import Hummingbird

/// Reads a request's body once, within its size and time limits, into the context: the raw bytes
/// (`context.body`) and, by the content type, its fields (`context.form`) and uploaded files
/// (`context.files`).
struct RequestBody {
    let limit: @Sendable (Request) -> Int
    /// How long a body may take to arrive: the connection's idle timeout resets on every chunk,
    /// so without this a client trickling a byte at a time could hold a request open for hours.
    let timeout: Duration

    /// Reads the body within the limit and, by its content type, its fields and files.
    func read(_ request: inout Request, into context: inout PlanRequestContext) async throws {
        let limit = self.limit(request)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw WebError.tooLarge(limit: limit)
        }
        let body: ByteBuffer
        do {
            body = try await withDeadline(timeout) { [request] in
                var request = request
                return try await request.collectBody(upTo: limit)
            }
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw WebError.tooLarge(limit: limit)
        }
        request.body = .init(buffer: body)
        context.body = body
        let bytes = body.readableBytesView
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if bytes.isEmpty { return }
        if type.hasPrefix("application/x-www-form-urlencoded") {
            context.form = try FormFields.urlEncoded(bytes)
        } else if type.hasPrefix("multipart/form-data") {
            guard let boundary = MultipartForm.boundary(in: request.headers[.contentType] ?? "") else {
                throw WebError.badRequest(.noBoundary)
            }
            (context.form, context.files) = try MultipartForm.parse(body, boundary: boundary)
        } else if type.hasPrefix("application/json") {
            // A nested document (an import) is not a form; routes that want fields say so then.
            do {
                context.form = try FormFields.json(bytes)
            } catch {
                context.formProblem = error
            }
        } else {
            throw WebError.unsupportedMediaType(type.isEmpty ? "no content type" : type)
        }
    }
}

/// Runs `work`, giving up with `WebError.timeout` after `limit`.
func withDeadline<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw WebError.timeout
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
