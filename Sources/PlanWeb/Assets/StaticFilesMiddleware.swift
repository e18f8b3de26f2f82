import Foundation
import HTTPTypes
import Hummingbird

/// Serves `StaticAssets`: `/assets/VERSION/NAME` (cached for a year when VERSION is current) and,
/// for links from outside and old bookmarks, `/NAME` (revalidated on every use). Both carry an
/// entity tag and Last-Modified and answer 304 to a matching conditional request; the gzip copy
/// goes to clients that accept it.
///
/// Only exact names of files that exist are served: anything else (other paths, `%00`, a trailing
/// slash, dot segments) is left to the router, which answers 404.
struct StaticFilesMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    let assets: StaticAssets

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head, let (name, versioned) = Self.name(in: request.uri.path, version: assets.version),
              let file = assets.file(named: name)
        else {
            return try await next(request, context)
        }
        var headers: HTTPFields = [
            .contentType: file.contentType,
            .eTag: file.entityTag,
            .lastModified: HTTPDate.format(file.lastModified),
            .cacheControl: versioned ? "public, max-age=31536000, immutable" : "no-cache",
            .vary: "Accept-Encoding",
        ]
        let gzip = file.gzipped != nil && AcceptEncoding(request.headers[values: .acceptEncoding]).allowsGzip
        if gzip {
            // Each encoding is its own representation, with its own tag.
            headers[.eTag] = file.entityTag.dropLast() + "-gz\""
            headers[.contentEncoding] = "gzip"
        }
        if Self.notModified(request, entityTag: headers[.eTag]!, lastModified: file.lastModified) {
            return Response(status: .notModified, headers: headers)
        }
        let body = gzip ? file.gzipped! : file.body
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// The file name a path asks for, and whether it came with the current version.
    static func name(in path: String, version: String) -> (String, Bool)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        // "/name" → ["", "name"]; "/assets/v/name" → ["", "assets", "v", "name"]
        if parts.count == 2, StaticAssets.servable(String(parts[1])) { return (String(parts[1]), false) }
        if parts.count == 4, parts[1] == "assets", StaticAssets.servable(String(parts[3])) {
            return (String(parts[3]), parts[2] == version)
        }
        return nil
    }

    /// RFC 9110 §13.1.2–3: If-None-Match (compared weakly) wins over If-Modified-Since.
    static func notModified(_ request: Request, entityTag: String, lastModified: Date) -> Bool {
        let matches = request.headers[values: .ifNoneMatch]
        if !matches.isEmpty {
            return EntityTag.anyMatches(matches, entityTag)
        }
        if let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.parse) {
            return lastModified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
        }
        return false
    }
}

/// Entity-tag comparison for If-None-Match: weak comparison, lists, and `*`.
enum EntityTag {
    static func anyMatches(_ headerValues: [String], _ tag: String) -> Bool {
        let wanted = opaque(tag)
        for value in headerValues {
            for candidate in value.split(separator: ",") {
                let trimmed = candidate.trimmingCharacters(in: .whitespaces)
                if trimmed == "*" || opaque(trimmed) == wanted { return true }
            }
        }
        return false
    }

    /// The quoted part of a tag, without the weakness marker.
    private static func opaque(_ tag: some StringProtocol) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}

/// What a client's Accept-Encoding allows.
struct AcceptEncoding {
    let allowsGzip: Bool

    /// Reads `gzip;q=…`, `x-gzip` and `*`, where q=0 means "not this one".
    init(_ headerValues: [String]) {
        var gzip: Double?
        var any: Double?
        for value in headerValues {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let coding = parts.first else { continue }
                var quality = 1.0
                for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                    quality = Double(parameter.dropFirst(2)) ?? 0
                }
                if coding == "gzip" || coding == "x-gzip" { gzip = max(gzip ?? 0, quality) }
                if coding == "*" { any = quality }
            }
        }
        allowsGzip = (gzip ?? any ?? 0) > 0
    }
}

/// The HTTP date format (RFC 9110 §5.6.7), always in GMT.
enum HTTPDate {
    // DateFormatter is not Sendable; every use holds `lock`.
    nonisolated(unsafe) private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()
    private static let lock = NSLock()

    static func format(_ date: Date) -> String {
        lock.withLock { formatter.string(from: date) }
    }

    static func parse(_ text: String) -> Date? {
        lock.withLock { formatter.date(from: text) }
    }
}
