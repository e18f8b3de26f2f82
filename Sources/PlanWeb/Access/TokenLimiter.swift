import NIOCore
import Synchronization

/// The one gate every access-token check goes through, bearer header or login form alike.
///
/// Each client (an IPv4 address, or an IPv6 /64, since one machine is often given a whole /64)
/// may get `perClient` tokens wrong in `window`; after that its requests carrying a token are
/// refused (429) without the token being looked at, so a guesser learns nothing more. The budget
/// is per client so that a guesser cannot lock the owner out: a client that has not been guessing
/// is always checked, and the right token always lets it in.
///
/// Guessing from many addresses at once is slowed for all of them together: once `global` wrong
/// tokens have come in `window` from anyone, every client that gets one wrong may try again only
/// once per window (`leanPerClient`). That still never refuses a client that has not guessed, so
/// the owner's first try, right, succeeds even while an attack is being refused.
final class TokenLimiter: Sendable {
    struct Budget: Sendable {
        var perClient = 10
        var leanPerClient = 1
        var global = 100
        var window: Duration = .seconds(60)
        /// The most clients remembered; the oldest wrong tokens are forgotten first.
        var clients = 10_000
    }

    /// Wrong tokens in the window, oldest first, and how many of them each client sent: the
    /// oldest are forgotten from the front, so each check costs the same however many clients
    /// there are.
    private struct State {
        var recent: [(at: ContinuousClock.Instant, client: String)] = []
        /// Where the window starts in `recent` (entries before it are forgotten).
        var start = 0
        var failures: [String: Int] = [:]

        var count: Int { recent.count - start }

        mutating func append(_ client: String, at instant: ContinuousClock.Instant) {
            recent.append((instant, client))
            failures[client, default: 0] += 1
        }

        /// Forgets the oldest wrong token.
        mutating func dropOldest() {
            let client = recent[start].client
            start += 1
            if failures[client] == 1 { failures[client] = nil } else { failures[client]! -= 1 }
            if start > 1_024 && start * 2 > recent.count {
                recent.removeFirst(start)
                start = 0
            }
        }
    }

    let budget: Budget
    private let state = Mutex(State())

    init(_ budget: Budget = Budget()) {
        self.budget = budget
    }

    /// The key a client is counted under.
    static func client(_ address: SocketAddress?) -> String {
        guard let address else { return "unknown" }
        switch address {
        case .v4:
            return address.ipAddress ?? "unknown"
        case .v6(let v6):
            // A v4-mapped address is that v4 address; otherwise the /64 the address is in.
            var raw = v6.address.sin6_addr
            let bytes = withUnsafeBytes(of: &raw) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
                return bytes[12...].map(String.init).joined(separator: ".")
            }
            return bytes[0..<8].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
        case .unixDomainSocket:
            return "local"
        }
    }

    /// What came of a token a client sent.
    enum Verdict: Equatable {
        /// Not looked at: the client has guessed wrong too often (429).
        case refused
        case wrong
        case right
    }

    /// Checks a token from `client` with `matches` if the client may still guess, and counts it
    /// when wrong, in one step: guesses sent at once cannot all pass the gate before any of them
    /// is counted.
    func check(_ client: String, now: ContinuousClock.Instant = .now, _ matches: () -> Bool) -> Verdict {
        state.withLock { state in
            forgetOld(&state, now: now)
            let allowed = state.count >= budget.global ? budget.leanPerClient : budget.perClient
            guard state.failures[client, default: 0] < allowed else { return .refused }
            if matches() { return .right }
            record(&state, client, now: now)
            return .wrong
        }
    }

    /// Counts a wrong token from `client` (for tests that start from a given state).
    func recordFailure(_ client: String, now: ContinuousClock.Instant = .now) {
        state.withLock { state in
            forgetOld(&state, now: now)
            record(&state, client, now: now)
        }
    }

    private func record(_ state: inout State, _ client: String, now: ContinuousClock.Instant) {
        state.append(client, at: now)
        // Past the most clients remembered, the oldest wrong tokens are forgotten first.
        while state.failures.count > budget.clients { state.dropOldest() }
    }

    /// Wrong tokens counted in the current window, from everyone (for tests and the log).
    var recentFailures: Int {
        state.withLock { state in
            forgetOld(&state, now: .now)
            return state.count
        }
    }

    /// How many clients have failures remembered (for tests).
    var rememberedClients: Int { state.withLock { $0.failures.count } }

    private func forgetOld(_ state: inout State, now: ContinuousClock.Instant) {
        let start = now - budget.window
        while state.count > 0 && state.recent[state.start].at < start { state.dropOldest() }
    }
}
