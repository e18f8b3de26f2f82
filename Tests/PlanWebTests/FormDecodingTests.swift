import PlanCore
import Testing

@testable import PlanWeb

/// The typed forms: what each route reads from a body, with first-value-wins and the field limits
/// of `FormFields` underneath.
struct FormDecodingTests {
    private func fields(_ body: String) throws -> FormFields {
        try FormFields.urlEncoded(Array(body.utf8))
    }

    @Test func aRepeatedFieldKeepsItsFirstValue() throws {
        let form = try AddTaskForm(fields("title=First&column=today&title=Second&column=later&important=on"))
        #expect(form.title == "First")
        #expect(form.column == .today)
        #expect(form.important)
        #expect(form.notes == nil)
    }

    @Test func aBodyWithMoreFieldsThanAnyFormIsRefused() {
        let body = (0...FormFields.maxFields).map { "f\($0)=x" }.joined(separator: "&")
        #expect(throws: WebError.badRequest(.tooManyFields(limit: FormFields.maxFields))) { try fields(body) }
    }

    @Test func anAddWithoutAColumnNamesTheField() {
        #expect(throws: PlanError.invalidField(name: "column", problem: .missingColumn)) { try AddTaskForm(fields("title=x")) }
    }

    @Test func notesComeWithTheFormatTheyWereWrittenIn() throws {
        let form = try AddTaskForm(fields("title=x&column=next&notes=%2A%2Ahi%2A%2A&notes_format=markdown"))
        #expect(form.notes == NotesField(try fields("notes=**hi**&notes_format=markdown")))
        #expect(form.notes?.source == "**hi**")
        #expect(form.notes?.formatName == "markdown")
    }

    @Test func anEditLeavesOutWhatWasNotSent() throws {
        let form = try EditTaskForm(fields("important=false&version=3"))
        #expect(form.title == nil)
        #expect(form.notes == nil)
        #expect(form.important == false)
        #expect(form.version == 3)
        #expect(!form.previewing)
        #expect(throws: PlanError.invalidField(name: "version", problem: .notAWholeNumber)) { try EditTaskForm(fields("version=-1")) }
        #expect(throws: PlanError.invalidField(name: "important", problem: .notABoolean)) { try EditTaskForm(fields("important=maybe")) }
    }

    @Test func aDragIsAnAnchoredMove() async throws {
        let form = try MoveForm(fields("column=later&after=7&move_id=m-1&revision=12"))
        #expect(form.target == .after(7, in: .later))
        let request = try await form.request(for: 5) { Issue.record("an anchored move needs no lookup"); return .today }
        #expect(request.column == .later)
        #expect(request.place == .after(7))
        #expect(request.moveID == "m-1")
        #expect(request.revision == 12)
    }

    @Test func aButtonIsARelativeMoveInTheTasksOwnColumn() async throws {
        let form = try MoveForm(fields("to=up&revision=4"))
        #expect(form.target == .relative(.up, in: nil))
        let request = try await form.request(for: 9) { .next }
        #expect(request.column == .next)
        #expect(request.place == .up)
        // Sent twice from the same page, it is the same move.
        #expect(request.moveID == "form-4-9-up-next")
        #expect(try MoveForm(fields("to=later")).target == .endOf(.later))
    }

    @Test func anUnreadableMoveIsThePersonsError() {
        #expect(throws: PlanError.invalidField(name: "to", problem: .unknownPlace)) { try MoveForm(fields("to=sideways")) }
        #expect(throws: PlanError.invalidField(name: "after", problem: .notATaskID)) { try MoveForm(fields("column=today&after=x")) }
        let long = String(repeating: "m", count: MoveForm.maxMoveIDLength + 1)
        #expect(throws: PlanError.invalidField(name: "move_id", problem: .tooLong(limit: MoveForm.maxMoveIDLength))) {
            try MoveForm(fields("column=today&move_id=\(long)"))
        }
    }

    @Test func loginAndLanguageGoBackOnlyToThisBoard() throws {
        #expect(LoginForm(try fields("token=abc&next=https%3A%2F%2Fevil.example%2F")).next == "/")
        let language = try LanguageForm(fields("lang=zh-Hant&next=%2Ftasks%2F3"))
        #expect(language.language == .traditionalChinese)
        #expect(language.next == "/tasks/3")
        #expect(throws: PlanError.invalidField(name: "lang", problem: .unknownLanguage)) { try LanguageForm(fields("lang=xx")) }
    }

    @Test func aTrelloListNamedDoneIsOfferedAsFinished() {
        for name in ["Done", "DONE! 🙌🏽", "done ✅", "Complete", "Completed", "Finished", "完成", "已完成", "✔️ 已完成"] {
            #expect(BoardImporter.isFinished(trelloList: name), "\(name)")
        }
        for name in ["Doing", "To do", "Done soon 2", "Undone", "完成中", "Later", ""] {
            #expect(!BoardImporter.isFinished(trelloList: name), "\(name)")
        }
    }

    @Test func anImportReviewReadsOneChoicePerList() throws {
        let form = ImportReviewForm(try fields("duplicates=import&list-a=skip&list-b=later&finished-b=on"))
        #expect(form.importsDuplicates)
        #expect(try form.choice(forList: "a", named: "Doing").column == nil)
        #expect(try form.choice(forList: "b", named: "Doing").column == .later)
        #expect(try form.choice(forList: "c", named: "Done").column == BoardImporter.column(forTrelloList: "Done"))
        #expect(try form.choice(forList: "b", named: "Doing").finished)
        #expect(try !form.choice(forList: "a", named: "Done").finished, "a list with a choice sent is finished only when ticked")
        #expect(try form.choice(forList: "c", named: "DONE! 🙌🏽").finished, "a list with no choice sent goes by its name")
        #expect(try !form.choice(forList: "c", named: "Doing").finished)
        #expect(throws: PlanError.invalidField(name: "list-d", problem: .unknownListChoice)) {
            try ImportReviewForm(fields("list-d=sideways")).choice(forList: "d", named: "x")
        }
    }
}
