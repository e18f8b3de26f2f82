import PlanStore
import PostgresNIO
import Synchronization
import _ConnectionPoolModule

extension PostgresBoardStore {
    /// How long a call waits for a connection to the database before it is told the database is
    /// unavailable (the pool itself would keep it waiting for a minute while the server is away);
    /// a call made for a request waits no longer than what is left of its `DatabaseWait`.
    static let leaseTimeout: Duration = DatabaseWait.perRequest
    /// How long a request whose connection has closed under it may still wait for an answer.
    static let closedConnectionGrace: Duration = .seconds(1)
    /// How often a waiting request looks at its lease and its connection.
    static let watchInterval: Duration = .milliseconds(200)

    /// Runs `body`, turning the loss of the database into `StoreUnavailable`: no connection in
    /// time, a server shutting down or starting up, a connection dropped. Every other error passes
    /// as it is. `body` calls `leased` with its connection once it has one.
    ///
    /// A call is answered by the first of: `body`'s own result; no lease within `leaseTimeout`
    /// or what is left of the request's `DatabaseWait` (the wait is taken from it); its
    /// connection closed for `closedConnectionGrace` with `body` still waiting. The last one is
    /// for a statement written to a connection just as it closes: postgres-nio (1.33) passes it
    /// on to the closed channel, which drops it without a word, and its answer never comes.
    /// `body` runs in a task of its own so that the call need not wait for it; an abandoned
    /// `body` is cancelled and left behind.
    func unavailableWhenDisconnected<T: Sendable>(
        _ body: @escaping @Sendable (_ leased: @escaping @Sendable (PostgresConnection) -> Void) async throws -> T
    ) async throws -> T {
        let wait = DatabaseWait.current
        let request = DatabaseRequest<T>(leaseWithin: min(Self.leaseTimeout, wait?.left ?? Self.leaseTimeout))
        let work = Task { await request.settle(with: { try await body { request.leased($0) } }) }
        let watch = Task { await request.watch(abandoning: work) }
        defer {
            watch.cancel()
            wait?.spend(request.waitedForLease)
        }
        do {
            return try await withTaskCancellationHandler {
                try await request.answer()
            } onCancel: {
                work.cancel()
            }
        } catch let error as PSQLError where Self.meansUnavailable(error) {
            throw StoreUnavailable(reason: String(describing: error.code) + (error.serverInfo?[.message].map { ": \($0)" } ?? ""))
        } catch let error as ConnectionPoolError {
            throw StoreUnavailable(reason: "connection pool: \(error)")
        }
    }

    /// Errors of the connection rather than of the statement: SQLSTATE classes 08 (connection
    /// exception) and 57 (operator intervention: shutdown, starting up), 55P03 (the board stayed
    /// locked past `lock_timeout`), 25P03 (idle in a transaction too long), and the client's own
    /// errors about the connection.
    static func meansUnavailable(_ error: PSQLError) -> Bool {
        if error.code == .server {
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || state.hasPrefix("57") || state == "55P03" || state == "25P03"
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
             .sslUnsupported, .failedToAddSSLHandler:
            return true
        default:
            return false
        }
    }
}

/// One request to the database while it runs: its connection once leased, and its answer, given
/// once — by the work itself or by the watch that gives up on it.
private final class DatabaseRequest<T: Sendable>: Sendable {
    private struct State {
        var connection: PostgresConnection?
        var leasedAt: ContinuousClock.Instant?
        var result: Result<T, any Error>?
        var waiting: CheckedContinuation<T, any Error>?
    }

    private let state = Mutex(State())
    private let started = ContinuousClock.now
    private let leaseWithin: Duration

    init(leaseWithin: Duration) {
        self.leaseWithin = leaseWithin
    }

    func leased(_ connection: PostgresConnection) {
        let now = ContinuousClock.now
        state.withLock { state in
            state.connection = connection
            state.leasedAt = now
        }
    }

    /// How long the request waited for its connection (until now, when it got none).
    var waitedForLease: Duration {
        (state.withLock { $0.leasedAt } ?? .now) - started
    }

    var isSettled: Bool { state.withLock { $0.result != nil } }

    /// Runs `work` and answers with what it gives, unless the request was answered already.
    func settle(with work: @Sendable () async throws -> T) async {
        do {
            settle(.success(try await work()))
        } catch {
            settle(.failure(error))
        }
    }

    func settle(_ result: Result<T, any Error>) {
        let waiting: CheckedContinuation<T, any Error>? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(with: result)
    }

    /// The request's answer, as soon as it has one.
    func answer() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<T, any Error>? = state.withLock { state in
                if state.result == nil { state.waiting = continuation }
                return state.result
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Looks at the request every `watchInterval` until it is answered (or this task is
    /// cancelled), and answers it `StoreUnavailable` when it got no connection within
    /// `leaseWithin` or its connection has been closed too long with no answer; `work` is then
    /// cancelled.
    func watch(abandoning work: Task<Void, Never>) async {
        let clock = ContinuousClock()
        var closedSince: ContinuousClock.Instant?
        while !isSettled {
            do { try await Task.sleep(for: PostgresBoardStore.watchInterval) } catch { return }
            let connection = state.withLock { $0.connection }
            var reason: String?
            if let connection {
                if connection.isClosed {
                    let since = closedSince ?? clock.now
                    closedSince = since
                    if clock.now - since >= PostgresBoardStore.closedConnectionGrace {
                        reason = "the connection closed and the database's answer never came"
                    }
                }
            } else if clock.now - started >= leaseWithin {
                reason = "no connection within \(clock.now - started)"
            }
            if let reason {
                settle(.failure(StoreUnavailable(reason: reason)))
                work.cancel()
                return
            }
        }
    }
}
