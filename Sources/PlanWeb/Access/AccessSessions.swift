import Synchronization

/// Who has logged in with the access token, and how often someone has guessed wrong.
///
/// A login gets a fresh random session id for its cookie, never the token itself: cookies are not
/// scoped by port, so another service on the same host would otherwise receive the token. Sessions
/// live in memory, so a restart asks browsers to log in again.
final class AccessSessions: Sendable {
    /// The most sessions kept; the oldest is forgotten first.
    static let capacity = 1_000
    /// Wrong tokens allowed per window, for everyone together: parallel guessing gains nothing.
    static let failuresPerWindow = 10
    static let window: Duration = .seconds(60)

    private struct State {
        var sessions: [String] = []
        var failures: [ContinuousClock.Instant] = []
    }

    private let state = Mutex(State())

    /// A new session id for a successful login.
    func open() -> String {
        let id = SessionToken.random()
        state.withLock { state in
            state.sessions.append(id)
            if state.sessions.count > Self.capacity { state.sessions.removeFirst(state.sessions.count - Self.capacity) }
        }
        return id
    }

    /// Whether `id` belongs to a login of this server (compared in constant time).
    func isOpen(_ id: some StringProtocol) -> Bool {
        state.withLock { state in
            state.sessions.reduce(false) { found, session in SessionToken.matches(id, session) || found }
        }
    }

    /// Records a wrong token; false when too many have come in the last window to even check another.
    func allowAttempt(now: ContinuousClock.Instant = .now) -> Bool {
        state.withLock { state in
            state.failures.removeAll { $0 < now - Self.window }
            return state.failures.count < Self.failuresPerWindow
        }
    }

    func recordFailure(now: ContinuousClock.Instant = .now) {
        state.withLock { $0.failures.append(now) }
    }
}
