import Foundation
import PlanCore
import PlanNotes

/// One task with its edit form.
package struct TaskPage: PageView {
    package static let template = "task"

    /// Where its forms post and its links lead.
    let paths: TaskPaths
    let csrf: String
    let heading: String
    let columnTitle: String
    let important: Bool
    let finished: Bool
    let created: String
    let createdISO: String
    let updated: String
    let updatedISO: String
    /// The notes as they are (or, when previewing, would be) kept: the only HTML printed unescaped.
    let notesHTML: SanitizedHTML?
    /// The notes cut at their checklist's checkboxes, each drawn as a button that ticks or unticks
    /// its item in place (`checklistItems` are their forms); nil when the notes are no checklist
    /// or are a preview.
    let checklist: [NotesPiece]?
    let checklistItems: [ChecklistItem]
    let hasChecklist: Bool
    /// Whether `notesHTML` is a preview of what was typed rather than what is stored.
    let previewing: Bool
    let form: EditForm
    /// The task version the edit form was drawn from (see `PlanTask.version`).
    let version: Int64
    let banner: Banner?
    let finishValue: Bool
    let finishText: String

    /// Whether the edit form starts open: when previewing, or when a save was refused.
    let editing: Bool
    let formats: [FormatOption]
    /// Its days in words ("deadline Friday 28 November, overdue; …"), as the card has them; nil when it has none.
    let days: String?
    /// The repeat field's suggestions, in the reader's words (every day, every weekday, every Monday…).
    let repeatChoices: [String]

    /// The edit form's fields: the stored values, or what the person typed when it was refused.
    struct EditForm: Sendable {
        var title: String
        var important: Bool
        /// The notes as written, in `format`.
        var notes: String
        var format: NoteFormat
        var titleError: String?
        var notesError: String?
        /// The days as the fields show them: `YYYY-MM-DD` (or what was typed), and the repeat in the
        /// reader's words ("every Monday"), empty for none.
        var when: String = ""
        var deadline: String = ""
        var repeats: String = ""
        var whenError: String?
        var deadlineError: String?
        var repeatError: String?

        /// What the person typed, kept whatever happens to it; a field not sent shows `task`'s own
        /// (the notes `notesIfNone`), and a notes format that cannot be read shows the one offered for the task.
        static func typed(_ fields: FormFields, over task: PlanTask, notesIfNone: String, strings: Strings) -> EditForm {
            let notes = NotesField(fields)
            let format = notes.flatMap { try? NoteRenderer.format(named: $0.formatName, for: $0.source) }
            var form = EditForm(
                title: fields["title"] ?? task.title, important: fields.flag("important"), notes: notes?.source ?? notesIfNone,
                format: format ?? offeredFormat(for: task))
            let stored = stored(task, strings: strings)
            form.when = fields["when"] ?? stored.when
            form.deadline = fields["deadline"] ?? stored.deadline
            form.repeats = fields["repeat"] ?? stored.repeats
            return form
        }

        /// The task's own values.
        static func stored(_ task: PlanTask, strings: Strings) -> EditForm {
            var form = EditForm(title: task.title, important: task.important, notes: task.notesSource, format: offeredFormat(for: task))
            form.when = task.when?.iso ?? ""
            form.deadline = task.deadline?.iso ?? ""
            form.repeats = task.repeats.map(strings.repeatRule) ?? ""
            return form
        }

        var hasDayError: Bool { whenError != nil || deadlineError != nil || repeatError != nil }

        /// The format the form offers for a task's notes: theirs, or Markdown for a task without
        /// notes (plain lines read the same, and lists and links just work).
        static func offeredFormat(for task: PlanTask) -> NoteFormat {
            task.notesSource.isEmpty ? .markdown : task.notesFormat
        }
    }

    /// A run of the notes' markup, followed by the button in place of a checkbox (none after the last).
    struct NotesPiece: Sendable {
        let markup: SanitizedHTML
        let checkbox: ChecklistItem?
    }

    /// One item of the checklist: its button's state and name, and what its form sends.
    struct ChecklistItem: Sendable {
        /// Its number, counted from 0 as `Markdown.taskListItems` counts.
        let item: Int
        let ticked: Bool
        /// What ticking it sends: the opposite of `ticked`.
        let sends: Bool
        /// Its text, as the button's name.
        let itemLabel: String
    }

    /// One choice of the notes' format, with what it means.
    struct FormatOption: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    init(
        task: PlanTask, strings: Strings, timeZone: TimeZone?, today: BoardDay, csrf: String, notesHTML: SanitizedHTML?,
        previewing: Bool = false, form: EditForm? = nil, version: Int64, banner: Banner? = nil
    ) {
        paths = TaskPaths(id: task.id)
        self.csrf = csrf
        heading = task.title
        columnTitle = strings.column(task.column)
        important = task.important
        finished = task.finished
        created = Self.display(task.created, strings, timeZone)
        createdISO = Self.iso(task.created)
        updated = Self.display(task.updated, strings, timeZone)
        updatedISO = Self.iso(task.updated)
        self.notesHTML = notesHTML.flatMap { $0.isEmpty ? nil : $0 }
        let split = previewing || task.notesFormat != .markdown ? nil : self.notesHTML?.splitAtCheckboxes()
        if let split, !split.checked.isEmpty {
            let items = split.checked.enumerated().map { number, ticked in
                let text = Self.itemText(after: split.pieces[number + 1])
                return ChecklistItem(
                    item: number, ticked: ticked, sends: !ticked,
                    itemLabel: text.isEmpty ? strings("checklist.item", ["number": number + 1]) : text)
            }
            checklistItems = items
            checklist = split.pieces.enumerated().map { NotesPiece(markup: $1, checkbox: items.indices.contains($0) ? items[$0] : nil) }
        } else {
            checklistItems = []
            checklist = nil
        }
        hasChecklist = checklist != nil
        self.previewing = previewing
        self.version = version
        let form = form ?? EditForm.stored(task, strings: strings)
        self.form = form
        editing = previewing || form.titleError != nil || form.notesError != nil || form.hasDayError || banner?.kind == "error"
        formats = [NoteFormat.markdown, .plain, .html].map {
            FormatOption(value: $0.rawValue, label: strings("task.format.\($0.rawValue)"), selected: $0 == form.format)
        }
        self.banner = banner
        days = CardDates(task, today: today, strings: strings)?.spoken
        let rules: [RepeatRule] = [.everyDay, .everyWorkday] + [1, 2, 3, 4, 5, 6, 0].map { .everyWeek(on: Weekday(rawValue: $0)!) }
            + [.everyMonth(on: today.day)]
        repeatChoices = rules.map(strings.repeatRule)
        finishValue = !task.finished
        finishText = strings(task.finished ? "task.markOpen" : "task.markFinished")
    }

    /// An item's own text: what follows its checkbox up to the end of its line of markup (its
    /// paragraph, its line, its item, or a list nested in it).
    private static func itemText(after markup: SanitizedHTML) -> String {
        var end = markup.html.endIndex
        for boundary in ["</li>", "</p>", "<br>", "<ul", "<ol"] {
            if let found = markup.html.range(of: boundary), found.lowerBound < end { end = found.lowerBound }
        }
        return SanitizedHTML.plainText(ofStoredNotes: String(markup.html[..<end]), limit: 120).trimmingCharacters(in: .whitespaces)
    }

    private static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// In the reader's time zone (the browser tells it once, see `ReaderTimeZone`) and language;
    /// before it has, in UTC, saying so.
    private static func display(_ date: Date, _ strings: Strings, _ timeZone: TimeZone?) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .shortened, timeZone: timeZone ?? TimeZone(identifier: "UTC")!)
        style.locale = strings.language.locale
        let text = date.formatted(style)
        return timeZone == nil ? strings("task.utc", ["date": text]) : text
    }
}
