import PlanCore

/// A form a route reads: the request's fields decoded into typed values, or the person's error.
///
/// `FormFields` has already applied the body limits and first-value-wins; a form only names its
/// fields and their types, so a route never reads a field by a string of its own.
protocol DecodedForm {
    init(_ fields: FormFields) throws(PlanError)
}

/// Notes as sent: the text as written and the format it was written in (`notes_format`).
struct NotesField: Equatable {
    var source: String
    var formatName: String?

    /// Nil when the form sent no notes (an edit then keeps the stored ones).
    init?(_ fields: FormFields) {
        guard let source = fields["notes"] else { return nil }
        self.source = source
        formatName = fields["notes_format"]
    }
}

/// Adding a task from a column's form, or from a script.
struct AddTaskForm: DecodedForm {
    var title: String
    var column: BoardColumn
    var important: Bool
    var notes: NotesField?
    /// `literal`: the title as typed, with no day or repeat read from it (as quoting it does).
    var literal: Bool

    init(_ fields: FormFields) throws(PlanError) {
        column = try fields.column()
        title = fields["title"] ?? ""
        important = try fields.optionalBool("important") ?? false
        notes = NotesField(fields)
        literal = try fields.optionalBool("literal") ?? false
    }

    /// The title read for a day or a repeat (`TypedTitle`) on the board's `today`, unless it is to be taken literally.
    func reading(today: BoardDay) -> TypedTitle {
        literal ? TypedTitle(title: title) : TypedTitle.read(title, today: today)
    }
}

/// Editing a task; a field left out keeps its value, so a script can change just one thing.
struct EditTaskForm: DecodedForm {
    var title: String?
    var important: Bool?
    var notes: NotesField?
    /// The version the form was drawn from; a save over a newer one is refused.
    var version: Int64?
    /// "Preview": show what would be kept without saving.
    var previewing: Bool
    /// `when` and `deadline` (`YYYY-MM-DD`, empty clears) and `repeat` (a phrase or code, empty stops it).
    var when: FieldChange<BoardDay>
    var deadline: FieldChange<BoardDay>
    var repeats: FieldChange<RepeatRule>
    /// A quick edit from the board's actions page (`return=board`) goes back to the card, not to the task page.
    var returnsToBoard: Bool

    init(_ fields: FormFields) throws(PlanError) {
        title = fields["title"]
        returnsToBoard = fields["return"] == "board"
        important = try fields.optionalBool("important")
        notes = NotesField(fields)
        version = try fields.optionalNumber("version")
        previewing = fields["preview"] != nil
        when = try fields.dayChange("when")
        deadline = try fields.dayChange("deadline")
        repeats = try fields.repeatChange()
    }
}

/// A move: `column` and `after` (a drag's anchored move), or `to` (a button's relative one: top,
/// up, down, bottom, or a column's name for the end of that column).
struct MoveForm: DecodedForm {
    enum Target: Equatable {
        case after(TaskID?, in: BoardColumn)
        /// A relative place; the column is the one named, or else the task's own.
        case relative(MovePlace, in: BoardColumn?)
        case endOf(BoardColumn)
    }

    static let maxMoveIDLength = 100

    var target: Target
    var moveID: String?
    /// The revision the page showed (a relative move is refused when the task moved since).
    var revision: Int64?
    /// The `to` value as sent, which names a button's move in its derived move id.
    private var to: String?

    init(_ fields: FormFields) throws(PlanError) {
        moveID = fields["move_id"].flatMap { $0.isEmpty ? nil : $0 }
        if let moveID, moveID.utf8.count > Self.maxMoveIDLength {
            throw .invalidField(name: "move_id", problem: .tooLong(limit: Self.maxMoveIDLength))
        }
        revision = try fields.optionalNumber("revision")
        guard let to = fields["to"], !to.isEmpty else {
            target = .after(try fields.optionalTaskID("after"), in: try fields.column())
            return
        }
        self.to = to
        if let column = BoardColumn(rawValue: to) {
            target = .endOf(column)
            return
        }
        let place: MovePlace = switch to {
        case "top": .top
        case "up": .up
        case "down": .down
        case "bottom": .bottom
        default: throw .invalidField(name: "to", problem: .unknownPlace)
        }
        let named = fields["column"].flatMap { $0.isEmpty ? nil : $0 }
        target = .relative(place, in: try named.map { raw throws(PlanError) in try BoardColumn(parsing: raw) })
    }

    /// The move as the store takes it; `currentColumn` is asked only for a relative move in the task's own column.
    func request(for id: TaskID, currentColumn: () async throws -> BoardColumn) async throws -> MoveRequest {
        let (column, place): (BoardColumn, MovePlace) = switch target {
        case .after(let anchor, let column): (column, .after(anchor))
        case .endOf(let column): (column, .bottom)
        case .relative(let place, let column?): (column, place)
        case .relative(let place, nil): (try await currentColumn(), place)
        }
        var moveID = moveID
        // A button sent twice from the same page (a double click, a resubmitted form) is one move.
        if moveID == nil, let to, let revision { moveID = "form-\(revision)-\(id)-\(to)-\(column.rawValue)" }
        return MoveRequest(taskID: id, column: column, place: place, moveID: moveID, revision: revision)
    }
}

