import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    /// A fresh order key for `slot` in `column`, ignoring the task being moved: at most three
    /// rows read through the (column, order_key) index; the column is rebalanced, in the same
    /// transaction, only when the key would pass `OrderKey.maxLength`.
    func placeKey(_ tx: PostgresTransaction, in column: BoardColumn, at slot: Slot, moving task: PlanTask?) async throws -> OrderKey {
        let (lower, upper) = try await neighbours(tx, in: column, at: slot, excluding: task?.id)
        if let key = OrderKey.within(lower, upper) { return key }
        try await rebalance(tx, column, parking: task)
        let (newLower, newUpper) = try await neighbours(tx, in: column, at: slot, excluding: task?.id)
        return OrderKey.between(newLower, newUpper)
    }

    /// Keys for `count` tasks added at the end of `column`, in order: after its last task, or,
    /// when that would pass `OrderKey.maxLength`, with the whole column spread again to make room.
    func appendKeys(_ tx: PostgresTransaction, _ count: Int, to column: BoardColumn) async throws -> [OrderKey] {
        let (last, _) = try await neighbours(tx, in: column, at: .last, excluding: nil)
        if let keys = OrderKey.appending(count, after: last) { return keys }
        return try await rebalance(tx, column, parking: nil, making: count)
    }

    /// The keys a new key must fall between (nil: the column's start or end).
    private func neighbours(
        _ tx: PostgresTransaction, in column: BoardColumn, at slot: Slot, excluding excluded: TaskID?
    ) async throws -> (OrderKey?, OrderKey?) {
        // -1 is no task's id: "no task to leave out".
        let skip = excluded ?? -1
        func key(_ query: PostgresQuery) async throws -> OrderKey? {
            try await tx.value(query, as: String.self).flatMap(OrderKey.init(rawValue:))
        }
        switch slot {
        case .first:
            return (nil, try await key(#"SELECT order_key FROM task WHERE "column" = \#(column.rawValue) AND NOT in_logbook AND id <> \#(skip) ORDER BY order_key LIMIT 1"#))
        case .last:
            return (try await key(#"SELECT order_key FROM task WHERE "column" = \#(column.rawValue) AND NOT in_logbook AND id <> \#(skip) ORDER BY order_key DESC LIMIT 1"#), nil)
        case .after(let anchor):
            // The anchor's key and the next one after it, in one statement.
            guard let row = try await tx.rows(#"""
                SELECT anchor.order_key, (
                    SELECT order_key FROM task WHERE "column" = \#(column.rawValue) AND NOT in_logbook AND id <> \#(skip) AND order_key > anchor.order_key
                    ORDER BY order_key LIMIT 1)
                FROM task AS anchor WHERE anchor.id = \#(anchor)
                """#).first
            else { return try await neighbours(tx, in: column, at: .first, excluding: excluded) }
            let (lower, upper) = try row.decode((String, String?).self)
            return (OrderKey(rawValue: lower), upper.flatMap(OrderKey.init(rawValue:)))
        }
    }

    /// Spreads the column's keys evenly again in two statements; the task being moved is parked
    /// aside and placed by the caller. With `room`, the spread leaves that many keys free after the
    /// column's tasks and returns them.
    @discardableResult
    private func rebalance(_ tx: PostgresTransaction, _ column: BoardColumn, parking task: PlanTask?, making room: Int = 0) async throws -> [OrderKey] {
        metrics.countRebalance()
        let ids = try await tx.rows(#"SELECT id FROM task WHERE "column" = \#(column.rawValue) AND NOT in_logbook AND id <> \#(task?.id ?? -1) ORDER BY order_key"#)
            .map { try $0.decode(Int64.self) }
        let spread = OrderKey.spread(count: ids.count + room)
        let keys = spread.prefix(ids.count).map(\.rawValue)
        // '~' sorts after every key character and never appears in a real key: parked keys cannot
        // meet the new ones, so the unique (column, order_key) holds after every row.
        try await tx.execute(#"UPDATE task SET order_key = '~' || order_key WHERE "column" = \#(column.rawValue) AND NOT in_logbook"#)
        try await tx.execute("""
            UPDATE task SET order_key = spread.key FROM unnest(\(ids)::bigint[], \(keys)::text[]) AS spread(id, key)
            WHERE task.id = spread.id
            """)
        return Array(spread.dropFirst(ids.count))
    }
}
