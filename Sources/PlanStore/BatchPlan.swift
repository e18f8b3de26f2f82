import Foundation
import PlanCore

/// The rules for changing several tasks at once (`BatchAction`): one change with an entry per
/// task, all or nothing, so that one Undo takes the whole of it back.
package enum BatchPlan {
    /// The change that does `action` to the tasks `ids`, decided on `board` (every task on the
    /// board, in its column's order, as `placedTasks` reads it); nil when every task already is as
    /// asked. Refused whole when a task is not on the board, or (for a move) finished.
    package static func decide(
        _ action: BatchAction, ids: [TaskID], board: [PlacedTask], today: BoardDay, at now: Date
    ) throws(PlanError) -> PlannedChange? {
        let wanted = Set(ids)
        guard !wanted.isEmpty, wanted.count <= BatchAction.maxTasks else {
            throw .invalidField(name: "ids", problem: .selection(limit: BatchAction.maxTasks))
        }
        // In the board's order: column by column (Today, Next, Later), top to bottom.
        let chosen = board.enumerated().filter { wanted.contains($0.element.task.id) }
            .sorted { (BoardColumn.allCases.firstIndex(of: $0.element.task.column)!, $0.offset) < (BoardColumn.allCases.firstIndex(of: $1.element.task.column)!, $1.offset) }
            .map(\.element)
        if chosen.count < wanted.count, let missing = ids.first(where: { id in !chosen.contains { $0.task.id == id } }) {
            throw .taskNotFound(missing)
        }
        let above = Dictionary(uniqueKeysWithValues: board.map { ($0.task.id, $0.above) })
        // Where an undo puts each task back: after the nearest task above it that stays.
        let anchor = { (placed: PlacedTask) -> TaskID? in
            var candidate = placed.above
            while let id = candidate, wanted.contains(id) { candidate = above[id] ?? nil }
            return candidate
        }
        var entries: [PlannedChange.Entry] = []
        switch action {
        case .finish(let finished):
            for placed in chosen {
                entries += try ChangePlan.finishing(placed.task, finished, today: today, at: now)?.entries ?? []
            }
        case .important(let important):
            for placed in chosen {
                var marked = placed.task
                marked.important = important
                entries += ChangePlan.content(.edit, from: placed.task, to: marked, at: now)?.entries ?? []
            }
        case .move(let column):
            if let finished = chosen.first(where: \.task.finished) { throw .taskFinished(title: finished.task.title) }
            entries = chosen.filter { $0.task.column != column }.map { placed in
                .init(.place(MovePlan.placed(placed.task, in: column, at: now), at: .last), before: placed.task, previousAnchor: anchor(placed))
            }
        case .delete:
            entries = chosen.map { .init(.remove($0.task), before: $0.task, previousAnchor: anchor($0)) }
        }
        return entries.isEmpty ? nil : PlannedChange(action.kind, entries: entries)
    }
}