/// Finishing a task, or opening it again (`finished=false`).
struct FinishForm: DecodedForm {
    var finished: Bool
    /// The task page asks to come back to itself; the board to the card.
    var returnsToTask: Bool

    init(_ fields: FormFields) throws(PlanError) {
        finished = try fields.optionalBool("finished") ?? true
        returnsToTask = fields["return"] == "task"
    }
}

/// Ticking or unticking one item of a task's checklist: which (counted from 0, as
/// `Markdown.taskListItems` counts), to what, and the task version the page was drawn from (needed:
/// item numbers only mean something in the notes the page showed).
struct CheckItemForm: DecodedForm {
    var item: Int
    var checked: Bool
    var version: Int64

    init(_ fields: FormFields) throws(PlanError) {
        guard let item = try fields.optionalNumber("item") else { throw .invalidField(name: "item", problem: .missing) }
        guard let version = try fields.optionalNumber("version") else { throw .invalidField(name: "version", problem: .missing) }
        // Past any list's length, and kept from overflowing Int on a 32-bit build.
        self.item = Int(clamping: item)
        checked = try fields.optionalBool("checked") ?? true
        self.version = version
    }
}

/// Folding a column's finished tasks away (`show=false`) or showing them again.
struct ShowFinishedForm: DecodedForm {
    var show: Bool

    init(_ fields: FormFields) throws(PlanError) {
        show = try fields.optionalBool("show") ?? true
    }
}

/// The language switch, and the page to go back to.
struct LanguageForm: DecodedForm {
    var language: Language
    var next: String

    init(_ fields: FormFields) throws(PlanError) {
        guard let language = fields["lang"].flatMap(Language.init(rawValue:)) else {
            throw .invalidField(name: "lang", problem: .unknownLanguage)
        }
        self.language = language
        next = AccessController.safeNext(fields["next"])
    }
}

/// The access-token login.
struct LoginForm: DecodedForm {
    var token: String?
    /// Where to go after logging in: a path on this board only.
    var next: String

    init(_ fields: FormFields) {
        token = fields["token"]
        next = AccessController.safeNext(fields["next"])
    }
}

/// The choices made on an import's review page: one per Trello list shown, and what to do with
/// tasks imported before.
struct ImportReviewForm: DecodedForm {
    var importsDuplicates: Bool
    private let fields: FormFields

    init(_ fields: FormFields) {
        importsDuplicates = fields["duplicates"] == "import"
        self.fields = fields
    }

    /// What was chosen for a list: its column (nil: skip it) and whether its cards are finished
    /// (as ticked); when nothing was sent for the list, what its name suggests.
    func choice(forList id: String, named name: String) throws(PlanError) -> ImportChoices.ListChoice {
        let field = "list-\(id)"
        guard let raw = fields[field] else { return .suggested(forTrelloList: name) }
        let finished = fields.flag("finished-\(id)")
        if raw == "skip" { return .init(column: nil, finished: finished) }
        guard let column = BoardColumn(rawValue: raw) else { throw .invalidField(name: field, problem: .unknownListChoice) }
        return .init(column: column, finished: finished)
    }
}

/// An import sent by a form (a file, or JSON pasted into `json`) or by a script.
struct ImportFileForm: DecodedForm {
    var pastedJSON: String?
    /// What a script chose for tasks imported before: `duplicates=skip` leaves them out,
    /// `duplicates=all` brings them again; nil when it did not say (refused when there are some).
    var skipsDuplicates: Bool?

    init(_ fields: FormFields) {
        pastedJSON = fields["json"]
        skipsDuplicates = switch fields["duplicates"] {
        case "skip": true
        case "all": false
        default: nil
        }
    }
}

/// Several tasks and what to do to them (`BatchAction`): `ids` as a comma-separated list (the
/// board's selection) or a checkbox `task-ID` per task (the Select page), and `action`.
struct BatchForm: DecodedForm {
    var ids: [TaskID]
    var action: BatchAction

    init(_ fields: FormFields) throws(PlanError) {
        var ids: [TaskID] = []
        for part in (fields["ids"] ?? "").split(separator: ",") {
            guard let id = TaskID(part.trimmingCharacters(in: .whitespaces)), id > 0 else { throw .invalidField(name: "ids", problem: .notATaskID) }
            ids.append(id)
        }
        for name in Self.tickedNames(fields) {
            guard let id = TaskID(name.dropFirst("task-".count)), id > 0 else { throw .invalidField(name: name, problem: .notATaskID) }
            ids.append(id)
        }
        if ids.isEmpty || ids.count > BatchAction.maxTasks { throw .invalidField(name: "ids", problem: .selection(limit: BatchAction.maxTasks)) }
        self.ids = ids
        action = try BatchAction(parsing: fields["action"] ?? "")
    }

    /// The Select page's ticked checkboxes (`task-ID` fields), by name.
    private static func tickedNames(_ fields: FormFields) -> [String] {
        fields.values.keys.filter { $0.hasPrefix("task-") && fields.flag($0) }.sorted()
    }

    /// The tasks ticked on the Select page, as far as they can be read: what a refused page ticks again.
    static func ticked(_ fields: FormFields) -> Set<TaskID> {
        Set(tickedNames(fields).compactMap { TaskID($0.dropFirst("task-".count)) })
    }
}
