import PlanStore
import PostgresNIO
import Synchronization
import _ConnectionPoolModule

extension PostgresBoardStore {
    /// How long a request waits for a connection to the database before it is told the database is
    /// unavailable (the pool itself would keep it waiting for a minute while the server is away).
    static let leaseTimeout: Duration = .seconds(5)

    /// Runs `body`, turning the loss of the database — no connection within `leaseTimeout`, a
    /// server shutting down or starting up, a connection dropped — into `StoreUnavailable`; every
    /// other error passes as it is. `body` calls `leased` once it has its connection: from then
    /// on it is not timed out (it may be committing).
    func unavailableWhenDisconnected<T: Sendable>(_ body: @escaping @Sendable (_ leased: @escaping @Sendable () -> Void) async throws -> T) async throws -> T {
        let leased = LeaseFlag()
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await body { leased.set() } }
                group.addTask {
                    try await Task.sleep(for: Self.leaseTimeout)
                    if leased.isSet { return nil }
                    throw StoreUnavailable(reason: "no connection within \(Self.leaseTimeout)")
                }
                while let next = try await group.next() {
                    if let value = next {
                        group.cancelAll()
                        return value
                    }
                }
                throw CancellationError()
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

/// Set once a request has its connection: from then on it is not timed out.
private final class LeaseFlag: Sendable {
    private let value = Atomic<Bool>(false)

    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
