import Foundation
import GRDB
import PlanCore
import Synchronization
import Testing
@testable import PlanSQLite
@testable import PlanStore

/// A clock a test moves by hand (days at a time), so that history can age.
final class ManualClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_795_000_000))

    func now() -> Date {
        current.withLock { value in
            value += 0.001
            return value
        }
    }

    func advance(days: Double) {
        current.withLock { $0 += days * 24 * 60 * 60 }
    }
}

@Suite struct TextPatchTests {
    @Test(arguments: [
        ("", ""), ("abc", ""), ("", "abc"), ("same", "same"), ("milk\neggs", "milk\nbread\neggs"),
        ("a long note that changed in the middle", "a long note that was changed here in the middle"),
        ("写报告 📝 café", "写完报告 📝📝 cafe\u{301}"), ("aaaa", "aa"), ("abab", "ab"), ("x", "y"),
    ])
    func aPatchGoesBackExactly(newer: String, older: String) throws {
        let patch = TextPatch(from: newer, backTo: older)
        #expect(patch.apply(to: newer) == older)
        #expect(patch.size <= older.utf8.count)
    }

    @Test func aSmallEditOfALongNoteKeepsOnlyTheStretchThatChanged() {
        let older = String(repeating: "A line of a long note.\n", count: 10_000)
        let newer = older + "One more line.\n"
        let patch = TextPatch(from: newer, backTo: older)
        #expect(patch.size == 0)
        #expect(patch.apply(to: newer) == older)
        let rewritten = String(older.prefix(1000)) + "changed" + String(older.dropFirst(1100))
        let back = TextPatch(from: rewritten, backTo: older)
        #expect(back.size == 100)
        #expect(back.apply(to: rewritten) == older)
    }

    @Test func aPatchDoesNotFitATextTooShortForIt() {
        let patch = TextPatch(from: "abcdef", backTo: "abXYef")
        #expect(patch.apply(to: "ab") == nil)
    }

    @Test func randomEditsRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab c\né📝")
        for _ in 0..<300 {
            let older = String((0..<Int.random(in: 0...20, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            var newer = Array(older)
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                if !newer.isEmpty, Bool.random(using: &generator) {
                    newer.remove(at: Int.random(in: 0..<newer.count, using: &generator))
                } else {
                    newer.insert(alphabet.randomElement(using: &generator)!, at: Int.random(in: 0...newer.count, using: &generator))
                }
            }
            let patch = TextPatch(from: String(newer), backTo: older)
            #expect(patch.apply(to: String(newer)) == older, "\(older.debugDescription) ← \(String(newer).debugDescription)")
        }
    }
}

@Suite struct HistoryTests {
    static func notes(_ text: String) -> TaskNotes {
        TaskNotes(source: text, format: .plain, html: "<p>\(text)</p>", excerpt: String(text.prefix(40)))
    }

    /// The size of the notes the log keeps for undo, in bytes.
    static func loggedNotesBytes(_ store: SQLiteBoardStore) async throws -> Int {
        try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(length(notesBack)), 0) FROM change") ?? 0 }
    }

