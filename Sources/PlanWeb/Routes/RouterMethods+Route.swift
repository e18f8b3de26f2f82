import HTTPTypes
import Hummingbird

/// Registering handlers by the route table: a handler is added at its row's pattern, for a method
/// the row lists (anything else is a mistake caught when the router is built), and an `Answer` is
/// sent in the form the request asks for.
extension RouterMethods where Context == PlanRequestContext {
    /// `handler` answers GET (and HEAD) at `route`, as a page or as JSON.
    @discardableResult
    func get(_ route: Route.Name, answer handler: @escaping @Sendable (Request, Context) async throws -> Answer) -> Self {
        on(route, .get, answer: handler)
    }

    /// `handler` answers POST at `route`, as a page (or a redirect) or as JSON.
    @discardableResult
    func post(_ route: Route.Name, answer handler: @escaping @Sendable (Request, Context) async throws -> Answer) -> Self {
        on(route, .post, answer: handler)
    }

    /// `handler` answers GET (and HEAD) at `route` in the one form of its own (the live stream, a download).
    @discardableResult
    func get(_ route: Route.Name, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator) -> Self {
        precondition(route.methods.contains(.get), "GET \(route.template) is not in the route table")
        return on(route.pattern, method: .get, use: handler)
    }

    private func on(
        _ route: Route.Name, _ method: HTTPRequest.Method, answer handler: @escaping @Sendable (Request, Context) async throws -> Answer
    ) -> Self {
        precondition(route.methods.contains(method), "\(method) \(route.template) is not in the route table")
        return on(route.pattern, method: method) { request, context in
            try await handler(request, context).response(to: request)
        }
    }
}
