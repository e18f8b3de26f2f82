import Hummingbird
import Synchronization

/// At most `limit` exports and imports at once: each holds the whole board or a whole upload in
/// memory, so twenty unread exports of a 25 MB board once held 1.1 GB. One more is refused with
/// 503 and `Retry-After` before its body is read (it sits in front of `CSRFMiddleware`), and a
/// place is held until the answer has been written — an export's body streams out after the
/// handler returned — or dropped unsent.
struct HeavyRequestGate: RouterMiddleware {
    typealias Context = PlanRequestContext

    let places: Places
    /// What a refused client is told to wait: an export or import takes seconds, not minutes.
    static let retryAfter: Duration = .seconds(5)

    init(limit: Int) {
        places = Places(limit: limit)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.isHeavy(request) else { return try await next(request, context) }
        guard let place = places.take() else { throw WebError.heavyRequestsBusy(retryAfter: Self.retryAfter) }
        var response = try await next(request, context)
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            defer { place.release() }
            try await body.write(writer)
        }
        return response
    }

    /// `GET /export` and every import (the upload, a review's confirmation, and taking one back).
    static func isHeavy(_ request: Request) -> Bool {
        let path = request.uri.path
        switch request.method {
        case .get, .head: return path == Route.export.path
        case .post: return path == Route.import.path || Route.Name.importReview.matches(path) || Route.Name.importUndo.matches(path)
        default: return false
        }
    }

    /// A fixed number of places; taking one is a single step, and a place goes back with the last
    /// reference to it.
    final class Places: Sendable {
        private let held = Mutex<Int>(0)
        let limit: Int

        init(limit: Int) {
            self.limit = limit
        }

        var inUse: Int { held.withLock { $0 } }

        func take() -> Place? {
            let taken = held.withLock { count -> Bool in
                guard count < limit else { return false }
                count += 1
                return true
            }
            return taken ? Place(self) : nil
        }

        final class Place: Sendable {
            private let returned = Atomic<Bool>(false)
            private let places: Places

            fileprivate init(_ places: Places) {
                self.places = places
            }

            /// Gives the place back; only the first call counts.
            func release() {
                if !returned.exchange(true, ordering: .acquiringAndReleasing) {
                    places.held.withLock { $0 -= 1 }
                }
            }

            deinit { release() }
        }
    }
}
