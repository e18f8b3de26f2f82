import Logging
import PlanStore
import ServiceLifecycle

/// Prunes the board's history beside the server, at its start and then every `interval`, never
/// inside a request: what the change log keeps is `ChangeLogPolicy`'s. A pruning that fails is
/// logged and tried again at the next turn. With several servers on one board each prunes; the
/// prunings take turns on the board like any change.
struct HistoryPruner: Service {
    let store: any BoardStore
    let logger: Logger
    var interval: Duration = .seconds(60)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let report = try await store.pruneHistory()
                    if report.changedAnything {
                        logger.debug("pruned the history: \(report.setAside) changes set aside, notes of \(report.notesDropped) dropped, \(report.removed) removed, \(report.expired) expired")
                    }
                } catch {
                    if Task.isCancelled { return }
                    logger.warning("pruning the history failed, tried again in \(interval): \(error)")
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
