import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    public func settings() async throws -> BoardSettings {
        try await autocommit { tx in
            guard let row = try await tx.rows("SELECT time_zone, day_starts_at, last_turned_day FROM board_state WHERE id = 1").first else {
                return BoardSettings()
            }
            let (zone, hour, turned) = try row.decode((String?, Int, String?).self)
            return BoardSettings(timeZone: zone, dayStartsAt: hour, lastTurnedDay: turned.flatMap { BoardDay(iso: $0) })
        }
    }

    public func saveSettings(timeZone: String?, dayStartsAt: Int, client: String?) async throws -> Revised<BoardSettings> {
        let wanted = try BoardSettings.checked(timeZone: timeZone, dayStartsAt: dayStartsAt)
        return try await write { tx, now, board in
            var settings = board.settings
            guard settings.timeZone != wanted.timeZone || settings.dayStartsAt != wanted.dayStartsAt else {
                return Revised(revision: board.revision, value: settings)
            }
            try await tx.execute("UPDATE board_state SET time_zone = \(wanted.timeZone), day_starts_at = \(wanted.dayStartsAt) WHERE id = 1")
            settings.timeZone = wanted.timeZone
            settings.dayStartsAt = wanted.dayStartsAt
            // Every date a page shows may read differently now: a change, so pages and tabs notice.
            let revision = try await carryOut(tx, board, PlannedChange(.settings, entries: []), client: client, at: now).revision
            return Revised(revision: revision, value: settings)
        }
    }

    public func turnDay() async throws -> Revised<TurnSummary>? {
        let serverZone = self.serverZone
        return try await write { tx, now, board in
            // Under the board's lock: of several servers turning at once, the first turns and the
            // others find the day turned.
            let calendar = board.settings.calendar(serverZone: serverZone)
            let today = calendar.day(of: now)
            guard board.settings.lastTurnedDay.map({ $0 < today }) ?? true else { return nil }
            var facts = TurnFacts()
            facts.finished = try await placedTasks(tx, finished: true)
            facts.due = try await placedTasks(tx, finished: false, dueBy: today)
            guard let turn = DayPlan.turn(facts, lastTurned: board.settings.lastTurnedDay, today: today, calendar: calendar, at: now) else { return nil }
            try await tx.execute("UPDATE board_state SET last_turned_day = \(today.iso) WHERE id = 1")
            guard let change = turn.change else { return Revised(revision: board.revision, value: turn.summary) }
            return Revised(revision: try await carryOut(tx, board, change, client: nil, at: now).revision, value: turn.summary)
        }
    }

    public func clearFinished(in column: BoardColumn, client: String?) async throws -> Revised<[PlanTask]> {
        let serverZone = self.serverZone
        return try await write { tx, now, board in
            let finished = try await placedTasks(tx, finished: true, in: column)
            guard let change = DayPlan.clear(finished, calendar: board.settings.calendar(serverZone: serverZone), at: now) else {
                return Revised(revision: board.revision, value: [])
            }
            return try await carryOut(tx, board, change, client: client, at: now)
        }
    }

    public func putBack(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> {
        try await write { tx, now, board in
            try await carryOut(tx, board, try DayPlan.putBack(try await tx.existingTask(id), at: now), client: client, at: now).first
        }
    }

    public func logbook(after cursor: LogbookCursor?, limit: Int) async throws -> LogbookPage {
        try await autocommit { tx in
            // Newest day first, then newest finish, through the logbook's own index; a page starts
            // after its cursor's entry, or after its day when that entry has left the logbook since.
            let rows = try await tx.rows(#"""
                SELECT \#(unescaped: PlanTask.postgresColumns) FROM task
                WHERE in_logbook AND CASE
                    WHEN \#(cursor?.id)::bigint IS NULL THEN true
                    WHEN EXISTS (SELECT 1 FROM task AS at WHERE at.id = \#(cursor?.id) AND at.in_logbook)
                        THEN (finished_day, finished_at, id) < (SELECT finished_day, finished_at, id FROM task AS at WHERE at.id = \#(cursor?.id))
                    ELSE finished_day < \#(cursor?.day.iso)
                END
                ORDER BY finished_day DESC, finished_at DESC, id DESC LIMIT \#(limit + 1)
                """#)
            let entries = try rows.prefix(limit).map(PlanTask.init(postgres:))
            let next = rows.count > limit ? entries.last.flatMap { last in last.finishedDay.map { LogbookCursor(id: last.id, day: $0) } } : nil
            return LogbookPage(entries: entries, next: next)
        }
    }

    /// The board's tasks that are finished (or not), in `column` when one is given, and due by
    /// `dueBy` when a day is given, in column and key order, each with the task above it.
    func placedTasks(
        _ tx: PostgresTransaction, finished: Bool?, in column: BoardColumn? = nil, dueBy day: BoardDay? = nil
    ) async throws -> [PlacedTask] {
        try await tx.rows(#"""
            SELECT * FROM (
                SELECT \#(unescaped: PlanTask.postgresColumns), LAG(id) OVER (PARTITION BY "column" ORDER BY order_key) AS above
                FROM task WHERE NOT in_logbook
            ) AS board
            WHERE (\#(finished)::boolean IS NULL OR finished = \#(finished)) AND (\#(column?.rawValue)::text IS NULL OR "column" = \#(column?.rawValue))
                AND (\#(day?.iso)::text IS NULL OR when_day <= \#(day?.iso))
            ORDER BY "column", order_key
            """#
        ).map { row in
            PlacedTask(try PlanTask(postgres: row), above: try row.makeRandomAccess()["above"].decode(Int64?.self))
        }
    }
}

extension PostgresBoardStore {
    public func arrivals() async throws -> [TaskID: BoardColumn] {
        try await autocommit { tx in
            try await tx.rows("""
                SELECT task_id, before FROM change AS arrival
                WHERE revision = (SELECT MAX(revision) FROM change WHERE kind = 'turn') AND placed AND undone_by IS NULL
                AND NOT EXISTS (SELECT 1 FROM change AS later WHERE later.task_id = arrival.task_id AND later.placed AND later.revision > arrival.revision)
                """
            ).reduce(into: [:]) { arrivals, row in
                let (id, before) = try row.decode((Int64, String?).self)
                if let task = try LoggedChange.task(before) { arrivals[id] = task.column }
            }
        }
    }

    public func undoArrival(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> {
        try await write { tx, now, board in
            guard let row = try await tx.rows("""
                SELECT revision, entry, kind, before, after, previous_anchor, notes_back, notes_digest FROM change
                WHERE task_id = \(id) AND kind = 'turn' AND placed AND undone_by IS NULL ORDER BY revision DESC LIMIT 1
                """).first
            else { throw PlanError.nothingToUndo }
            let (revision, index, kind, before, after, anchor, back, digest) = try row.decode((Int64, Int, String, String?, String?, Int64?, String?, Int64?).self)
            guard let logged = try LoggedUndo(
                revision: revision, kind: kind, before: before, after: after, previousAnchor: anchor, notesBack: back, notesDigest: digest)
            else { throw PlanError.nothingToUndo }
            let facts = try await undoFacts(tx, logged)
            let sendBack = try UndoPlan.decide(facts, at: now)
            // A move of the person's own, which their undo can take back in turn.
            var above: TaskID?
            if let current = facts.current { above = try await tx.predecessor(of: current) }
            let undone = try await carryOut(
                tx, board, PlannedChange(.move, sendBack.write, before: sendBack.before, previousAnchor: above), client: client, at: now).first
            try await tx.execute("UPDATE change SET undone_by = \(undone.revision) WHERE revision = \(revision) AND entry = \(index)")
            return undone
        }
    }
}
