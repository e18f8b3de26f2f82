import Synchronization

/// Counters a benchmark or test can read; the store never needs them itself.
public final class StoreMetrics: Sendable {
    private let rebalances = Atomic<Int>(0)

    package init() {}

    /// How many column rebalances this store has done.
    public var rebalanceCount: Int { rebalances.load(ordering: .relaxed) }

    package func countRebalance() { rebalances.add(1, ordering: .relaxed) }
}
