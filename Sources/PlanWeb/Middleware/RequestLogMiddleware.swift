import Hummingbird
import Logging

/// One log line per request, tagged with its request id, which the response also carries
/// (`X-Request-ID`) so a person reporting a problem can point at the line.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        var response = try await next(request, context)
        let elapsed = start.duration(to: clock.now)
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        response.headers[.requestID] = context.id
        // Only the path: query strings may carry a `next` or other values nobody needs in a log.
        context.logger.info(
            "\(request.method) \(request.uri.path) \(response.status.code)",
            metadata: ["status": "\(response.status.code)", "ms": "\((milliseconds * 100).rounded() / 100)"])
        return response
    }
}
