import CompressNIO
import HTTPTypes
import Hummingbird
import NIOCore

/// Gzips pages and JSON for clients that accept it, with zlib through CompressNIO.
///
/// Only bodies of known length (everything but the live-update stream) between 1 KB and 16 MB are
/// compressed; static files come already compressed from `StaticFilesMiddleware`. A compressed
/// answer's entity tag is made weak, as one representation of the same page.
struct CompressionMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    /// zlib's level: 1–9, faster to smaller. Pages are drawn per request, so speed matters more
    /// than the last few per cent: on a board of 300 realistic tasks level 2 gives 21.6 KB in about
    /// 0.5 ms, level 6 17.9 KB in 1.5 ms (see the README's performance section).
    var level: Int32 = pageLevel
    static let smallest = 1024
    static let largest = 16 << 20
    static let compressible = ["text/html", "application/json", "text/plain", "text/css", "text/javascript", "image/svg+xml"]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard Self.worthCompressing(response), request.method != .head else { return response }
        // The answer differs by Accept-Encoding whether or not this client gets it compressed.
        response.vary(on: "Accept-Encoding")
        guard Self.acceptsGzip(request) else { return response }
        let compressed = try Self.gzip(try await Self.collect(response.body), level: level)
        Self.answerGzipped(&response, with: compressed)
        return response
    }

    /// Whether this middleware gzips `response` for `request`: a body worth it, not for HEAD, and a
    /// client that accepts gzip. For an answer that brings its gzipped bytes along (a kept page).
    static func gzips(_ response: Response, for request: Request) -> Bool {
        worthCompressing(response) && request.method != .head && acceptsGzip(request)
    }

    private static func acceptsGzip(_ request: Request) -> Bool {
        AcceptEncoding(request.headers[values: .acceptEncoding]).allowsGzip
    }

    /// zlib's level for pages: see `level`.
    static let pageLevel: Int32 = 2

    /// `body` gzipped at `level`.
    static func gzip(_ body: ByteBuffer, level: Int32 = pageLevel) throws -> ByteBuffer {
        var body = body
        return try body.compress(with: .gzip, configuration: .init(compressionLevel: level))
    }

    /// Makes `response` carry `compressed` (its body gzipped), as this middleware answers: the
    /// encoding, the length, and a weak entity tag (one representation of the same page).
    static func answerGzipped(_ response: inout Response, with compressed: ByteBuffer) {
        response.vary(on: "Accept-Encoding")
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = String(compressed.readableBytes)
        if let tag = response.headers[.eTag], !tag.hasPrefix("W/") { response.headers[.eTag] = "W/" + tag }
        response.body = .init(byteBuffer: compressed)
    }

    static func worthCompressing(_ response: Response) -> Bool {
        guard response.headers[.contentEncoding] == nil, response.status != .notModified, response.status != .noContent,
              let length = response.body.contentLength, length >= smallest, length <= largest,
              let type = response.headers[.contentType]?.lowercased()
        else { return false }
        return compressible.contains { type.hasPrefix($0) }
    }

    /// The whole body in one buffer.
    private static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let sink = Sink(capacity: body.contentLength ?? 0)
        try await body.write(CollectingWriter(sink: sink))
        return sink.buffer
    }

    private final class Sink: @unchecked Sendable {
        // Written by one task, through the writer below, before it is read.
        var buffer: ByteBuffer

        init(capacity: Int) {
            buffer = ByteBufferAllocator().buffer(capacity: capacity)
        }
    }

    private struct CollectingWriter: ResponseBodyWriter {
        let sink: Sink

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            sink.buffer.writeBuffer(&buffer)
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
