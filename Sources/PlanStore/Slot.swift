import PlanCore

/// Where in a column a task is wanted. The rules decide the slot; a store turns it into an order
/// key between the slot's neighbours (`OrderKey.between`), rebalancing the column when it must.
package enum Slot: Sendable, Equatable {
    case first
    case after(TaskID)
    case last
}
