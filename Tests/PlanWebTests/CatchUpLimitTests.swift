import Testing
@testable import PlanStore
@testable import PlanWeb

/// The live stream and the store's pruning agree on how far back a tab can catch up.
@Suite struct CatchUpLimitTests {
    @Test func everyChangeATabMayCatchUpOnIsAlwaysKeptInTheLog() {
        // A stream reads up to `catchUpLimit + 1` changes to tell "behind by exactly the limit" from
        // "too far behind"; pruning never removes the newest `alwaysKept`, so every one of them is there.
        #expect(StoreRules.alwaysKept >= Int64(EventsController.catchUpLimit + 1))
    }
}
