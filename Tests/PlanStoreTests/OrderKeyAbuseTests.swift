import Foundation
import PlanCore
import Testing
@testable import PlanSQLite
@testable import PlanStore

/// Order keys under abuse, through the real store: positions must match a plain list model,
/// keys must stay under `OrderKey.maxLength`, and rebalancing must be rare.
@Suite struct OrderKeyAbuseTests {
    /// The reference: each column as a plain array of ids.
    struct ListModel {
        var columns: [BoardColumn: [TaskID]] = [.today: [], .next: [], .later: []]

        mutating func append(_ id: TaskID, to column: BoardColumn) { columns[column, default: []].append(id) }

        mutating func move(_ id: TaskID, to column: BoardColumn, after anchor: TaskID?) {
            for key in columns.keys { columns[key]?.removeAll { $0 == id } }
            let index = anchor.flatMap { columns[column]!.firstIndex(of: $0).map { $0 + 1 } } ?? 0
            columns[column]!.insert(id, at: index)
        }
    }

    static let count = 10_000

    func assertMatches(_ store: any BoardStore, _ model: ListModel, _ label: String) async throws {
        let board = try await store.board()
        for column in BoardColumn.allCases {
            #expect(board.tasks(in: column).map(\.id) == model.columns[column], "\(label): order of \(column)")
        }
        let longest = board.allTasks.map(\.orderKey.length).max() ?? 0
        #expect(longest <= OrderKey.maxLength, "\(label): longest key \(longest)")
        #expect(Set(board.allTasks.map { "\($0.column)/\($0.orderKey)" }).count == board.allTasks.count, "\(label): keys unique")
    }

    /// Creates `count` tasks in Later (itself 10,000 appends at one spot), then moves each to one spot in Today.
    func insertAtOneSpot(_ label: String, anchor: (_ firstID: TaskID, _ previousID: TaskID?) -> TaskID?) async throws {
        let store = try SQLiteBoardStore.forTesting()
        var model = ListModel()
        let fixed = try await store.add(["fixed-1", "fixed-2"], to: .today)
        fixed.forEach { model.append($0.id, to: .today) }
        var ids: [TaskID] = []
        for index in 0..<Self.count {
            let task = try await store.create(try NewTask(title: "t\(index)", column: .later), client: nil).value
            model.append(task.id, to: .later)
            ids.append(task.id)
        }
        let afterAppends = store.metrics.rebalanceCount
        var previous: TaskID?
        for id in ids {
            let after = anchor(fixed[0].id, previous)
            _ = try await store.move(MoveRequest(taskID: id, column: .today, after: after), client: nil)
            model.move(id, to: .today, after: after)
            previous = id
        }
        try await assertMatches(store, model, label)
        print("order keys: \(Self.count) appends → \(afterAppends) rebalances; \(Self.count) inserts \(label) → \(store.metrics.rebalanceCount - afterAppends) rebalances")
        #expect(afterAppends <= 3, "appends rebalance rarely")
        #expect(store.metrics.rebalanceCount - afterAppends <= 10, "\(label): rebalances are rare")
    }

    @Test func tenThousandInsertsRightAfterOneTask() async throws {
        try await insertAtOneSpot("right after one task") { first, _ in first }
    }

    @Test func tenThousandInsertsAtTheTop() async throws {
        try await insertAtOneSpot("at the top of the column") { _, _ in nil }
    }

    @Test func tenThousandInsertsEachAfterTheLastInserted() async throws {
        try await insertAtOneSpot("each after the previous insert") { first, previous in previous ?? first }
    }

    @Test(arguments: StoreKind.available)
    func tenThousandRandomMovesMatchAListModel(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            var model = ListModel()
            var generator = SeededGenerator(seed: 20261122)
            var ids: [TaskID] = []
            for index in 0..<300 {
                let column = BoardColumn.allCases.randomElement(using: &generator)!
                let task = try await store.create(try NewTask(title: "t\(index)", column: column), client: nil).value
                model.append(task.id, to: column)
                ids.append(task.id)
            }
            for step in 1...Self.count {
                let id = ids.randomElement(using: &generator)!
                let column = BoardColumn.allCases.randomElement(using: &generator)!
                let candidates = model.columns[column]!.filter { $0 != id }
                // One move in eight goes to the top; the rest after a random task of the target column.
                let after = Int.random(in: 0..<8, using: &generator) == 0 ? nil : candidates.randomElement(using: &generator)
                _ = try await store.move(MoveRequest(taskID: id, column: column, after: after), client: nil)
                model.move(id, to: column, after: after)
                if step % 2_500 == 0 { try await assertMatches(store, model, "after \(step) random moves") }
            }
            let longest = try await store.board().allTasks.map(\.orderKey.length).max() ?? 0
            let rebalances = kind.rebalanceCount(store)
            print("order keys (\(kind.testDescription)): \(Self.count) random moves over 300 tasks → \(rebalances) rebalances, longest key \(longest)")
            #expect(rebalances == 0)
        }
    }
}

/// SplitMix64, so the property tests replay exactly from their seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
