import Foundation
import Hummingbird
import Logging
import PlanStore
import ServiceLifecycle

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
    try configuration.validate()
    let assets = try StaticAssets(folder: configuration.publicFolder, pinnedVersion: environment.assetVersion)
    let renderer = try await PageRenderer(templates: configuration.templatesFolder, assets: assets)
    // Tasks stored by an older version get their excerpt and their notes as written, once, here.
    let completed = try await store.completeLegacyNotes(NoteRenderer.legacy)
    if completed > 0 { logger.info("completed the notes of \(completed) tasks stored by an older version") }
    let notifier = ChangeNotifier()
    var services: [any Service] = [HistoryPruner(store: store, logger: logger)]
    // A store that several servers share wakes this server's live streams for every committed
    // change, made here or through another server.
    let wakeUps = store.changeWakeUps()
    if let wakeUps { services.append(WakeUpForwarder(wakeUps: wakeUps, notifier: notifier)) }
    let deps = try WebDependencies(
        store: NotifyingStore(base: store, notifier: notifier, wakes: wakeUps == nil), renderer: renderer, environment: environment)
    // The day's turn goes through the notifying store, so this server's tabs hear of it.
    services.append(DayTurner(store: deps.store, logger: logger, now: environment.now))
    // One key for every server in front of this board: kept in its database.
    let key: [UInt8]
    if let pinned = environment.sessionKey { key = pinned } else { key = try await store.secret(named: "session-key", length: 32) }
    let signer = SessionSigner(key: key, nonce: environment.sessionNonce)
    return Application(
        router: buildRouter(configuration: configuration, deps: deps, notifier: notifier, assets: assets, signer: signer),
        server: .http1(configuration: .init(
            additionalChannelHandlers: [PeerGoneHandler(), RequestHeadCheck.Installer()], idleTimeout: .nanoseconds(configuration.idleTimeout.nanoseconds))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "PlanBoard"),
        services: services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
}

/// The routes and the middleware in front of them.
func buildRouter(
    configuration: AppConfiguration, deps: WebDependencies, notifier: ChangeNotifier, assets: StaticAssets, signer: SessionSigner
) -> Router<PlanRequestContext> {
    let router = Router(context: PlanRequestContext.self, options: .autoGenerateHeadEndpoints)
    let access = Access(sessions: AccessSessions(), limiter: TokenLimiter())
    for middleware in middlewareChain(configuration: configuration, deps: deps, assets: assets, signer: signer, access: access) {
        router.add(middleware: middleware)
    }
    addRoutes(to: router, configuration: configuration, deps: deps, notifier: notifier, access: access)
    return router
}

/// The logins of a board with an access token, shared by the guard that checks them and the form that opens them.
struct Access {
    let sessions: AccessSessions
    let limiter: TokenLimiter
}

/// Every middleware, outermost first: the order ARCHITECTURE.md's table follows.
func middlewareChain(
    configuration: AppConfiguration, deps: WebDependencies, assets: StaticAssets, signer: SessionSigner, access: Access
) -> [any MiddlewareProtocol<Request, Response, PlanRequestContext>] {
    let (limit, importLimit) = (configuration.maxBodySize, configuration.maxImportSize)
    return [
        SecurityHeadersMiddleware(),
        RequestLogMiddleware(),
        // Outside the error middleware, so error pages are compressed too.
        CompressionMiddleware(),
        ClientMiddleware(behindHTTPS: configuration.behindHTTPS, trustedProxies: Set(configuration.trustedProxies)),
        DatabaseWaitMiddleware(),
        ErrorMiddleware(renderer: deps.renderer, store: deps.store, signer: signer),
        LocalhostGuardMiddleware(
            hostNames: configuration.hostNames, accessToken: configuration.accessToken, sessions: access.sessions, limiter: access.limiter),
        StaticFilesMiddleware(assets: assets),
        SessionMiddleware(signer: signer),
        // Before the body is read: a refused import costs no upload.
        HeavyRequestGate(limit: configuration.maxHeavyRequests),
        CSRFMiddleware(
            signer: signer,
            body: RequestBody(limit: { request in request.uri.path == Route.import.path ? importLimit : limit }, timeout: configuration.bodyTimeout)),
    ]
}

/// Every controller's routes, as the route table names them (`Route`).
func addRoutes(
    to router: Router<PlanRequestContext>, configuration: AppConfiguration, deps: WebDependencies, notifier: ChangeNotifier, access: Access
) {
    BoardController(deps: deps).addRoutes(to: router)
    TaskController(deps: deps).addRoutes(to: router)
    SelectController(deps: deps).addRoutes(to: router)
    ScheduleController(deps: deps).addRoutes(to: router)
    TransferController(deps: deps, stashLimits: configuration.stashLimits).addRoutes(to: router)
    SearchController(deps: deps).addRoutes(to: router)
    LogbookController(deps: deps).addRoutes(to: router)
    SettingsController(deps: deps).addRoutes(to: router)
    EventsController(deps: deps, notifier: notifier, heartbeat: configuration.heartbeat, lifetime: configuration.streamLifetime).addRoutes(to: router)
    if let token = configuration.accessToken {
        AccessController(deps: deps, accessToken: token, sessions: access.sessions, limiter: access.limiter).addRoutes(to: router)
    }
}

extension Duration {
    /// Whole nanoseconds, as NIO's `TimeAmount` counts them.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
