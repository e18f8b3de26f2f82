import Foundation
import Testing
@testable import PlanCore

@Suite struct TaskTitleTests {
    @Test func titleIsTrimmed() throws {
        #expect(try TaskTitle.validate("  Buy milk \n") == "Buy milk")
    }

    @Test func emptyOrBlankTitleIsRefused() {
        #expect(throws: PlanError.titleEmpty) { try TaskTitle.validate("") }
        #expect(throws: PlanError.titleEmpty) { try TaskTitle.validate(" \t\n ") }
    }

    @Test func titleOf200CharactersIsAcceptedAnd201IsRefused() throws {
        #expect(try TaskTitle.validate(String(repeating: "a", count: 200)).count == 200)
        #expect(throws: PlanError.titleTooLong(count: 201)) { try TaskTitle.validate(String(repeating: "a", count: 201)) }
    }

    @Test func charactersAreCountedAsPeopleSeeThem() throws {
        // 200 family emoji are 200 characters, though many more bytes and scalars.
        let title = String(repeating: "👨‍👩‍👧", count: 200)
        #expect(try TaskTitle.validate(title) == title)
    }

    @Test func controlCharactersInsideTheTitleAreRefused() {
        for title in ["a\tb", "line\nbreak", "nul\u{0}", "bell\u{7}", "c1\u{85}x", "sep\u{2028}x"] {
            #expect(throws: PlanError.titleControlCharacters, "\(title.debugDescription)") { try TaskTitle.validate(title) }
        }
    }

    @Test func bidiOverridesAndIsolatesAreDroppedFromTitles() throws {
        // "\u{202E}gnp.exe" would read as "exe.png"; every override, embedding and isolate goes.
        #expect(try TaskTitle.validate("invoice\u{202E}gnp.exe") == "invoicegnp.exe")
        for scalar in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let title = "a\(Character(Unicode.Scalar(scalar)!))b"
            #expect(try TaskTitle.validate(title) == "ab", "U+\(String(scalar, radix: 16))")
            #expect(TaskTitle.coerce(title).title == "ab")
        }
        // Right-to-left text and the plain direction marks are kept as typed.
        #expect(try TaskTitle.validate("שלום \u{200F}world") == "שלום \u{200F}world")
        #expect(throws: PlanError.titleEmpty) { try TaskTitle.validate("\u{202E}\u{2066} ") }
    }

    @Test func unicodeTitlesAreKept() throws {
        #expect(try TaskTitle.validate("写报告 📝 café") == "写报告 📝 café")
    }

    @Test func everyTitleErrorPointsAtTheTitleField() {
        for error in [PlanError.titleEmpty, .titleTooLong(count: 300), .titleControlCharacters] {
            #expect(error.field == "title")
            #expect(error.code == "invalid_title")
        }
    }
}

@Suite struct ColumnTests {
    @Test func columnsParseWhateverTheCase() throws {
        #expect(try BoardColumn(parsing: "Today") == .today)
        #expect(try BoardColumn(parsing: " later ") == .later)
    }

    @Test func unknownColumnIsRefusedWithItsName() {
        #expect(throws: PlanError.unknownColumn("someday")) { try BoardColumn(parsing: "someday") }
        #expect(PlanError.unknownColumn("someday").field == "column")
    }

    @Test func columnsAreInDisplayOrder() {
        #expect(BoardColumn.allCases.sorted() == [.today, .next, .later])
        #expect(BoardColumn.allCases.map(\.rawValue) == ["today", "next", "later"])
    }
}

@Suite struct MoveRulesTests {
    let now = Date(timeIntervalSince1970: 0)

    func task(_ id: TaskID, _ column: BoardColumn = .today, finished: Bool = false) -> PlanTask {
        PlanTask(id: id, title: "Task \(id)", column: column, orderKey: .between(nil, nil), finished: finished, created: now, updated: now)
    }

    @Test func finishedTaskCannotBeMoved() {
        #expect(throws: PlanError.taskFinished(title: "Task 1")) {
            try MoveRules.check(task(1, finished: true), for: MoveRequest(taskID: 1, column: .next, after: nil))
        }
    }

    @Test func taskCannotBePlacedAfterItself() {
        #expect(throws: PlanError.anchorIsTask) {
            try MoveRules.check(task(1), for: MoveRequest(taskID: 1, column: .today, after: 1))
        }
    }

    @Test func anchorGoneOrInAnotherColumnIsStale() throws {
        let request = MoveRequest(taskID: 1, column: .next, after: 2)
        #expect(throws: PlanError.staleAnchor(anchor: nil)) { try MoveRules.checkAnchor(nil, for: request) }
        #expect(throws: PlanError.staleAnchor(anchor: "gone")) { try MoveRules.checkAnchor(nil, formerTitle: "gone", for: request) }
        #expect(throws: PlanError.staleAnchor(anchor: "Task 2")) { try MoveRules.checkAnchor(task(2, .today), for: request) }
        try MoveRules.checkAnchor(task(2, .next), for: request)
        try MoveRules.checkAnchor(nil, for: MoveRequest(taskID: 1, column: .next, after: nil))
    }

    /// The words for each refusal are the web layer's, in every language (PlanWebTests.LanguageTests).
    @Test func everyErrorHasAStableCode() {
        let errors: [PlanError] = [
            .titleEmpty, .titleTooLong(count: 201), .titleControlCharacters, .unknownColumn("x"), .taskNotFound(3), .taskDeleted(title: "t"),
            .taskFinished(title: "t"), .anchorIsTask, .staleAnchor(anchor: nil), .staleAnchor(anchor: "t"), .moveIDReused("m"),
            .invalidField(name: "after", problem: .notATaskID), .nothingToUndo,
        ]
        for error in errors {
            #expect(error.code.allSatisfy { $0.isLowercase || $0 == "_" }, "\(error)")
        }
        #expect(Set(errors.map(\.code)).count == 9)
    }
}

@Suite struct UndoRulesTests {
    let now = Date(timeIntervalSince1970: 1_795_338_000)

    func task(notes: String) -> PlanTask {
        PlanTask(
            id: 1, title: "Call Anna", column: .today, orderKey: .between(nil, nil),
            notes: TaskNotes(source: notes, format: .plain, html: "<p>\(notes)</p>", excerpt: notes), created: now, updated: now)
    }

    @Test func aDeletedTaskComesBackWithTheNotesItHad() throws {
        let before = task(notes: "ask about the venue")
        let back = try #require(NotesBack(before: before, after: nil))
        let revived = try UndoRules.reviving(before.withoutNotes, notesBack: back)
        #expect(revived.notesSource == "ask about the venue")
        #expect(revived.notes == "<p>ask about the venue</p>")
    }

    @Test func aWayBackThatLeadsNowhereSetsTheChangeAside() throws {
        // A way back worked out against other notes cannot rebuild them from none.
        let back = try #require(NotesBack(before: task(notes: "abc"), after: task(notes: "abcdef")))
        #expect(back.restore(from: nil) == nil)
        #expect(throws: PlanError.cannotGoBack(title: "Call Anna")) { try UndoRules.reviving(task(notes: "abc").withoutNotes, notesBack: back) }
        #expect(UndoRules.setsChangeAside(.cannotGoBack(title: "Call Anna")))
    }
}
