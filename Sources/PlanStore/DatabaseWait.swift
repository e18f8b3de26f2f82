import Synchronization

/// How long one request may spend, in all, waiting for the database to give it a connection:
/// a request that makes several calls to the store is told the database is unavailable once its
/// waits add up to this, however they fall between its calls. The web layer gives each request its
/// own (`DatabaseWait.$current`); a store that waits for connections (PostgreSQL) takes its waits
/// from it, and without one limits each call on its own.
public final class DatabaseWait: Sendable {
    /// The wait of the request being served, if it has one.
    @TaskLocal public static var current: DatabaseWait?
    /// What a request may wait in all, and a call without a request on its own: long enough for a
    /// busy pool, short enough that a person is told soon that the database is away.
    public static let perRequest: Duration = .seconds(5)

    private let remaining: Mutex<Duration>

    public init(_ total: Duration) {
        remaining = Mutex(total)
    }

    /// What is left to wait.
    public var left: Duration { remaining.withLock { $0 } }

    /// Takes `waited` off what is left.
    public func spend(_ waited: Duration) {
        remaining.withLock { $0 = max(.zero, $0 - waited) }
    }
}
