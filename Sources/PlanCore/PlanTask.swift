import Foundation

/// A task's identity: the store assigns it, it is never reused.
public typealias TaskID = Int64

/// One card on the board, as stored.
public struct PlanTask: Codable, Sendable, Equatable, Identifiable {
    public var id: TaskID
    public var title: String
    public var column: Column
    /// Position inside `column`; only its order relative to other keys of the same column matters.
    public var orderKey: OrderKey
    public var important: Bool
    public var finished: Bool
    /// Notes as stored: already sanitized HTML once the sanitizer has seen them.
    public var notes: String
    public var created: Date
    public var updated: Date

    public init(
        id: TaskID, title: String, column: Column, orderKey: OrderKey,
        important: Bool = false, finished: Bool = false, notes: String = "",
        created: Date, updated: Date
    ) {
        self.id = id
        self.title = title
        self.column = column
        self.orderKey = orderKey
        self.important = important
        self.finished = finished
        self.notes = notes
        self.created = created
        self.updated = updated
    }
}