    static func fileBytes(_ folder: URL) throws -> Data {
        var all = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            all.append(try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        return all
    }

    @Test func sixtyEditsOfALongNoteKeepOnlyWhatChangedAndUndoBringsEachBack() async throws {
        let store = try SQLiteBoardStore.forTesting()
        var text = String(repeating: "A line of a long note, about 250 KB in all.\n", count: 5_800)
        let task = try await store.create(try NewTask(title: "long", column: .today, notes: Self.notes(text)), client: "me").value
        var versions = [text]
        for edit in 1...60 {
            text += "Edit \(edit).\n"
            versions.append(text)
            _ = try await store.edit(task.id, try TaskEdit(notes: Self.notes(text)), client: "me")
        }
        // The log holds the lines that changed, not 60 copies of 250 KB (the old log kept 28 MB).
        let logged = try await Self.loggedNotesBytes(store)
        #expect(logged < 20_000, "\(logged) bytes of notes in the log")
        for back in (0..<60).reversed() {
            let undone = try await store.undo(client: "me")
            #expect(undone.value.task.notesSource == versions[back], "undo \(60 - back)")
            #expect(undone.value.task.notes == "<p>\(versions[back])</p>")
        }
    }

    @Test func rewrittenNotesStayWithinTheBudgetAndOlderEditsAreSetAside() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("board.sqlite").path
        let clock = ManualClock()
        let budget = 2 << 20
        let store = try SQLiteBoardStore.open(path: path, now: { clock.now() }, policy: ChangeLogPolicy(notesBudget: budget))
        let task = try await store.create(try NewTask(title: "long", column: .today), client: "me").value
        for edit in 1...60 {
            // Every edit replaces the whole note: nothing in common to leave out.
            let text = String(repeating: "\(edit % 10)", count: 250_000)
            _ = try await store.edit(task.id, try TaskEdit(notes: Self.notes(text)), client: "me")
        }
        _ = try await store.pruneHistory()
        let logged = try await Self.loggedNotesBytes(store)
        #expect(logged <= budget)
        // The file: the task's own notes (as written and as shown, with room for the page they are
        // rewritten into), the budget, search's folded copy of the notes and its index (a note of
        // one repeated digit is one trigram at 250,000 places), the rest small.
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        #expect(size < budget + 2 * 500_000 + 2 * 250_000 + 1_000_000, "the file is \(size) bytes")
        // What the budget holds can be undone; the change before it cannot.
        var undone = 0
        while (try? await store.undo(client: "me")) != nil { undone += 1 }
        #expect(undone >= 3 && undone < 60, "\(undone) undos")
    }

    @Test func aDeletedTasksNotesAreGoneFromTheFileOnceItsUndoWindowHasPassed() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("board.sqlite").path
        let clock = ManualClock()
        let store = try SQLiteBoardStore.open(path: path, now: { clock.now() })
        let marker = "SECRET-NOTE-7f3a9c"
        let task = try await store.create(try NewTask(title: "private", column: .today, notes: Self.notes("v1 \(marker) " + String(repeating: "x", count: 5_000))), client: "me").value
        _ = try await store.edit(task.id, try TaskEdit(notes: Self.notes("v2 \(marker) changed")), client: "me")
        _ = try await store.delete(task.id, client: "me")
        // Within the window the delete can be undone, notes and all, and done again.
        let back = try await store.undo(client: "me")
        #expect(back.value.task.notesSource == "v2 \(marker) changed")
        _ = try await store.delete(task.id, client: "me")
        #expect(try Self.fileBytes(folder.url).range(of: Data(marker.utf8)) != nil, "still there while undo can reach it")

