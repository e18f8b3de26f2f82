import Hummingbird
import Logging
import PlanStore
import ServiceLifecycle

/// Serves the board until SIGTERM or SIGINT, as one ServiceLifecycle group: first what the store
/// needs running while it is used (`storeWork`: PostgreSQL's connection pool and listener; SQLite
/// needs nothing), then the app — built by `buildApplication` once `prepare` has made the store
/// ready (its migrations), and running its own services beside the server (`HistoryPruner`,
/// `WakeUpForwarder`). A stop ends them in the reverse order: the app stops taking connections,
/// lets the requests under way finish and ends its live streams; then the store's work stops.
public func serveBoard(
    configuration: AppConfiguration, store: any BoardStore, logger: Logger,
    storeWork: (@Sendable () async -> Void)? = nil, prepare: @escaping @Sendable () async throws -> Void = {},
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws {
    var services: [any Service] = []
    if let storeWork { services.append(StoreWork(work: storeWork)) }
    services.append(BoardApp(configuration: configuration, store: store, logger: logger, prepare: prepare, onServerRunning: onServerRunning))
    try await ServiceGroup(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger).run()
}

/// What a store needs running while it is used, as a service: it runs until the group stops.
private struct StoreWork: Service {
    let work: @Sendable () async -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown(work)
    }
}

/// The app as a service: the store made ready, then the app built and run (its server and its services).
private struct BoardApp: Service {
    let configuration: AppConfiguration
    let store: any BoardStore
    let logger: Logger
    let prepare: @Sendable () async throws -> Void
    let onServerRunning: @Sendable (Int) async -> Void

    func run() async throws {
        try await prepare()
        let app = try await buildApplication(configuration: configuration, store: store, logger: logger, onServerRunning: onServerRunning)
        try await app.run()
    }
}
