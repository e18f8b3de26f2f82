import Synchronization

/// Wakes every open `/events` stream when the board changes.
///
/// It carries no data: a woken stream reads what it missed from the store's change log, so a
/// live update and a reconnecting tab's catch-up are the same code path.
final class ChangeNotifier: Sendable {
    private let subscribers = Mutex<[Int: AsyncStream<Void>.Continuation]>([:])
    private let nextID = Atomic<Int>(0)

    /// A stream of wake-ups; bursts collapse into one pending wake-up. The continuation lets the
    /// subscriber wake itself too (its heartbeat).
    func subscribe() -> (wakeUps: AsyncStream<Void>, wake: AsyncStream<Void>.Continuation) {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return (stream, continuation)
    }

    /// Tells every subscriber that something changed.
    func changed() {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield() }
    }

    /// How many streams are open (for tests and logs).
    var subscriberCount: Int { subscribers.withLock { $0.count } }
}
