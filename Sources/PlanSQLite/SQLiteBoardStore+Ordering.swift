import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    /// A fresh order key for `slot` in `column`, ignoring the task being moved.
    ///
    /// Reads at most three rows through the (column, orderKey) index, so a move costs the same
    /// in a column of 30 or 3,000 tasks. Only when the key would pass `OrderKey.maxLength` is the
    /// column rebalanced, in the same transaction.
    func placeKey(_ db: Database, in column: BoardColumn, at slot: Slot, moving task: PlanTask?) throws -> OrderKey {
        let (lower, upper) = try neighbours(db, in: column, at: slot, excluding: task?.id)
        if let key = OrderKey.within(lower, upper) { return key }
        try rebalance(db, column, parking: task)
        let (newLower, newUpper) = try neighbours(db, in: column, at: slot, excluding: task?.id)
        return OrderKey.between(newLower, newUpper)
    }

    /// Keys for `count` tasks added at the end of `column`, in order: after its last task, or,
    /// when that would pass `OrderKey.maxLength`, with the whole column spread again to make room.
    func appendKeys(_ db: Database, _ count: Int, to column: BoardColumn) throws -> [OrderKey] {
        let (last, _) = try neighbours(db, in: column, at: .last, excluding: nil)
        return try OrderKey.appending(count, after: last) ?? rebalance(db, column, parking: nil, making: count)
    }

    private func neighbours(
        _ db: Database, in column: BoardColumn, at slot: Slot, excluding excluded: TaskID?
    ) throws -> (OrderKey?, OrderKey?) {
        let others = "\"column\" = ? AND inLogbook = 0 AND id IS NOT ?"
        switch slot {
        case .first:
            let upper = try key(db, sql: "SELECT orderKey FROM task WHERE \(others) ORDER BY orderKey LIMIT 1", [column.rawValue, excluded])
            return (nil, upper)
        case .last:
            let lower = try key(db, sql: "SELECT orderKey FROM task WHERE \(others) ORDER BY orderKey DESC LIMIT 1", [column.rawValue, excluded])
            return (lower, nil)
        case .after(let anchor):
            let lower = try key(db, sql: "SELECT orderKey FROM task WHERE id = ?", [anchor])
            let upper = try key(
                db, sql: "SELECT orderKey FROM task WHERE \(others) AND orderKey > ? ORDER BY orderKey LIMIT 1",
                [column.rawValue, excluded, lower?.rawValue])
            return (lower, upper)
        }
    }

    private func key(_ db: Database, sql: String, _ arguments: StatementArguments) throws -> OrderKey? {
        try String.fetchOne(db, sql: sql, arguments: arguments).flatMap(OrderKey.init(rawValue:))
    }

    /// Spreads the column's keys evenly again; the task being moved is parked aside and placed by
    /// the caller. With `room`, the spread leaves that many keys free after the column's tasks and
    /// returns them.
    @discardableResult
    private func rebalance(_ db: Database, _ column: BoardColumn, parking task: PlanTask?, making room: Int = 0) throws -> [OrderKey] {
        metrics.countRebalance()
        let ids = try TaskID.fetchAll(
            db, sql: "SELECT id FROM task WHERE \"column\" = ? AND inLogbook = 0 AND id IS NOT ? ORDER BY orderKey",
            arguments: [column.rawValue, task?.id])
        // Old and new keys may coincide row to row; moving every key out of the key alphabet first
        // ('~' sorts after it and never appears in a real key) keeps the unique index satisfied throughout.
        try db.execute(sql: "UPDATE task SET orderKey = '~' || orderKey WHERE \"column\" = ? AND inLogbook = 0", arguments: [column.rawValue])
        let update = try db.makeStatement(sql: "UPDATE task SET orderKey = ? WHERE id = ?")
        let keys = OrderKey.spread(count: ids.count + room)
        for (id, key) in zip(ids, keys) {
            try update.execute(arguments: [key.rawValue, id])
        }
        return Array(keys.dropFirst(ids.count))
    }
}