        clock.advance(days: 8)
        let report = try await store.pruneHistory()
        #expect(report.notesDropped > 0)
        await #expect(throws: PlanError.nothingToUndo) { try await store.undo(client: "me") }
        #expect(try Self.fileBytes(folder.url).range(of: Data(marker.utf8)) == nil, "the file and its write-ahead log no longer hold the notes")
        let backup = folder.url.appendingPathComponent("backup.sqlite").path
        _ = try store.backup(to: backup)
        #expect(try Data(contentsOf: URL(fileURLWithPath: backup)).range(of: Data(marker.utf8)) == nil)
        // Error messages still name the task by its title.
        await #expect(throws: PlanError.taskDeleted(title: "private")) { try await store.task(task.id) }
    }

    @Test(arguments: StoreKind.available)
    func aDeletedTasksNotesAreGoneFromEveryTableOnceItsUndoWindowHasPassed(_ kind: StoreKind) async throws {
        let clock = ManualClock()
        try await kind.withStore(now: { clock.now() }) { store in
            let marker = "SECRET-NOTE-41c2e8"
            let task = try await store.create(try NewTask(title: "private", column: .today, notes: Self.notes("v1 \(marker) " + String(repeating: "x", count: 5_000))), client: "me").value
            _ = try await store.edit(task.id, try TaskEdit(notes: Self.notes("v2 \(marker) changed")), client: "me")
            _ = try await store.delete(task.id, client: "me")
            #expect(try await kind.storedRows(in: store, containing: marker) > 0, "kept while undo can reach it")
            clock.advance(days: 8)
            _ = try await store.pruneHistory()
            await #expect(throws: PlanError.nothingToUndo) { try await store.undo(client: "me") }
            #expect(try await kind.storedRows(in: store, containing: marker) == 0, "no row of any table holds the notes")
            // The task is still named by its title.
            await #expect(throws: PlanError.taskDeleted(title: "private")) { try await store.task(task.id) }
        }
    }

    @Test(arguments: StoreKind.available)
    func undoReachesBackOnlyAsDeepAndAsLongAsThePolicySays(_ kind: StoreKind) async throws {
        let clock = ManualClock()
        try await kind.withStore(now: { clock.now() }, policy: ChangeLogPolicy(undoDepth: 5)) { store in
            let tasks = try await store.add((1...8).map { "t\($0)" })
            for task in tasks { _ = try await store.setFinished(task.id, true, client: "me") }
            for _ in 0..<5 { _ = try await store.undo(client: "me") }
            await #expect(throws: PlanError.nothingToUndo, "the sixth change back is out of reach") { try await store.undo(client: "me") }

            let other = try await store.setFinished(tasks[0].id, false, client: "you")
            #expect(other.value.finished == false)
            clock.advance(days: 8)
            await #expect(throws: PlanError.nothingToUndo, "a week later") { try await store.undo(client: "you") }
        }
    }

    @Test(arguments: StoreKind.available)
    func theLogKeepsItsNewestChangesAndDropsTheRest(_ kind: StoreKind) async throws {
        let clock = ManualClock()
        try await kind.withStore(now: { clock.now() }, policy: ChangeLogPolicy(keepChanges: 300, keepDays: 30)) { store in
            let task = try await store.add(["t"])[0]
            for index in 0..<600 { _ = try await store.setFinished(task.id, index.isMultiple(of: 2), client: "me") }
            _ = try await store.pruneHistory()
            let current = try await store.revision()
            let rows = try await store.changes(after: 0, limit: 10_000).count
            #expect(rows == 300)
            // Other tabs catch up from what is kept.
            let recent = try await store.changes(after: current - 200, limit: 201)
            #expect(recent.count == 200 && recent.first?.revision == current - 199)
            // A month later only the newest few hundred stay, however old: a tab that was open all along can still catch up.
            clock.advance(days: 40)
            _ = try await store.pruneHistory()
            let left = try await store.changes(after: 0, limit: 10_000).count
            #expect(left == Int(StoreRules.alwaysKept))
        }
    }

    @Test(arguments: StoreKind.available)
    func expiredMoveIDsAndUploadsArePrunedToo(_ kind: StoreKind) async throws {
        let clock = ManualClock()
        try await kind.withStore(now: { clock.now() }) { store in
            let tasks = try await store.add(["a", "b"])
            _ = try await store.move(MoveRequest(taskID: tasks[0].id, column: .next, after: nil, moveID: "m1"), client: nil)
            try await store.stash(upload: Array("{}".utf8), id: "upload-1", client: nil, limits: StashLimits())
            clock.advance(days: 2)
            let report = try await store.pruneHistory()
            #expect(report.expired == 2)
            #expect(try await store.stashedUpload("upload-1") == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func theSessionKeyIsMadeOnceAndKept(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let first = try await store.secret(named: "session-key", length: 32)
            #expect(first.count == 32)
            #expect(try await store.secret(named: "session-key", length: 32) == first)
            #expect(try await store.secret(named: "other", length: 32) != first)
        }
    }
}
