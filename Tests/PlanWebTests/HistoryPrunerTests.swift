import Foundation
import Logging
import PlanCore
import PlanSQLite
import PlanStore
import Synchronization
import Testing
@testable import PlanWeb

/// The history is pruned beside the server, not in requests; a failed pruning is logged.
@Suite struct HistoryPrunerTests {
    /// Every message logged, for the test to read.
    final class Recorded: Sendable {
        let messages = Mutex<[String]>([])

        var logger: Logger {
            Logger(label: "test") { _ in RecordingHandler(recorded: self) }
        }

        /// Waits (in bounded steps, at most 10 s) until a message containing `text` is logged.
        func waitFor(_ text: String) async -> Bool {
            for _ in 0..<500 {
                if messages.withLock({ $0.contains { $0.contains(text) } }) { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return false
        }
    }

    struct RecordingHandler: LogHandler {
        let recorded: Recorded
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorded.messages.withLock { $0.append("\(event.level): \(event.message)") }
        }
    }

    static func notes(_ text: String) -> TaskNotes {
        TaskNotes(source: text, format: .plain, html: "<p>\(text)</p>", excerpt: text)
    }

    /// A store with an edit whose way back is past the undo window: something to prune.
    static func storeWithAnOldEdit() async throws -> SQLiteBoardStore {
        let clock = Mutex(Date(timeIntervalSince1970: 1_795_000_000))
        let store = try SQLiteBoardStore.inMemory(now: { clock.withLock { $0 } })
        let task = try await store.create(try NewTask(title: "t", column: .today, notes: notes("first")), client: "me").value
        _ = try await store.edit(task.id, try TaskEdit(notes: notes("second")), client: "me")
        clock.withLock { $0 += 8 * 24 * 60 * 60 }
        return store
    }

    @Test func theHistoryIsPrunedWithoutAnyRequest() async throws {
        let store = try await Self.storeWithAnOldEdit()
        let recorded = Recorded()
        let pruner = Task { try await HistoryPruner(store: store, logger: recorded.logger, interval: .milliseconds(50)).run() }
        defer { pruner.cancel() }
        #expect(await recorded.waitFor("pruned the history"))
        await #expect(throws: PlanError.nothingToUndo) { try await store.undo(client: "me") }
    }

    @Test func aFailedPruningIsLoggedAndTriedAgain() async throws {
        let store = AwayStore(base: try await Self.storeWithAnOldEdit())
        store.isAway = true
        let recorded = Recorded()
        let pruner = Task { try await HistoryPruner(store: store, logger: recorded.logger, interval: .milliseconds(50)).run() }
        defer { pruner.cancel() }
        #expect(await recorded.waitFor("pruning the history failed"))
        #expect(recorded.messages.withLock { $0.first?.hasPrefix("warning") } == true)
        // Tried again at every turn; once the database is back, the pruning goes through.
        store.isAway = false
        #expect(await recorded.waitFor("pruned the history"))
    }
}
