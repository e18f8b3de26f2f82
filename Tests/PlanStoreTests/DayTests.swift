import Foundation
import PlanCore
import Testing
@testable import PlanStore

/// The board's days on each store (`StoreKind`): the day's turn, the logbook, when-dates and
/// repeats, with a clock the test sets.
@Suite struct DayTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func day(_ iso: String) -> BoardDay { BoardDay(iso: iso)! }

    /// Runs `body` with a fresh store of `kind` whose clock starts at `moment`, in Berlin unless told.
    func withBoard(
        _ kind: StoreKind, at moment: String, zone: TimeZone? = nil, _ body: (any BoardStore, DayClock) async throws -> Void
    ) async throws {
        let clock = DayClock(moment)
        try await kind.withStore(now: { clock.now() }, serverZone: zone ?? berlin) { store in try await body(store, clock) }
    }

    @Test(arguments: StoreKind.available)
    func theTurnSendsYesterdaysFinishedTasksToTheLogbookAndKeepsTodays(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-24T10:00:00+01:00") { store, clock in
            _ = try await store.turnDay()
            let tasks = try await store.add(["done yesterday", "open", "done today"])
            _ = try await store.setFinished(tasks[0].id, true, client: "me")
            clock.set("2026-11-25T09:00:00+01:00")
            _ = try await store.setFinished(tasks[2].id, true, client: "me")
            let turn = try #require(try await store.turnDay())
            #expect(turn.value == TurnSummary(from: day("2026-11-24"), to: day("2026-11-25"), logged: 1, arrived: 0))
            #expect(try await store.titles()[.today] == ["open", "done today"])
            let logged = try await store.task(tasks[0].id)
            #expect(logged.inLogbook && logged.finished && logged.column == .today && logged.finishedDay == day("2026-11-24"))
            let page = try await store.logbook(after: nil, limit: 10)
            #expect(page.entries.map(\.title) == ["done yesterday"] && page.next == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func theTurnHappensOncePerDayHoweverOftenItIsAsked(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-24T10:00:00+01:00") { store, clock in
            let first = try #require(try await store.turnDay())
            #expect(first.value.from == nil && first.value.to == day("2026-11-24"))
            #expect(try await store.turnDay() == nil)
            clock.set("2026-11-24T23:59:00+01:00")
            #expect(try await store.turnDay() == nil)
            clock.set("2026-11-25T00:00:01+01:00")
            #expect(try await store.turnDay()?.value.to == day("2026-11-25"))
            #expect(try await store.turnDay() == nil)
            #expect(try await store.settings().lastTurnedDay == day("2026-11-25"))
        }
    }

    @Test(arguments: StoreKind.available)
    func daysMissedWhileStoppedAreTurnedInOneChange(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-20T10:00:00+01:00") { store, clock in
            _ = try await store.turnDay()
            let tasks = try await store.add(["finished on the 20th", "due on the 22nd"], to: .later)
            _ = try await store.setFinished(tasks[0].id, true, client: nil)
            _ = try await store.edit(tasks[1].id, try TaskEdit(when: .set(day("2026-11-22"))), client: nil)
            let before = try await store.revision()
            clock.set("2026-11-25T08:00:00+01:00")
            let turn = try #require(try await store.turnDay())
            #expect(turn.revision == before + 1)
            #expect(turn.value == TurnSummary(from: day("2026-11-20"), to: day("2026-11-25"), logged: 1, arrived: 1))
            #expect(try await store.titles()[.today] == ["due on the 22nd"])
            #expect(try await store.task(tasks[1].id).when == nil)
            #expect(try await store.task(tasks[0].id).finishedDay == day("2026-11-20"))
        }
    }

    @Test(arguments: StoreKind.available)
    func tasksWhoseDayHasComeGoToTheTopOfTodayInTheOrderOfTheirDays(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-24T10:00:00+01:00") { store, clock in
            _ = try await store.turnDay()
            try await store.add(["already today"])
            let later = try await store.add(["later, the 25th", "later, no day", "later, the 24th"], to: .later)
            let next = try await store.add(["next, the 25th", "next, the 26th"], to: .next)
            let today = try await store.add(["today, the 25th"])
            for (task, when) in [(later[0], "2026-11-25"), (later[2], "2026-11-24"), (next[0], "2026-11-25"), (next[1], "2026-11-26"), (today[0], "2026-11-25")] {
                _ = try await store.edit(task.id, try TaskEdit(when: .set(day(when))), client: nil)
            }
            clock.set("2026-11-25T07:00:00+01:00")
            let turn = try #require(try await store.turnDay())
            #expect(turn.value.arrived == 3)
            let titles = try await store.titles()
            #expect(titles[.today] == ["later, the 24th", "next, the 25th", "later, the 25th", "already today", "today, the 25th"])
            #expect(titles[.next] == ["next, the 26th"])
            #expect(titles[.later] == ["later, no day"])
            #expect(try await store.task(next[1].id).when == day("2026-11-26"))
            #expect(try await store.task(today[0].id).when == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func eachTaskTheTurnBroughtCanBeSentBackOnItsOwnWithItsDay(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-24T10:00:00+01:00") { store, clock in
            _ = try await store.turnDay()
            let later = try await store.add(["l1", "l2", "l3"], to: .later)
            let next = try await store.add(["n1"], to: .next)
            for task in [later[0], later[2], next[0]] { _ = try await store.edit(task.id, try TaskEdit(when: .set(day("2026-11-25"))), client: nil) }
            clock.set("2026-11-25T07:00:00+01:00")
            _ = try await store.turnDay()
            #expect(try await store.titles()[.today] == ["n1", "l1", "l3"])
            #expect(try await store.arrivals() == [later[0].id: .later, later[2].id: .later, next[0].id: .next])
            let back = try await store.undoArrival(later[2].id, client: "me")
            #expect(back.value.column == .later && back.value.when == day("2026-11-25"))
            #expect(try await store.titles() == [.today: ["n1", "l1"], .next: [], .later: ["l2", "l3"]])
            #expect(try await store.arrivals().keys.sorted() == [later[0].id, next[0].id])
            await #expect(throws: PlanError.nothingToUndo) { try await store.undoArrival(later[2].id, client: "me") }
            // A task moved since stays where it was moved to.
            _ = try await store.move(MoveRequest(taskID: next[0].id, column: .today, place: .bottom), client: "you")
            #expect(try await store.arrivals().keys.sorted() == [later[0].id])
            await #expect(throws: PlanError.changedSince(title: "n1")) { try await store.undoArrival(next[0].id, client: "me") }
            // The person's own undo reverts the arrival's undo.
            _ = try await store.undo(client: "me")
            #expect(try await store.titles()[.later] == ["l2"])
        }
    }

    @Test(arguments: StoreKind.available)
    func aDayThatStartsAtFourTurnsAtFourOnTheBoardsClock(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-24T12:00:00+08:00", zone: TimeZone(identifier: "Asia/Taipei")!) { store, clock in
            _ = try await store.saveSettings(timeZone: "Asia/Taipei", dayStartsAt: 4, client: nil)
            _ = try await store.turnDay()
            let task = try await store.add(["late night"])[0]
            clock.set("2026-11-25T02:00:00+08:00")
            _ = try await store.setFinished(task.id, true, client: nil)
            // 02:00 still belongs to the 24th.
            #expect(try await store.turnDay() == nil)
            #expect(try await store.task(task.id).finishedDay == day("2026-11-24"))
            clock.set("2026-11-25T04:00:00+08:00")
            #expect(try await store.turnDay()?.value.logged == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func theTurnFollowsTheBoardsZoneAcrossADaylightSavingChange(_ kind: StoreKind) async throws {
        // New York falls back on 2026-11-01: that day is 25 hours long.
        try await withBoard(kind, at: "2026-10-31T12:00:00-04:00", zone: TimeZone(identifier: "UTC")!) { store, clock in
            _ = try await store.saveSettings(timeZone: "America/New_York", dayStartsAt: 0, client: nil)
            _ = try await store.turnDay()
            clock.set("2026-11-01T23:30:00-05:00")
            #expect(try await store.turnDay()?.value.to == day("2026-11-01"))
            clock.set("2026-11-01T23:59:00-05:00")
            #expect(try await store.turnDay() == nil)
            clock.set("2026-11-02T00:00:30-05:00")
            #expect(try await store.turnDay()?.value.to == day("2026-11-02"))
        }
    }

    @Test(arguments: StoreKind.available)
    func clearingAColumnSendsItsFinishedTasksNowAndOneUndoBringsThemAllBack(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-25T10:00:00+01:00") { store, _ in
            let tasks = try await store.add(["a", "b", "c", "d"])
            try await store.add(["elsewhere"], to: .next)
            for task in [tasks[1], tasks[3]] { _ = try await store.setFinished(task.id, true, client: "me") }
            let cleared = try await store.clearFinished(in: .today, client: "me")
            #expect(cleared.value.map(\.title) == ["b", "d"] && cleared.value.allSatisfy(\.inLogbook))
            #expect(try await store.titles()[.today] == ["a", "c"])
            #expect(try await store.logbook(after: nil, limit: 10).entries.count == 2)
            let undone = try await store.undo(client: "me")
            #expect(undone.value.undone == .clear && undone.value.exists)
            #expect(try await store.titles()[.today] == ["a", "b", "c", "d"])
            #expect(try await store.logbook(after: nil, limit: 10).entries.isEmpty)
            #expect(try await store.task(tasks[1].id).finished)
            // Nothing to clear is no change.
            let revision = try await store.revision()
            #expect(try await store.clearFinished(in: .later, client: "me").revision == revision)
        }
    }

    @Test(arguments: StoreKind.available)
    func aTaskPutBackComesToTheTopOfItsColumnUnfinishedAndUndoSendsItBack(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-25T10:00:00+01:00") { store, _ in
            let tasks = try await store.add(["keep", "done"], to: .next)
            _ = try await store.setFinished(tasks[1].id, true, client: "me")
            _ = try await store.clearFinished(in: .next, client: "me")
            let back = try await store.putBack(tasks[1].id, client: "me")
            #expect(!back.value.inLogbook && !back.value.finished && back.value.finishedAt == nil)
            #expect(try await store.titles()[.next] == ["done", "keep"])
            await #expect(throws: PlanError.notInLogbook(title: "done")) { try await store.putBack(tasks[1].id, client: "me") }
            #expect(try await store.undo(client: "me").value.undone == .putBack)
            let logged = try await store.task(tasks[1].id)
            #expect(logged.inLogbook && logged.finished && logged.finishedDay == day("2026-11-25"))
            #expect(try await store.titles()[.next] == ["keep"])
        }
    }

    @Test(arguments: StoreKind.available)
    func aTaskInTheLogbookCannotBeMovedOrReopenedOrServeAsAnAnchor(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-25T10:00:00+01:00") { store, _ in
            let tasks = try await store.add(["open", "done"])
            _ = try await store.setFinished(tasks[1].id, true, client: nil)
            _ = try await store.clearFinished(in: .today, client: nil)
            await #expect(throws: PlanError.taskInLogbook(title: "done")) {
                try await store.move(MoveRequest(taskID: tasks[1].id, column: .next, after: nil), client: nil)
            }
            await #expect(throws: PlanError.taskInLogbook(title: "done")) { try await store.setFinished(tasks[1].id, false, client: nil) }
            await #expect(throws: PlanError.staleAnchor(anchor: "done")) {
                try await store.move(MoveRequest(taskID: tasks[0].id, column: .today, after: tasks[1].id), client: nil)
            }
            // Deleted from the logbook, and back again with undo.
            _ = try await store.delete(tasks[1].id, client: "me")
            await #expect(throws: PlanError.taskDeleted(title: "done")) { try await store.task(tasks[1].id) }
            _ = try await store.undo(client: "me")
            #expect(try await store.task(tasks[1].id).inLogbook)
            #expect(try await store.titles()[.today] == ["open"])
        }
    }

    @Test(arguments: StoreKind.available)
    func theLogbookIsPagedNewestDayFirstAndAPageSurvivesItsLastEntryLeaving(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-20T10:00:00+01:00") { store, clock in
            var finished: [String] = []
            for dayOfMonth in 20...24 {
                clock.set("2026-11-\(dayOfMonth)T10:00:00+01:00")
                for index in 1...3 {
                    let task = try await store.add(["\(dayOfMonth)-\(index)"])[0]
                    _ = try await store.setFinished(task.id, true, client: nil)
                    finished.append(task.title)
                }
            }
            clock.set("2026-11-25T10:00:00+01:00")
            #expect(try await store.turnDay()?.value.logged == 15)
            var seen: [PlanTask] = []
            var cursor: LogbookCursor?
            repeat {
                let page = try await store.logbook(after: cursor, limit: 4)
                #expect(page.entries.count <= 4)
                seen += page.entries
                cursor = page.next
            } while cursor != nil
            #expect(seen.map(\.title) == finished.reversed())
            #expect(seen.map { $0.finishedDay!.day } == [24, 24, 24, 23, 23, 23, 22, 22, 22, 21, 21, 21, 20, 20, 20])
            // The entry a cursor names is put back: the next page starts after its day.
            let first = try await store.logbook(after: nil, limit: 2)
            _ = try await store.putBack(first.entries[1].id, client: nil)
            let rest = try await store.logbook(after: first.next, limit: 20)
            #expect(rest.entries.map(\.title) == Array(finished.reversed().dropFirst(3)))
            #expect(try await store.board().allTasks.map(\.title) == ["24-2"])
        }
    }

    @Test(arguments: StoreKind.available)
    func finishingARepeatingTaskMakesItsNextOccurrenceAndUndoTakesItAway(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-25T10:00:00+01:00") { store, _ in
            // 2026-11-25 is a Wednesday.
            let weekly = try await store.create(try NewTask(title: "Water the plants", column: .today, important: true, repeats: .everyWeek(on: .monday)), client: "me").value
            let done = try await store.setFinished(weekly.id, true, client: "me")
            #expect(done.value.repeats == nil && done.value.finished)
            let board = try await store.board()
            let next = try #require(board.tasks(in: .later).first)
            #expect(next.title == "Water the plants" && next.important && next.when == day("2026-11-30") && next.repeats == .everyWeek(on: .monday))
            #expect(next.id != weekly.id && !next.finished)
            // Finishing it again from another tab makes no second occurrence.
            let again = try await store.setFinished(weekly.id, true, client: "other")
            #expect(again.revision == done.revision)
            #expect(try await store.board().allTasks.count == 2)
            _ = try await store.undo(client: "me")
            let after = try await store.board()
            #expect(after.allTasks.map(\.title) == ["Water the plants"])
            #expect(after.allTasks[0].repeats == .everyWeek(on: .monday) && !after.allTasks[0].finished)
        }
    }

    @Test(arguments: StoreKind.available)
    func aDailyTasksNextOccurrenceWaitsInNextAndArrivesWithTheTurn(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-25T10:00:00+01:00") { store, clock in
            _ = try await store.turnDay()
            let daily = try await store.create(try NewTask(title: "Stretch", column: .today, repeats: .everyDay), client: nil).value
            _ = try await store.setFinished(daily.id, true, client: nil)
            #expect(try await store.titles()[.next] == ["Stretch"])
            clock.set("2026-11-26T06:00:00+01:00")
            let turn = try #require(try await store.turnDay())
            #expect(turn.value.logged == 1 && turn.value.arrived == 1)
            let today = try await store.board().tasks(in: .today)
            #expect(today.map(\.title) == ["Stretch"] && today[0].repeats == .everyDay && today[0].when == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func aMonthlyRepeatOnTheThirtyFirstLandsOnShortMonthsLastDays(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2028-01-31T10:00:00+01:00") { store, clock in
            var task = try await store.create(try NewTask(title: "Rent", column: .today, repeats: .everyMonth(on: 31)), client: nil).value
            var days: [String] = []
            for moment in ["2028-01-31T11:00:00+01:00", "2028-02-29T11:00:00+01:00", "2028-03-31T11:00:00+02:00"] {
                clock.set(moment)
                _ = try await store.setFinished(task.id, true, client: nil)
                task = try #require(try await store.board().allTasks.first { !$0.finished })
                days.append(task.when!.iso)
            }
            #expect(days == ["2028-02-29", "2028-03-31", "2028-04-30"])
        }
    }

    @Test(arguments: StoreKind.available)
    func aRepeatWithNoDayLeftEndsWhenItsLastOccurrenceIsFinished(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "9999-12-31T10:00:00Z", zone: TimeZone(identifier: "UTC")!) { store, _ in
            let task = try await store.create(try NewTask(title: "Forever", column: .today, repeats: .everyDay), client: nil).value
            let done = try await store.setFinished(task.id, true, client: nil)
            #expect(done.value.finished)
            #expect(try await store.board().allTasks.count == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func settingsAreCheckedKeptAndAChangeOfThemIsAChange(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-25T10:00:00+01:00") { store, _ in
            #expect(try await store.settings() == BoardSettings())
            let saved = try await store.saveSettings(timeZone: "Asia/Taipei", dayStartsAt: 4, client: "me")
            #expect(saved.revision == 1 && saved.value.timeZone == "Asia/Taipei" && saved.value.dayStartsAt == 4)
            #expect(try await store.saveSettings(timeZone: "Asia/Taipei", dayStartsAt: 4, client: "me").revision == 1)
            await #expect(throws: PlanError.invalidField(name: "time_zone", problem: .unknownTimeZone)) {
                try await store.saveSettings(timeZone: "Nowhere/Land", dayStartsAt: 0, client: "me")
            }
            await #expect(throws: PlanError.invalidField(name: "day_starts", problem: .notAnHour)) {
                try await store.saveSettings(timeZone: nil, dayStartsAt: 25, client: "me")
            }
            #expect(try await store.settings().timeZone == "Asia/Taipei")
            #expect(try await store.saveSettings(timeZone: "", dayStartsAt: 0, client: "me").value.timeZone == nil)
            #expect(try await store.changes(after: 0, limit: 10).map(\.kind) == [.settings, .settings])
        }
    }

    @Test(arguments: StoreKind.available)
    func datesAndRepeatsAreEditedKeptAndUndone(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-25T10:00:00+01:00") { store, _ in
            let task = try await store.add(["Dentist"])[0]
            let edited = try await store.edit(
                task.id, try TaskEdit(when: .set(day("2026-12-03")), deadline: .set(day("2026-12-05")), repeats: .set(.everyMonth(on: 3))), client: "me")
            #expect(edited.value.when == day("2026-12-03") && edited.value.deadline == day("2026-12-05") && edited.value.repeats == .everyMonth(on: 3))
            #expect(edited.value.version != task.version)
            let stored = try await store.task(task.id)
            #expect(stored == edited.value)
            let cleared = try await store.edit(task.id, try TaskEdit(when: .set(nil), basedOn: edited.value.version), client: "me")
            #expect(cleared.value.when == nil && cleared.value.deadline == day("2026-12-05"))
            _ = try await store.undo(client: "me")
            #expect(try await store.task(task.id).when == day("2026-12-03"))
            _ = try await store.undo(client: "me")
            let original = try await store.task(task.id)
            #expect(original.when == nil && original.deadline == nil && original.repeats == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func theBoardIsDrawnWithoutItsLogbookAndALogbookEntryIsStillFound(_ kind: StoreKind) async throws {
        try await withBoard(kind, at: "2026-11-24T10:00:00+01:00") { store, clock in
            _ = try await store.turnDay()
            let tasks = try await store.add((1...30).map { "t\($0)" })
            for task in tasks.prefix(20) { _ = try await store.setFinished(task.id, true, client: nil) }
            clock.set("2026-11-25T10:00:00+01:00")
            _ = try await store.turnDay()
            let board = try await store.board()
            #expect(board.allTasks.map(\.title) == (21...30).map { "t\($0)" })
            // New tasks and moves among the rest are not disturbed by the logbook's old keys.
            let added = try await store.add(["new"])[0]
            _ = try await store.move(MoveRequest(taskID: added.id, column: .today, after: nil), client: nil)
            _ = try await store.move(MoveRequest(taskID: tasks[25].id, column: .today, place: .top), client: nil)
            #expect(try await store.titles()[.today]?.prefix(3) == ["t26", "new", "t21"])
            #expect(try await store.task(tasks[0].id).inLogbook)
        }
    }
}
