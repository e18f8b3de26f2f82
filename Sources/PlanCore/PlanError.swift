/// Everything the board refuses, with a stable code for scripts and a message a person can act on.
///
/// The web layer maps these to HTTP statuses in one place (`PlanError+HTTP.swift`).
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
    case invalidField(name: String, reason: String)
    case nothingToUndo
    /// An edit was made from a form drawn before the task's latest change.
    case editedElsewhere(title: String)
    /// The task was changed again after the change being undone.
    case changedSince(title: String)
    /// An undo would put a task back after a task that has since moved or gone.
    case cannotGoBack(title: String)
    /// Notes the sanitizer could not accept (too large, nested too deeply).
    case notesRejected(String)
    /// An import file that cannot be read; the reason says what is wrong with it.
    case importRejected(String)
    /// The latest change was an import, which undo does not take apart.
    case importNotUndoable

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
        case .importNotUndoable: "not_undoable"
        }
    }

    /// What happened and what to do about it, in plain words.
    public var message: String {
        switch self {
        case .titleEmpty:
            "Give the task a title."
        case .titleTooLong(let count):
            "The title is \(count) characters long; keep it to \(Self.maxTitleLength) or fewer and put the rest in the notes."
        case .titleControlCharacters:
            "The title can't contain tabs, line breaks or other control characters; keep it to one line."
        case .unknownColumn(let name):
            "There is no column called “\(name)”. Choose Today, Next or Later."
        case .taskNotFound:
            "That task does not exist; it may have been deleted."
        case .taskDeleted(let title):
            "“\(title)” was deleted, in another tab or by someone else."
        case .taskFinished(let title):
            "“\(title)” is finished, so it can't be moved. Mark it as not finished first."
        case .anchorIsTask:
            "A task can't be placed after itself. Choose another position."
        case .staleAnchor(let anchor?):
            "The board changed before your move arrived: “\(anchor)”, which you placed it after, was moved or deleted. The board now shows it as it is; try again."
        case .staleAnchor(nil):
            "The board changed before your move arrived: the task you placed it after was moved or deleted. The board now shows it as it is; try again."
        case .movedSince(let title):
            "“\(title)” was moved elsewhere after this page was shown, so it was left where it is now. The board shows it there; move it again from there."
        case .moveIDReused(let id):
            "The move id “\(id)” was already used for another task. Send each move with a fresh id."
        case .invalidField(let name, let reason):
            "The field “\(name)” \(reason)."
        case .nothingToUndo:
            "There is nothing of yours to undo."
        case .editedElsewhere(let title):
            "“\(title)” was changed elsewhere since you opened it, so your edit was not saved. Open the task again and redo your edit."
        case .changedSince(let title):
            "“\(title)” was changed again since, so that change can't be undone. Undo again to go back to your change before it."
        case .cannotGoBack(let title):
            "“\(title)” can't go back where it was: the task it followed has moved or was deleted. Move it by hand, or undo again to go back to your change before it."
        case .notesRejected(let reason):
            reason
        case .importRejected(let reason):
            "Nothing was imported: \(reason)"
        case .importNotUndoable:
            "Your latest change was an import, which can't be undone here. Delete the tasks it added, or restore a backup; undo again to go back to your change before it."
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
