import Foundation

/// What a person submits to create a task, checked against the board's rules.
public struct NewTask: Sendable, Equatable {
    public let title: String
    public let column: BoardColumn
    public let important: Bool
    public let notes: TaskNotes
    public let when: BoardDay?
    public let deadline: BoardDay?
    public let repeats: RepeatRule?

    /// Validates the title; notes arrive already sanitized by the caller.
    public init(
        title: String, column: BoardColumn, important: Bool = false, notes: TaskNotes = .none,
        when: BoardDay? = nil, deadline: BoardDay? = nil, repeats: RepeatRule? = nil
    ) throws(PlanError) {
        self.title = try TaskTitle.validate(title)
        self.column = column
        self.important = important
        self.notes = notes
        self.when = when
        self.deadline = deadline
        self.repeats = repeats
    }
}

/// A field an edit may change or leave: `.keep` leaves it as stored, `.set(nil)` clears it.
public enum FieldChange<Value: Sendable & Equatable>: Sendable, Equatable {
    case keep
    case set(Value?)

    /// The value after the change, given the value now.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .keep: current
        case .set(let value): value
        }
    }
}

/// A change to the editable fields of an existing task; a field left nil keeps its value.
public struct TaskEdit: Sendable, Equatable {
    public let title: String?
    public let important: Bool?
    public let notes: TaskNotes?
    public let when: FieldChange<BoardDay>
    public let deadline: FieldChange<BoardDay>
    public let repeats: FieldChange<RepeatRule>
    /// The version of the task the editor saw (`PlanTask.version`); when given, an edit of a task
    /// that has changed since is refused rather than silently overwriting the other change.
    public let basedOn: Int64?

    public init(
        title: String? = nil, important: Bool? = nil, notes: TaskNotes? = nil, when: FieldChange<BoardDay> = .keep,
        deadline: FieldChange<BoardDay> = .keep, repeats: FieldChange<RepeatRule> = .keep, basedOn: Int64? = nil
    ) throws(PlanError) {
        self.title = try title.map { raw throws(PlanError) in try TaskTitle.validate(raw) }
        self.important = important
        self.notes = notes
        self.when = when
        self.deadline = deadline
        self.repeats = repeats
        self.basedOn = basedOn
    }

    /// The task with this edit applied, or a refusal if it changed since the editor saw it.
    public func applied(to task: PlanTask) throws(PlanError) -> PlanTask {
        if let basedOn, basedOn != task.version { throw .editedElsewhere(title: task.title) }
        var edited = task
        if let title { edited.title = title }
        if let important { edited.important = important }
        edited.when = when.applied(to: task.when)
        edited.deadline = deadline.applied(to: task.deadline)
        edited.repeats = repeats.applied(to: task.repeats)
        // Notes sent back unchanged keep what is stored as it is.
        if let notes, notes.source != task.notesSource || notes.format != task.notesFormat || notes.html != task.notes {
            edited.noteContent = notes
        }
        return edited
    }
}

/// The rules for a task title.
public enum TaskTitle {
    /// Trims surrounding white space, drops bidirectional overrides and isolates, and refuses
    /// empty, over-long or control-character titles.
    public static func validate(_ raw: String) throws(PlanError) -> String {
        let title = withoutBidiControls(raw).trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty { throw .titleEmpty }
        if title.count > PlanError.maxTitleLength { throw .titleTooLong(count: title.count) }
        // Cc covers C0/C1 controls (tab, newline, NUL…); the line and paragraph separators would break a card's one line too.
        if title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029 }) {
            throw .titleControlCharacters
        }
        return title
    }

    /// The explicit embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make text
    /// display in another order than it is stored ("\u{202E}gnp.exe" reads as "exe.png"), so a
    /// title could read differently from what it is. They are dropped; right-to-left text still
    /// displays correctly by the Unicode bidirectional algorithm, and the plain marks (U+200E,
    /// U+200F), which reorder nothing, stay.
    public static func withoutBidiControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBidiControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isBidiControl($0) }))
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}

/// A task arriving in an imported file, already checked and with notes already sanitized.
public struct ImportedTask: Sendable, Equatable {
    public let title: String
    public let column: BoardColumn
    public let important: Bool
    public let finished: Bool
    public let notes: TaskNotes
    public let created: Date
    public let updated: Date
    /// The id it had where it came from; kept when no task here ever had it.
    public let originalID: TaskID?
    /// Where it came from, to notice a second import of the same file (see `PlanTask.origin`).
    public let origin: String?
    public let when: BoardDay?
    public let deadline: BoardDay?
    public let repeats: RepeatRule?
    /// When it was finished, for a finished task (nil: when it was last updated).
    public let finishedAt: Date?
    /// The day it was finished on, where the file says.
    public let finishedDay: BoardDay?
    /// Goes to the logbook rather than the board.
    public let inLogbook: Bool

    public init(
        title: String, column: BoardColumn, important: Bool, finished: Bool, notes: TaskNotes,
        created: Date, updated: Date, originalID: TaskID?, origin: String? = nil,
        when: BoardDay? = nil, deadline: BoardDay? = nil, repeats: RepeatRule? = nil,
        finishedAt: Date? = nil, finishedDay: BoardDay? = nil, inLogbook: Bool = false
    ) {
        self.when = when
        self.deadline = deadline
        self.repeats = repeats
        self.finishedAt = finishedAt
        self.finishedDay = finishedDay
        self.inLogbook = inLogbook
        self.title = title
        self.column = column
        self.important = important
        self.finished = finished
        self.notes = notes
        self.created = created
        self.updated = updated
        self.originalID = originalID
        self.origin = origin
    }
}

extension TaskTitle {
    /// Makes any text into a valid title, for imports: a file from elsewhere should not be refused
    /// over one long card name. Returns the title and whether it had to change.
    public static func coerce(_ raw: String) -> (title: String, changed: Bool) {
        if let valid = try? validate(raw) { return (valid, valid != raw) }
        var cleaned = String(String.UnicodeScalarView(withoutBidiControls(raw).unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029 ? " " : scalar
        }))
        cleaned = cleaned.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if cleaned.isEmpty { return ("Untitled", true) }
        if cleaned.count > PlanError.maxTitleLength {
            cleaned = String(cleaned.prefix(PlanError.maxTitleLength - 1)).trimmingCharacters(in: .whitespaces) + "…"
        }
        return (cleaned, true)
    }
}
