import Synchronization

/// Wakes every open `/events` stream when the board changes, and keeps their number bounded.
///
/// It carries no data: a woken stream reads what it missed from the store's change log, so a
/// live update and a reconnecting tab's catch-up are the same code path.
final class ChangeNotifier: Sendable {
    private let subscribers = Mutex<[Int: AsyncStream<Void>.Continuation]>([:])
    private let nextID = Atomic<Int>(0)
    private let held = Mutex<Int>(0)

    /// A place among the open streams, taken before a stream is answered and given back when it
    /// ends — or when its response is dropped unsent (a HEAD request), since the place goes with
    /// the last reference to it.
    final class Slot: Sendable {
        private let returned = Atomic<Bool>(false)
        private let notifier: ChangeNotifier

        fileprivate init(_ notifier: ChangeNotifier) {
            self.notifier = notifier
        }

        /// Gives the place back; only the first call counts.
        func release() {
            if !returned.exchange(true, ordering: .acquiringAndReleasing) {
                notifier.held.withLock { $0 -= 1 }
            }
        }

        deinit { release() }
    }

    /// Takes one of `limit` places, or nil when all are taken. Checking and taking are one step,
    /// so a burst of requests cannot all pass the check before any of them counts.
    func reserve(limit: Int) -> Slot? {
        let taken = held.withLock { count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        return taken ? Slot(self) : nil
    }

    /// A stream of wake-ups; bursts collapse into one pending wake-up. The continuation lets the
    /// subscriber wake itself too (its heartbeat) or end the stream.
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
}
