import Synchronization

/// Who has logged in with the access token.
///
/// A login gets a fresh random session id for its cookie, never the token itself: cookies are not
/// scoped by port, so another service on the same host would otherwise receive the token. Sessions
/// live in memory, so a restart asks browsers to log in again.
final class AccessSessions: Sendable {
    /// The most sessions kept; the oldest is forgotten first.
    static let capacity = 1_000

    private let sessions = Mutex<[String]>([])

    /// A new session id for a successful login.
    func open() -> String {
        let id = RandomToken.random()
        sessions.withLock { sessions in
            sessions.append(id)
            if sessions.count > Self.capacity { sessions.removeFirst(sessions.count - Self.capacity) }
        }
        return id
    }

    /// Ends a login (log out): its cookie opens nothing any more.
    func close(_ id: some StringProtocol) {
        sessions.withLock { sessions in sessions.removeAll { RandomToken.matches(id, $0) } }
    }

    /// Whether `id` belongs to a login of this server (compared in constant time).
    func isOpen(_ id: some StringProtocol) -> Bool {
        sessions.withLock { sessions in
            sessions.reduce(false) { found, session in RandomToken.matches(id, session) || found }
        }
    }
}
