import Foundation
import Logging
import PlanStore
import ServiceLifecycle

/// Turns the board's day beside the server, never inside a request: at its start (catching up on
/// days missed while no server ran) and then as each day starts on the board's clock. The turn
/// itself is the store's (`BoardStore.turnDay`): once per board day, so with several servers on
/// one board each asks and exactly one turns it. It looks again at least every `longestWait`, so
/// a changed zone or start hour, or a clock set forward, is noticed; a turn that fails is logged
/// and tried again after `retry`.
struct DayTurner: Service {
    let store: any BoardStore
    let logger: Logger
    let now: @Sendable () -> Date
    var longestWait: Duration = .seconds(300)
    var retry: Duration = .seconds(60)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: await turnIfDue())
            }
        }
    }

    /// Turns the day if it is due; returns how long to wait before looking again.
    func turnIfDue() async -> Duration {
        do {
            if let turn = try await store.turnDay() {
                let from = turn.value.from.map { " from \($0)" } ?? ""
                logger.info("the day turned\(from) to \(turn.value.to): \(turn.value.logged) finished tasks to the logbook, \(turn.value.arrived) to Today")
            }
            let calendar = try await store.calendar()
            let untilNext = calendar.nextTurn(after: now()).timeIntervalSince(now())
            // A moment after the day starts, so that the turn finds it started.
            return min(longestWait, .milliseconds(Int64(max(0, untilNext) * 1_000) + 200))
        } catch {
            if !Task.isCancelled { logger.warning("turning the day failed, tried again in \(retry): \(error)") }
            return retry
        }
    }
}
