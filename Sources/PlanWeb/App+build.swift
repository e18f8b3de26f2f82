import Foundation
import Hummingbird
import Logging
import PlanStore

/// Builds the whole app: router, middleware, controllers and the error/headers wrapper.
///
/// Tests call this directly with an in-memory store and a pinned environment.
public func buildApplication(
    configuration: AppConfiguration,
    store: any BoardStore,
    environment: AppEnvironment = AppEnvironment(),
    logger: Logger = Logger(label: "planboard"),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let renderer = try await PageRenderer(templates: configuration.templatesFolder)
    let deps = WebDependencies(store: store, renderer: renderer, environment: environment)
    return Application(
        router: buildRouter(configuration: configuration, deps: deps),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "PlanBoard"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
}

/// The routes and the middleware in front of them.
func buildRouter(configuration: AppConfiguration, deps: WebDependencies) -> Router<PlanRequestContext> {
    let router = Router(context: PlanRequestContext.self)
    router.add(middleware: ErrorMiddleware(renderer: deps.renderer, store: deps.store))
    router.add(middleware: FileMiddleware(configuration.publicFolder.path, cacheControl: .init([(MediaType(type: .any), [.noCache])])))
    let limit = configuration.maxBodySize
    router.add(middleware: SessionMiddleware(makeToken: deps.environment.makeToken, bodyLimit: { _ in limit }))
    BoardController(deps: deps).addRoutes(to: router)
    TaskController(deps: deps).addRoutes(to: router)
    return router
}
