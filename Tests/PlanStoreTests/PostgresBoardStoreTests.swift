import Foundation
import Logging
import PlanCore
@testable import PlanPostgres
import PlanStore
import Synchronization
import Testing

/// What only the PostgreSQL store does: several servers on one board, its schema, and the
/// database going away. Each test has a schema of its own; "servers" are stores on that schema.
/// Without PLANBOARD_TEST_POSTGRES they are skipped, and the test run says so.
@Suite(.enabled(if: PostgresTestDatabase.url != nil, "PLANBOARD_TEST_POSTGRES names no PostgreSQL server (scripts/test starts one)"))
struct PostgresBoardStoreTests {
    /// Runs `body` with `count` stores on one fresh schema, as if `count` servers shared the board.
    func withServers(
        _ count: Int, now: @escaping @Sendable () -> Date = Date.init, _ body: ([PostgresBoardStore]) async throws -> Void
    ) async throws {
        try await PostgresTestDatabase.withSchema { url in
            let stores = try (0..<count).map { _ in try PostgresBoardStore(url: url, logger: PostgresTestDatabase.logger, now: now) }
            let running = stores.map { store in Task { await store.run() } }
            defer { running.forEach { $0.cancel() } }
            // Servers starting together migrate once between them.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for store in stores { group.addTask { _ = try await store.migrate() } }
                try await group.waitForAll()
            }
            try await body(stores)
        }
    }

    @Test func serversStartingTogetherMigrateOnce() async throws {
        try await withServers(4) { stores in
            let applied = try await stores[0].appliedMigrations()
            #expect(applied == PostgresBoardStore.migrations.map(\.id))
            #expect(try await stores[3].board().revision == 0)
        }
    }

    @Test func twoServersMovingAtOnceNeverLoseOrDuplicateAMove() async throws {
        try await withServers(2) { servers in
            let tasks = try await servers[0].add((1...30).map { "t\($0)" })
            let ids = tasks.map(\.id)
            // Each server moves tasks after anchors it picks from the board as it last read it;
            // some anchors have moved meanwhile and those moves are refused as stale.
            let accepted = try await withThrowingTaskGroup(of: [(Int64, TaskID, BoardColumn, TaskID?)].self) { group in
                for (index, server) in servers.enumerated() {
                    group.addTask {
                        var generator = SeededGenerator(seed: UInt64(index + 1))
                        var done: [(Int64, TaskID, BoardColumn, TaskID?)] = []
                        var seen = try await server.board()
                        for step in 0..<150 {
                            let task = ids[Int(generator.next() % UInt64(ids.count))]
                            let column = BoardColumn.allCases[Int(generator.next() % 3)]
                            let candidates = seen.tasks(in: column).map(\.id).filter { $0 != task }
                            let anchor = candidates.isEmpty || generator.next() % 5 == 0 ? nil : candidates[Int(generator.next() % UInt64(candidates.count))]
                            do {
                                let result = try await server.move(
                                    MoveRequest(taskID: task, column: column, after: anchor, moveID: "s\(index)-\(step)"), client: "server-\(index)")
                                done.append((result.revision, task, column, anchor))
                            } catch PlanError.staleAnchor {
                                seen = try await server.board()
                            }
                        }
                        return done
                    }
                }
                var all: [(Int64, TaskID, BoardColumn, TaskID?)] = []
                for try await done in group { all += done }
                return all
            }
            let board = try await servers[1].board()
            #expect(board.allTasks.count == 30, "no task lost or duplicated")
            #expect(Set(board.allTasks.map { "\($0.column)/\($0.orderKey)" }).count == 30, "order keys unique per column")
            // Revisions come from one sequence: every accepted move has its own, after the 30 creates.
            let revisions = accepted.map(\.0).sorted()
            #expect(revisions == Array(31...Int64(30 + accepted.count)))
            #expect(board.revision == 30 + Int64(accepted.count))
            // Replaying the accepted moves in revision order gives the board as stored.
            var model: [BoardColumn: [TaskID]] = [.today: ids, .next: [], .later: []]
            for (_, task, column, anchor) in accepted.sorted(by: { $0.0 < $1.0 }) {
                for key in model.keys { model[key]?.removeAll { $0 == task } }
                let index = anchor.flatMap { model[column]!.firstIndex(of: $0).map { $0 + 1 } } ?? 0
                model[column]!.insert(task, at: index)
            }
            for column in BoardColumn.allCases { #expect(board.tasks(in: column).map(\.id) == model[column]) }
            // A retried move id answers as the first time, whichever server it reaches, and changes nothing.
            let first = try await servers[0].move(MoveRequest(taskID: ids[0], column: .later, after: nil, moveID: "retry-me"), client: nil)
            let again = try await servers[1].move(MoveRequest(taskID: ids[0], column: .later, after: nil, moveID: "retry-me"), client: nil)
            #expect(again.revision == first.revision)
            #expect(again.task.id == first.task.id && again.task.column == first.task.column && again.task.orderKey == first.task.orderKey)
            #expect(try await servers[1].board().revision == first.revision)
        }
    }

    @Test func ofServersTurningTheDayAtOnceExactlyOneTurnsIt() async throws {
        let clock = DayClock("2026-11-24T10:00:00Z")
        try await withServers(4, now: { clock.now() }) { servers in
            _ = try await servers[3].turnDay()
            let tasks = try await servers[0].add(["open", "done"])
            _ = try await servers[1].setFinished(tasks[1].id, true, client: nil)
            clock.set("2026-11-26T10:00:00Z")
            let turns = try await withThrowingTaskGroup(of: Revised<TurnSummary>?.self) { group in
                for server in servers + servers { group.addTask { try await server.turnDay() } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(turns.compactMap { $0 }.count == 1)
            let kinds = try await servers[2].changes(after: 0, limit: 50).map(\.kind)
            #expect(kinds.filter { $0 == .turn }.count == 1)
            #expect(try await servers[0].board().allTasks.map(\.title) == ["open"])
        }
    }

    @Test func serversFinishingARepeatingTaskAtOnceMakeOneNextOccurrence() async throws {
        try await withServers(3) { servers in
            let task = try await servers[0].create(try NewTask(title: "Daily", column: .today, repeats: .everyDay), client: nil).value
            try await withThrowingTaskGroup(of: Void.self) { group in
                for server in servers + servers { group.addTask { _ = try await server.setFinished(task.id, true, client: nil) } }
                try await group.waitForAll()
            }
            let board = try await servers[1].board()
            #expect(board.allTasks.count == 2)
            #expect(board.allTasks.filter { $0.repeats == .everyDay && !$0.finished }.count == 1)
        }
    }

    @Test func aChangeThroughOneServerWakesTheOther() async throws {
        try await withServers(2) { servers in
            guard let wakeUps = servers[1].changeWakeUps() else {
                Issue.record("a PostgreSQL store has wake-ups")
                return
            }
            let count = WakeCount()
            let counting = Task { for await _ in wakeUps { count.add() } }
            defer { counting.cancel() }
            // The listener wakes once when it starts (it may have missed something); wait for that.
            _ = await count.waitUntil { $0 >= 1 }
            let before = count.value
            let created = try await servers[0].create(try NewTask(title: "from A", column: .today), client: nil)
            let woke = await count.waitUntil { $0 > before }
            #expect(woke)
            #expect(try await servers[1].changes(after: created.revision - 1, limit: 10).map(\.revision) == [created.revision])
        }
    }

    @Test func anImportKeepsIdsNoTaskHadAndFreshIdsContinueAboveThem() async throws {
        try await withServers(1) { servers in
            let store = servers[0]
            let first = try await store.add(["a"])[0]
            let now = Date()
            let file = [500, 500, Int64(first.id)].enumerated().map { index, id in
                ImportedTask(
                    title: "i\(index)", column: .later, important: false, finished: false, notes: .none,
                    created: now, updated: now, originalID: id)
            }
            let imported = try await store.importTasks(file, summary: "three", client: nil).value
            #expect(imported[0].id == 500)
            #expect(imported[1].id != 500 && imported[2].id != first.id, "a repeated or used id gets a fresh one")
            #expect(try await store.add(["next"])[0].id == 503)
            #expect(try await store.importSummary(revision: 2) == "three")
        }
    }

    @Test func aColumnIsRebalancedInOneTransactionAndKeepsItsOrder() async throws {
        try await withServers(1) { servers in
            let store = servers[0]
            let fixed = try await store.add(["first"])[0]
            var expected = [fixed.id]
            // Every new task right after the first: keys grow until the column is respread.
            for index in 0..<3_000 {
                let task = try await store.create(try NewTask(title: "t\(index)", column: .later), client: nil).value
                _ = try await store.move(MoveRequest(taskID: task.id, column: .today, after: fixed.id), client: nil)
                expected.insert(task.id, at: 1)
            }
            #expect(store.metrics.rebalanceCount >= 1)
            let board = try await store.board()
            #expect(board.tasks(in: .today).map(\.id) == expected)
            let longest = board.allTasks.map(\.orderKey.length).max() ?? 0
            #expect(longest <= OrderKey.maxLength)
        }
    }

    @Test func anUnreachableDatabaseIsUnavailableNotAnError() async throws {
        // A port nothing listens on.
        let store = try PostgresBoardStore(url: "postgres://planboard@127.0.0.1:9/none?sslmode=disable", logger: PostgresTestDatabase.logger)
        let running = Task { await store.run() }
        defer { running.cancel() }
        await #expect(throws: StoreUnavailable.self) { try await store.revision() }
    }

    @Test func aRequestsWaitsForTheDatabaseAllComeOutOfOneBudget() async throws {
        let store = try PostgresBoardStore(url: "postgres://planboard@127.0.0.1:9/none?sslmode=disable", logger: PostgresTestDatabase.logger)
        let running = Task { await store.run() }
        defer { running.cancel() }
        let wait = DatabaseWait(.milliseconds(600))
        try await DatabaseWait.$current.withValue(wait) {
            await #expect(throws: StoreUnavailable.self) { try await store.revision() }
            // The first call waited the whole budget; the next is not given another.
            #expect(wait.left == .zero)
            await #expect(throws: StoreUnavailable.self) { try await store.board() }
        }
    }

    @Test func urlsAreReadOrRefusedPlainly() throws {
        #expect(try PostgresLocation(url: "postgres://me:secret@db.lan:6543/board?schema=team").redacted == "postgres://me:***@db.lan:6543/board?schema=team")
        #expect(throws: PostgresURLError.self) { try PostgresLocation(url: "mysql://db/board") }
        #expect(throws: PostgresURLError.self) { try PostgresLocation(url: "postgres://db/board?schema=Robert');DROP") }
        #expect(throws: PostgresURLError.self) { try PostgresLocation(url: "postgres://db/board?sslmode=sometimes") }
    }
}

/// Wake-ups counted as they come.
final class WakeCount: Sendable {
    private let count = Mutex(0)

    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }

    /// Waits, in bounded steps (at most 20 s in all), until `condition` holds; returns whether it did.
    func waitUntil(_ condition: (Int) -> Bool) async -> Bool {
        for _ in 0..<1_000 {
            if condition(value) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(value)
    }
}

extension PostgresBoardStoreTests {
    @Test func aChangeThatWaitsTooLongForTheBoardIsUnavailableAndTheBoardFreeAfterwards() async throws {
        try await PostgresTestDatabase.withSchema { url in
            // The schema is made first without the 1 ms lock timeout: its migration waits for the
            // lock that makes pg_trgm once per database, which another test may hold a moment.
            try await PostgresTestDatabase.withStore(url: url) { _ in }
            try await PostgresTestDatabase.withStore(url: url + "&lock_timeout=1") { store in
                _ = try await store.add(["a"])
                // Another server stalls while holding the board.
                let holder = try PostgresBoardStore(url: url, logger: PostgresTestDatabase.logger)
                let running = Task { await holder.run() }
                defer { running.cancel() }
                let release = AsyncStream<Void>.makeStream()
                let locked = WakeCount()
                let holding = Task {
                    try await holder.lockedTransaction { _, _ in
                        locked.add()
                        for await _ in release.stream {}
                    }
                }
                // Once the holder has the board, a change waits for it, then gives up.
                #expect(await locked.waitUntil { $0 == 1 })
                await #expect(throws: StoreUnavailable.self) { try await store.add(["b"]) }
                release.continuation.finish()
                try await holding.value
                #expect(try await store.add(["c"]).count == 1)
                #expect(try await store.titles()[.today] == ["a", "c"])
            }
        }
    }
}

/// A request whose connection closes under it is answered, even when the answer to its statement
/// never comes (postgres-nio drops a statement written to a connection as it closes).
extension PostgresBoardStoreTests {
    /// What `request` ends with, waited for at most 10 s; nil when it did not end by then (the
    /// request is left running: it is the defect being tested for).
    func outcome(of request: @escaping @Sendable () async throws -> Void) async -> Result<Void, any Error>? {
        let running = Task { () -> Result<Void, any Error> in
            do { return .success(try await request()) } catch { return .failure(error) }
        }
        let ended = WakeCount()
        let result = Mutex<Result<Void, any Error>?>(nil)
        Task {
            let value = await running.value
            result.withLock { $0 = value }
            ended.add()
        }
        _ = await ended.waitUntil { $0 == 1 }
        return result.withLock { $0 }
    }

    @Test func aStatementSentOnAConnectionThatJustClosedIsAnsweredUnavailable() async throws {
        try await PostgresTestDatabase.withSchema { url in
            try await PostgresTestDatabase.withStore(url: url) { store in
                let answer = await outcome {
                    _ = try await store.transaction { tx in
                        try await tx.connection.close()
                        // Straight to the connection, as a statement racing the close would be.
                        _ = try await tx.connection.query("SELECT 1", logger: PostgresTestDatabase.logger).collect()
                    }
                }
                let error = try #require(answer, "the request was answered").failure
                #expect(error is StoreUnavailable, "answered unavailable, not \(String(describing: error))")
                // The pool opens another connection: the store serves again.
                #expect(try await store.add(["after"]).count == 1)
            }
        }
    }

    @Test func aRequestWhoseConnectionClosedIsGivenUpWhenItsAnswerNeverComes() async throws {
        try await PostgresTestDatabase.withSchema { url in
            try await PostgresTestDatabase.withStore(url: url) { store in
                let cancelled = WakeCount()
                let answer = await outcome {
                    _ = try await store.transaction { tx in
                        try await tx.connection.close()
                        // An answer that never comes: only the request's being given up ends this.
                        let never = AsyncStream<Void>.makeStream()
                        for await _ in never.stream {}
                        cancelled.add()
                        _ = never.continuation
                    }
                }
                let error = try #require(answer, "the request was answered").failure
                let unavailable = try #require(error as? StoreUnavailable, "answered unavailable, not \(String(describing: error))")
                #expect(unavailable.reason.contains("never came"))
                // The work given up on is cancelled, not left waiting.
                #expect(await cancelled.waitUntil { $0 == 1 })
                #expect(try await store.add(["after"]).count == 1)
            }
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
