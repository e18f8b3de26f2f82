import Hummingbird
import PlanStore

/// Gives each request one `DatabaseWait`: however many calls to the store it makes, a request
/// waits at most `DatabaseWait.perRequest` in all for the database before it is answered 503
/// (error pages included, so this sits outside the error middleware).
struct DatabaseWaitMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await DatabaseWait.$current.withValue(DatabaseWait(DatabaseWait.perRequest)) {
            try await next(request, context)
        }
    }
}
