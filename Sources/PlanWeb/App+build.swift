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
    // One key for every server in front of this board: kept in its database.
    let key: [UInt8]
    if let pinned = environment.sessionKey { key = pinned } else { key = try await store.secret(named: "session-key", length: 32) }
    let signer = SessionSigner(key: key, nonce: environment.sessionNonce)
    return Application(
        router: buildRouter(configuration: configuration, deps: deps, notifier: notifier, assets: assets, signer: signer),
        server: .http1(configuration: .init(
            additionalChannelHandlers: [PeerGoneHandler()], idleTimeout: .nanoseconds(configuration.idleTimeout.nanoseconds))),
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
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: RequestLogMiddleware())
    // Outside the error middleware, so error pages are compressed too.
    router.add(middleware: CompressionMiddleware())
    router.add(middleware: ClientMiddleware(behindHTTPS: configuration.behindHTTPS, trustedProxies: Set(configuration.trustedProxies)))
    router.add(middleware: DatabaseWaitMiddleware())
    router.add(middleware: ErrorMiddleware(renderer: deps.renderer, store: deps.store, signer: signer))
    let sessions = AccessSessions()
    let limiter = TokenLimiter()
    router.add(middleware: LocalhostGuardMiddleware(
        hostNames: configuration.hostNames, accessToken: configuration.accessToken, sessions: sessions, limiter: limiter))
    router.add(middleware: StaticFilesMiddleware(assets: assets))
    let (limit, importLimit) = (configuration.maxBodySize, configuration.maxImportSize)
    router.add(middleware: SessionMiddleware(signer: signer))
    router.add(middleware: CSRFMiddleware(
        signer: signer,
        body: RequestBody(limit: { request in request.uri.path == "/import" ? importLimit : limit }, timeout: configuration.bodyTimeout)))
    BoardController(deps: deps).addRoutes(to: router)
    TaskController(deps: deps).addRoutes(to: router)
    TransferController(deps: deps).addRoutes(to: router)
    EventsController(deps: deps, notifier: notifier, heartbeat: configuration.heartbeat, lifetime: configuration.streamLifetime).addRoutes(to: router)
    if let token = configuration.accessToken {
        AccessController(deps: deps, accessToken: token, sessions: sessions, limiter: limiter).addRoutes(to: router)
    }
    return router
}

extension Duration {
    /// Whole nanoseconds, as NIO's `TimeAmount` counts them.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
