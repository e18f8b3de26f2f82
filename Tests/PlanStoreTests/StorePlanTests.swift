import Foundation
import PlanCore
import Testing
@testable import PlanStore

/// The planners' decisions on their own, from facts given by hand: what each store carries out.
/// (The store suite proves the same rules on both stores end to end.)
@Suite struct StorePlanTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func task(_ id: TaskID, in column: BoardColumn = .today, finished: Bool = false, title: String? = nil) -> PlanTask {
        PlanTask(
            id: id, title: title ?? "t\(id)", column: column, orderKey: OrderKey.between(nil, nil), important: false, finished: finished,
            notes: .none, created: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0))
    }

    func facts(_ task: PlanTask?, above: TaskID? = nil, twoAbove: TaskID? = nil, below: TaskID? = nil, anchor: PlanTask? = nil) -> MoveFacts {
        var facts = MoveFacts()
        facts.task = task
        facts.above = above
        facts.twoAbove = twoAbove
        facts.below = below
        facts.anchor = anchor
        return facts
    }

    func slot(_ decision: MovePlan.Decision) -> Slot? {
        guard case .change(let change) = decision, case .place(_, let slot) = change.entries.first?.write else { return nil }
        return slot
    }

    @Test func eachRelativePlaceFindsItsSlotFromTheNeighbours() throws {
        let t = task(5)
        func decide(_ place: MovePlace, _ facts: MoveFacts) throws -> MovePlan.Decision {
            try MovePlan.decide(MoveRequest(taskID: 5, column: .today, place: place), facts, at: now)
        }
        #expect(slot(try decide(.top, facts(t, above: 4))) == .first)
        #expect(try decide(.top, facts(t, above: nil)) == .stays(t))
        #expect(slot(try decide(.bottom, facts(t, below: 6))) == .last)
        #expect(try decide(.bottom, facts(t, below: nil)) == .stays(t))
        #expect(slot(try decide(.up, facts(t, above: 4, twoAbove: 3))) == .after(3))
        #expect(slot(try decide(.up, facts(t, above: 4, twoAbove: nil))) == .first)
        #expect(try decide(.up, facts(t, above: nil)) == .stays(t))
        #expect(slot(try decide(.down, facts(t, below: 6))) == .after(6))
        #expect(try decide(.down, facts(t, below: nil)) == .stays(t))
    }

    @Test func aMoveToTheTopOfAnotherColumnIsAPlaceEvenWhenTheTaskIsFirstInItsOwn() throws {
        let decision = try MovePlan.decide(MoveRequest(taskID: 5, column: .next, place: .top), facts(task(5), above: nil), at: now)
        guard case .change(let change) = decision, case .place(let moved, .first) = change.entries.first?.write else {
            Issue.record("expected a place at the top, got \(decision)")
            return
        }
        #expect(moved.column == .next)
        #expect(moved.updated == now)
        #expect(change.kind == .move && change.entries[0].placed && change.entries[0].previousAnchor == nil)
    }

    @Test func anAnchoredMoveIsRefusedWhenTheAnchorLeftTheColumnAndNamesAGoneOne() {
        var gone = facts(task(5))
        gone.anchorFormerTitle = "old anchor"
        #expect(throws: PlanError.staleAnchor(anchor: "old anchor")) {
            try MovePlan.decide(MoveRequest(taskID: 5, column: .today, after: 9), gone, at: now)
        }
        #expect(throws: PlanError.staleAnchor(anchor: "t9")) {
            try MovePlan.decide(MoveRequest(taskID: 5, column: .today, after: 9), facts(task(5), anchor: task(9, in: .later)), at: now)
        }
    }

    @Test func theAnswerToAMoveIDComesBeforeAnyOtherRule() throws {
        // The task has been moved on since (to Later); the retry still gets the first answer: the
        // revision and the place that move gave, with the task as it is now otherwise.
        var facts = self.facts(task(5, in: .later))
        facts.recorded = RecordedMove(taskID: 5, column: .today, orderKey: task(5).orderKey, revision: 7)
        #expect(try MovePlan.decide(MoveRequest(taskID: 5, column: .next, after: nil, moveID: "m"), facts, at: now) == .answered(MoveResult(revision: 7, task: task(5))))
        var other = facts
        other.task = task(6)
        #expect(throws: PlanError.moveIDReused("m")) {
            try MovePlan.decide(MoveRequest(taskID: 6, column: .today, after: nil, moveID: "m"), other, at: now)
        }
    }

    @Test func aMissingTaskIsRefusedByTheTitleTheLogRemembers() {
        var facts = MoveFacts()
        facts.formerTitle = "gone"
        #expect(throws: PlanError.taskDeleted(title: "gone")) { try MovePlan.decide(MoveRequest(taskID: 5, column: .today, after: nil), facts, at: now) }
        #expect(throws: PlanError.taskNotFound(5)) { try MovePlan.decide(MoveRequest(taskID: 5, column: .today, after: nil), MoveFacts(), at: now) }
    }

    @Test func onlyTheFactsARequestUsesAreAskedFor() {
        let anchored = MovePlan.Needs(MoveRequest(taskID: 1, column: .today, after: 2, revision: 9))
        #expect(!anchored.lastPlaced && !anchored.twoAbove && !anchored.below && anchored.anchor == 2)
        let up = MovePlan.Needs(MoveRequest(taskID: 1, column: .today, place: .up, revision: 9))
        #expect(up.lastPlaced && up.twoAbove && !up.below && up.anchor == nil)
        let down = MovePlan.Needs(MoveRequest(taskID: 1, column: .today, place: .down))
        #expect(!down.lastPlaced && !down.twoAbove && down.below && down.anchor == nil)
    }

    func logged(_ kind: ChangeKind, before: PlanTask?, after: PlanTask?, previousAnchor: TaskID? = nil, revision: Int64 = 3) throws -> LoggedUndo {
        func json(_ task: PlanTask?) throws -> String? { try task.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) } }
        return try #require(try LoggedUndo(
            revision: revision, kind: kind.rawValue, before: json(before), after: json(after), previousAnchor: previousAnchor,
            notesBack: nil, notesDigest: nil))
    }

    @Test func undoingAMoveGoesBackAfterItsOldNeighbourUnlessThatLeftTheColumn() throws {
        let moved = task(5, in: .next)
        var facts = UndoFacts(try logged(.move, before: task(5), after: moved, previousAnchor: 4))
        facts.current = moved
        facts.lastPlaced = 3
        facts.anchor = task(4)
        let entry = try UndoPlan.decide(facts, at: now)
        var back = moved
        back.column = .today
        back.updated = now
        #expect(entry.write == .place(back, at: .after(4)))
        #expect(entry.before == moved && entry.placed)

        facts.anchor = task(4, in: .later)
        #expect(throws: PlanError.cannotGoBack(title: "t5")) { try UndoPlan.decide(facts, at: now) }
        facts.anchor = task(4)
        facts.lastPlaced = 8
        #expect(throws: PlanError.changedSince(title: "t5")) { try UndoPlan.decide(facts, at: now) }
    }

    /// Where an undo puts back the task it adds, if it adds one.
    func addedAt(_ change: PlannedChange.Entry) -> Slot? {
        guard case .add(_, let slot) = change.write else { return nil }
        return slot
    }

    @Test func aDeletedTaskComesBackAfterItsNeighbourOrAtTheEndWhenThatMoved() throws {
        let deleted = task(5)
        var facts = UndoFacts(try logged(.delete, before: deleted, after: nil, previousAnchor: 4))
        facts.anchor = task(4)
        let back = try UndoPlan.decide(facts, at: now)
        #expect(addedAt(back) == .after(4))
        #expect(back.write.task.id == 5 && back.write.task.updated == now && back.placed)
        facts.anchor = task(4, in: .next)
        #expect(addedAt(try UndoPlan.decide(facts, at: now)) == .last)
        facts.anchor = nil
        #expect(addedAt(try UndoPlan.decide(facts, at: now)) == .last)
        let first = UndoFacts(try logged(.delete, before: deleted, after: nil, previousAnchor: nil))
        #expect(addedAt(try UndoPlan.decide(first, at: now)) == .first)
    }

    @Test func anImportIsNotUndoneAndACreationIsUndoneOnlyWhileUnchanged() throws {
        #expect(throws: PlanError.importNotUndoable) { try UndoPlan.decide(UndoFacts(try logged(.import, before: nil, after: nil)), at: now) }
        var facts = UndoFacts(try logged(.create, before: nil, after: task(5)))
        facts.current = task(5)
        #expect(try UndoPlan.decide(facts, at: now).write == .remove(task(5)))
        facts.current = task(5, title: "renamed")
        #expect(throws: PlanError.changedSince(title: "renamed")) { try UndoPlan.decide(facts, at: now) }
        facts.current = nil
        #expect(throws: PlanError.changedSince(title: "t5")) { try UndoPlan.decide(facts, at: now) }
    }

    @Test func anImportIsTakenBackTaskByTaskOnlyWhileNoneChangedSince() throws {
        #expect(throws: PlanError.importUndoneAlready) { try ImportUndoPlan.check(ImportRecord(summary: nil, undoneBy: 12, loggedTasks: 3)) }
        #expect(throws: PlanError.importTasksNotLogged) { try ImportUndoPlan.check(ImportRecord(summary: nil, undoneBy: nil, loggedTasks: 0)) }
        // Set aside by the session's undo (revision 0) is not taken back.
        try ImportUndoPlan.check(ImportRecord(summary: nil, undoneBy: 0, loggedTasks: 3))

        var facts = UndoFacts(try logged(.import, before: nil, after: task(5), revision: 10))
        facts.current = task(5)
        facts.lastChanged = 10
        #expect(try ImportUndoPlan.removing(facts).write == .remove(task(5)))
        // Moved within its column since: the task looks the same, but a later change named it.
        facts.lastChanged = 11
        #expect(throws: PlanError.importChangedSince(title: "t5")) { try ImportUndoPlan.removing(facts) }
        facts.lastChanged = 10
        facts.current = task(5, title: "renamed")
        #expect(throws: PlanError.importChangedSince(title: "renamed")) { try ImportUndoPlan.removing(facts) }
        facts.current = nil
        #expect(throws: PlanError.importChangedSince(title: "t5")) { try ImportUndoPlan.removing(facts) }
        // The summary's own entry names no task.
        #expect(throws: PlanError.nothingToUndo) { try ImportUndoPlan.removing(UndoFacts(try logged(.import, before: nil, after: nil))) }
    }

    @Test func pruningRunsItsStepsInOrderWithBoundsFromThePolicy() {
        let policy = ChangeLogPolicy(undoDepth: 10, undoWindow: 100, notesBudget: 1_000, keepChanges: 500, keepDays: 2)
        let steps = PrunePlan.steps(policy: policy, revision: 1_000, at: now)
        #expect(steps == [
            .setAsideOutOfReach(olderThan: now - 100, deeperThan: 10),
            .dropNotesOfSetAside,
            .keepNotesWithin(bytes: 1_000),
            .removeChanges(upTo: 1_000 - StoreRules.alwaysKept, olderThan: now - 2 * 86_400, orUpTo: 500),
            .expireMoveIDs(olderThan: now - StoreRules.moveIDLifetime),
            .expireUploads(olderThan: now - StoreRules.stashLifetime),
        ])
        // However few changes the policy keeps, the newest `alwaysKept` stay.
        let stingy = PrunePlan.steps(policy: ChangeLogPolicy(keepChanges: 1), revision: 1_000, at: now)
        #expect(stingy[3] == .removeChanges(upTo: 1_000 - StoreRules.alwaysKept, olderThan: now - 30 * 86_400, orUpTo: 1_000 - StoreRules.alwaysKept))
    }

    @Test func aNotesBudgetStepCountsBothAsDroppedNotesAndAsSetAside() {
        var report = PruneReport()
        report.count(3, for: .keepNotesWithin(bytes: 1))
        report.count(2, for: .setAsideOutOfReach(olderThan: now, deeperThan: 1))
        report.count(4, for: .removeChanges(upTo: 1, olderThan: now, orUpTo: 1))
        report.count(1, for: .expireUploads(olderThan: now))
        #expect(report.notesDropped == 3 && report.setAside == 5 && report.removed == 4 && report.expired == 1)
    }
}
