/// Everything the board refuses, with a stable code for scripts. The words a person reads — in
/// their language — are the web layer's (`Strings+Messages.swift`), as is the HTTP status
/// (`PlanError+HTTP.swift`); every payload here is data for those words, never a sentence.
public enum PlanError: Error, Equatable, Sendable {
    case titleEmpty
    case titleTooLong(count: Int)
    case titleControlCharacters
    case unknownColumn(String)
    case taskNotFound(TaskID)
    /// The task was there once: deleted (or its creation undone), in another tab or by someone else.
    case taskDeleted(title: String)
    case taskFinished(title: String)
    case anchorIsTask
    /// The task a move was anchored after is gone or now sits in another column (its title, when known).
    case staleAnchor(anchor: String?)
    /// A relative move ("up", "to the top") from a page drawn before the task last moved.
    case movedSince(title: String)
    /// A `move_id` was sent again for a different task.
    case moveIDReused(String)
    /// A field that is not the title or notes has a value that cannot be read.
    case invalidField(name: String, problem: FieldProblem)
    case nothingToUndo
    /// An edit was made from a form drawn before the task's latest change.
    case editedElsewhere(title: String)
    /// The task was changed again after the change being undone.
    case changedSince(title: String)
    /// An undo would put a task back after a task that has since moved or gone.
    case cannotGoBack(title: String)
    /// Notes over one of the limits on notes.
    case notesRejected(NotesLimit)
    /// An import file that cannot be read.
    case importRejected(ImportProblem)
    /// The latest change was an import, which undo does not take apart (its summary page can).
    case importNotUndoable
    /// No import made this revision, or the log no longer keeps it.
    case importNotFound(revision: Int64)
    /// The import was taken back already.
    case importUndoneAlready
    /// The import was logged before imports logged their tasks, so what it added is not known.
    case importTasksNotLogged
    /// A task the import added was changed, moved or deleted after it, so the import is not taken back.
    case importChangedSince(title: String)
    /// The task is in the logbook, where it can be opened, put back or deleted, but not moved or reopened.
    case taskInLogbook(title: String)
    /// Put back asked of a task that is on the board, not in the logbook.
    case notInLogbook(title: String)
    /// This session already has `limit` uploads waiting for review (each waits an hour at most).
    case uploadsWaiting(limit: Int)
    /// The uploads waiting for review, from everyone, fill the room kept for them.
    case uploadRoomFull
    /// A script's import holds `count` tasks an earlier import brought and did not say whether to
    /// bring them again (`duplicates=skip` or `duplicates=all`).
    case importRepeats(count: Int)

    /// The most a title may hold, in characters as a person counts them.
    public static let maxTitleLength = 200

    /// A stable, machine-readable name for the refusal.
    public var code: String {
        switch self {
        case .titleEmpty, .titleTooLong, .titleControlCharacters: "invalid_title"
        case .unknownColumn: "unknown_column"
        case .taskNotFound, .taskDeleted: "not_found"
        case .taskFinished: "task_finished"
        case .anchorIsTask: "invalid_anchor"
        case .staleAnchor, .movedSince: "stale"
        case .moveIDReused: "move_id_reused"
        case .invalidField: "invalid_field"
        case .nothingToUndo: "nothing_to_undo"
        case .editedElsewhere, .changedSince, .cannotGoBack: "stale"
        case .notesRejected: "invalid_notes"
        case .importRejected: "invalid_import"
        case .importNotUndoable, .importTasksNotLogged: "not_undoable"
        case .importNotFound: "not_found"
        case .importUndoneAlready, .importChangedSince: "stale"
        case .taskInLogbook: "in_logbook"
        case .notInLogbook: "not_in_logbook"
        case .uploadsWaiting: "too_many_uploads"
        case .uploadRoomFull: "busy"
        case .importRepeats: "imported_before"
        }
    }

    /// The form field the message belongs beside, when there is one.
    public var field: String? {
        switch self {
        case .titleEmpty, .titleTooLong, .titleControlCharacters: "title"
        case .unknownColumn: "column"
        case .notesRejected: "notes"
        case .importRejected: "file"
        case .invalidField(let name, _): name
        default: nil
        }
    }
}

/// What is wrong with a field's value.
public enum FieldProblem: Equatable, Sendable {
    /// No column was named.
    case missingColumn
    case notATaskID
    case notAWholeNumber
    case notABoolean
    case tooLong(limit: Int)
    /// `to` is not one of the places a button can ask for.
    case unknownPlace
    /// `to=up` or `to=down` with a column other than the task's own.
    case upOrDownInAnotherColumn
    case unknownNotesFormat
    /// A Trello list's choice is not a column or "skip".
    case unknownListChoice
    /// Not one of the languages the board speaks.
    case unknownLanguage
    /// Not something several tasks can have done at once (`BatchAction`).
    case unknownBatchAction
    /// No task was chosen, or more than `BatchAction.maxTasks`.
    case selection(limit: Int)
    /// Not a day as `YYYY-MM-DD` (or a day that does not exist, such as 30 February).
    case notADate
    /// A day outside the years 1–9999.
    case dateOutOfRange
    /// Not the name of a time zone the server knows (such as Europe/Berlin).
    case unknownTimeZone
    /// Not a whole hour from 0 to 23.
    case notAnHour
    /// Not a way of repeating the board understands ("every Monday").
    case unknownRepeat
    /// Left out, where it is needed (a script's search without `q`).
    case missing
    /// Holds a control character (a search query, say).
    case controlCharacters
    /// More words than a search reads.
    case tooManyWords(limit: Int)
    /// Not the number of an item of the task's checklist, which has `count` items.
    case noSuchChecklistItem(count: Int)
    /// The task's notes are not Markdown, so they hold no checklist to tick.
    case notAChecklist
}

/// Notes over a limit, with the figures a person needs to fix them.
public enum NotesLimit: Equatable, Sendable {
    case tooLarge(kilobytes: Int, limitKilobytes: Int)
    /// Fits as typed but not once cleaned up (escaped characters and link attributes take room).
    case tooLargeOnceCleaned(kilobytes: Int, limitKilobytes: Int)
    case nestedTooDeeply(levels: Int)
    /// The server could not set up to read them (out of memory).
    case unreadable
}

/// Why an import file was refused.
public enum ImportProblem: Equatable, Sendable {
    case empty
    case notJSON
    case notAnObject
    /// A field of the file has the wrong shape: `path` as a person reads it ("cards[3].name").
    case malformed(path: String, MalformedField)
    case unsupportedVersion(String, lowest: Int, highest: Int)
    case noColumns
    case unknownColumn(String)
    case neitherFormat
    case tooManyTasks(limit: Int)
    case notes(title: String, NotesLimit)
    case noFile
}

/// How a field of an import file is malformed.
public enum MalformedField: Equatable, Sendable {
    case missing
    case shouldBe(ValueKind)
    case null(ValueKind)
    case unreadable

    /// What a field should have held.
    public enum ValueKind: Equatable, Sendable {
        case text, boolean, number, list, object
    }
}
