import Foundation
import PlanCore

/// A task on the board and the task above it (where an undo puts it back).
package struct PlacedTask: Sendable, Equatable {
    package let task: PlanTask
    package let above: TaskID?

    package init(_ task: PlanTask, above: TaskID?) {
        self.task = task
        self.above = above
    }
}

/// What a store looks up for the day's turn: the board's finished tasks, and its open tasks
/// whose day (`when`) is today or earlier, each with the task above it.
package struct TurnFacts: Sendable, Equatable {
    package var finished: [PlacedTask] = []
    package var due: [PlacedTask] = []

    package init() {}
}

/// What the day's turn did, kept with its change and shown to whoever asks.
public struct TurnSummary: Codable, Sendable, Equatable {
    /// The day the board had turned to before (nil: never turned).
    public let from: BoardDay?
    public let to: BoardDay
    public let logged: Int
    public let arrived: Int
}

/// The decisions of the board's days: the day's turn, clearing a column's finished tasks, putting a
/// task back from the logbook.
package enum DayPlan {
    /// The turn to `today` of a board last turned on `lastTurned`, or nil when it has turned today
    /// already (a second server, or a restart, finds nothing to do). Every finished task finished
    /// before today's start goes to the logbook, keeping its column, notes and origin, under the day
    /// it was finished; every open task whose day has come goes to the top of Today in the order of
    /// its day, its column and its place, its day cleared (it has arrived); a task already in Today
    /// stays where it is. Days missed while no server ran are turned in the same one change. A turn
    /// that moves no task is still a change (open pages redraw what "today" and "overdue" mean),
    /// except a board's very first turn, which has no page to redraw: its change is nil.
    package static func turn(
        _ facts: TurnFacts, lastTurned: BoardDay?, today: BoardDay, calendar: BoardCalendar, at now: Date
    ) -> (change: PlannedChange?, summary: TurnSummary)? {
        if let lastTurned, lastTurned >= today { return nil }
        let start = calendar.start(of: today)
        let logged = facts.finished.filter { ($0.task.finishedAt ?? $0.task.updated) < start }.map { placed in
            PlannedChange.Entry(.update(toLogbook(placed.task, calendar: calendar, at: now)), before: placed.task, previousAnchor: placed.above)
        }
        let due = facts.due.filter { !$0.task.finished && ($0.task.when.map { $0 <= today } ?? false) }.sorted { a, b in
            (a.task.when!, a.task.column, a.task.orderKey) < (b.task.when!, b.task.column, b.task.orderKey)
        }
        var arrived: [PlannedChange.Entry] = []
        var stayed: [PlannedChange.Entry] = []
        // Placed one by one at the top, last first, so the first ends up at the top.
        for placed in due.reversed() {
            var task = placed.task
            task.when = nil
            task.updated = now
            if placed.task.column == .today {
                stayed.append(.init(.update(task), before: placed.task))
            } else {
                task.column = .today
                arrived.append(.init(.place(task, at: .first), before: placed.task, previousAnchor: placed.above))
            }
        }
        let summary = TurnSummary(from: lastTurned, to: today, logged: logged.count, arrived: arrived.count)
        let entries = logged + arrived + stayed.reversed()
        if lastTurned == nil && entries.isEmpty { return (nil, summary) }
        return (PlannedChange(.turn, entries: entries, detail: summary.json), summary)
    }

    /// A column's finished tasks sent to the logbook now, in their order; nil when it has none.
    package static func clear(_ finished: [PlacedTask], calendar: BoardCalendar, at now: Date) -> PlannedChange? {
        let entries = finished.filter { $0.task.finished && !$0.task.inLogbook }.map { placed in
            PlannedChange.Entry(.update(toLogbook(placed.task, calendar: calendar, at: now)), before: placed.task, previousAnchor: placed.above)
        }
        return entries.isEmpty ? nil : PlannedChange(.clear, entries: entries)
    }

    /// A task from the logbook back at the top of the column it came from, unfinished.
    package static func putBack(_ task: PlanTask, at now: Date) throws(PlanError) -> PlannedChange {
        guard task.inLogbook else { throw .notInLogbook(title: task.title) }
        var back = task
        back.inLogbook = false
        back.finished = false
        back.finishedAt = nil
        back.finishedDay = nil
        back.updated = now
        return PlannedChange(.putBack, .place(back, at: .first), before: task)
    }

    /// A finished task as the logbook keeps it: under the day it was finished (a task finished before
    /// days were kept gets the day of its last change).
    static func toLogbook(_ task: PlanTask, calendar: BoardCalendar, at now: Date) -> PlanTask {
        var logged = task
        logged.inLogbook = true
        logged.finishedAt = task.finishedAt ?? task.updated
        logged.finishedDay = task.finishedDay ?? calendar.day(of: task.finishedAt ?? task.updated)
        return logged
    }
}

extension TurnSummary {
    /// As the change log keeps it.
    var json: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }
}
