import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    public func settings() async throws -> BoardSettings {
        try await writer.read { db in try Self.settings(db) }
    }

    public func saveSettings(timeZone: String?, dayStartsAt: Int, client: String?) async throws -> Revised<BoardSettings> {
        let wanted = try BoardSettings.checked(timeZone: timeZone, dayStartsAt: dayStartsAt)
        return try await write { db, now in
            let current = try Self.settings(db)
            guard current.timeZone != wanted.timeZone || current.dayStartsAt != wanted.dayStartsAt else {
                return Revised(revision: try Self.revision(db), value: current)
            }
            try db.execute(sql: "UPDATE boardState SET timeZone = ?, dayStartsAt = ?", arguments: [wanted.timeZone, wanted.dayStartsAt])
            // Every date a page shows may read differently now: a change, so pages and tabs notice.
            let revision = try carryOut(db, PlannedChange(.settings, entries: []), client: client, at: now).revision
            return Revised(revision: revision, value: try Self.settings(db))
        }
    }

    public func turnDay() async throws -> Revised<TurnSummary>? {
        let serverZone = self.serverZone
        return try await write { db, now in
            let settings = try Self.settings(db)
            let calendar = settings.calendar(serverZone: serverZone)
            let today = calendar.day(of: now)
            guard settings.lastTurnedDay.map({ $0 < today }) ?? true else { return nil }
            var facts = TurnFacts()
            facts.finished = try placedTasks(db, where: "finished")
            facts.due = try placedTasks(db, where: "NOT finished AND whenDay <= ?", [today.iso])
            guard let turn = DayPlan.turn(facts, lastTurned: settings.lastTurnedDay, today: today, calendar: calendar, at: now) else { return nil }
            try db.execute(sql: "UPDATE boardState SET lastTurnedDay = ?", arguments: [today.iso])
            let revision = try turn.change.map { try carryOut(db, $0, client: nil, at: now).revision } ?? Self.revision(db)
            return Revised(revision: revision, value: turn.summary)
        }
    }

    public func clearFinished(in column: BoardColumn, client: String?) async throws -> Revised<[PlanTask]> {
        let serverZone = self.serverZone
        return try await write { db, now in
            let calendar = try Self.settings(db).calendar(serverZone: serverZone)
            let finished = try placedTasks(db, where: "finished AND \"column\" = ?", [column.rawValue])
            guard let change = DayPlan.clear(finished, calendar: calendar, at: now) else {
                return Revised(revision: try Self.revision(db), value: [])
            }
            return try carryOut(db, change, client: client, at: now)
        }
    }

    public func putBack(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> {
        try await write { db, now in
            try carryOut(db, try DayPlan.putBack(try Self.existingTask(db, id), at: now), client: client, at: now).first
        }
    }

    public func logbook(after cursor: LogbookCursor?, limit: Int) async throws -> LogbookPage {
        try await writer.read { db in
            // Newest day first, then newest finish, through the logbook's own index; a page starts
            // after its cursor's entry, or after its day when that entry has left the logbook since.
            var sql = "SELECT * FROM task WHERE inLogbook = 1"
            var arguments: StatementArguments = []
            if let cursor {
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM task WHERE id = ? AND inLogbook = 1", arguments: [cursor.id]) == true {
                    sql += " AND (finishedDay, finishedAt, id) < (SELECT finishedDay, finishedAt, id FROM task WHERE id = ?)"
                    arguments += [cursor.id]
                } else {
                    sql += " AND finishedDay < ?"
                    arguments += [cursor.day.iso]
                }
            }
            sql += " ORDER BY finishedDay DESC, finishedAt DESC, id DESC LIMIT ?"
            arguments += [limit + 1]
            let rows = try PlanTask.fetchAll(db, sql: sql, arguments: arguments)
            let entries = Array(rows.prefix(limit))
            let next = rows.count > limit ? entries.last.flatMap { last in last.finishedDay.map { LogbookCursor(id: last.id, day: $0) } } : nil
            return LogbookPage(entries: entries, next: next)
        }
    }

    /// The board's settings as stored.
    static func settings(_ db: Database) throws -> BoardSettings {
        guard let row = try Row.fetchOne(db, sql: "SELECT timeZone, dayStartsAt, lastTurnedDay FROM boardState") else { return BoardSettings() }
        return BoardSettings(
            timeZone: row["timeZone"], dayStartsAt: row["dayStartsAt"], lastTurnedDay: (row["lastTurnedDay"] as String?).flatMap { BoardDay(iso: $0) })
    }

    /// The board's calendar as its settings say now.
    func calendar(_ db: Database) throws -> BoardCalendar {
        try Self.settings(db).calendar(serverZone: serverZone)
    }

    /// The board's tasks that pass `condition`, in column and key order, each with the task above it.
    func placedTasks(_ db: Database, where condition: String, _ arguments: StatementArguments = []) throws -> [PlacedTask] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT * FROM (
                    SELECT *, LAG(id) OVER (PARTITION BY "column" ORDER BY orderKey) AS above FROM task WHERE inLogbook = 0
                ) WHERE \(condition) ORDER BY "column", orderKey
                """,
            arguments: arguments
        ).map { row in PlacedTask(try PlanTask(row: row), above: row["above"]) }
    }
}

extension SQLiteBoardStore {
    public func arrivals() async throws -> [TaskID: BoardColumn] {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT taskID, before FROM change AS arrival
                    WHERE revision = (SELECT MAX(revision) FROM change WHERE kind = 'turn') AND placed AND undoneBy IS NULL
                    AND NOT EXISTS (SELECT 1 FROM change AS later WHERE later.taskID = arrival.taskID AND later.placed AND later.revision > arrival.revision)
                    """)
            return try rows.reduce(into: [:]) { arrivals, row in
                if let before = try LoggedChange.task(row["before"]) { arrivals[row["taskID"]] = before.column }
            }
        }
    }

    public func undoArrival(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> {
        try await write { db, now in
            guard let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT revision, entry, kind, before, after, previousAnchor, notesBack, notesDigest FROM change
                    WHERE taskID = ? AND kind = 'turn' AND placed AND undoneBy IS NULL ORDER BY revision DESC LIMIT 1
                    """,
                arguments: [id]),
                let logged = try LoggedUndo(
                    revision: row["revision"], kind: row["kind"], before: row["before"], after: row["after"],
                    previousAnchor: row["previousAnchor"], notesBack: row["notesBack"], notesDigest: row["notesDigest"])
            else { throw PlanError.nothingToUndo }
            let facts = try undoFacts(db, logged)
            let back = try UndoPlan.decide(facts, at: now)
            // A move of the person's own, which their undo can take back in turn.
            let above = try facts.current.flatMap { try predecessor(db, of: $0) }
            let undone = try carryOut(db, PlannedChange(.move, back.write, before: back.before, previousAnchor: above), client: client, at: now).first
            try db.execute(
                sql: "UPDATE change SET undoneBy = ? WHERE revision = ? AND entry = ?",
                arguments: [undone.revision, logged.revision, row["entry"] as Int])
            return undone
        }
    }
}
