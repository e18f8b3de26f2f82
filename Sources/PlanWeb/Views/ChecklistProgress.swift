import PlanCore
import PlanNotes

/// How far a checklist has come: a task whose Markdown notes hold a task list (`- [ ]`, `- [x]`).
///
/// It is read from the notes as stored (the sanitizer's HTML, which every read of the board holds
/// anyway) rather than kept in a column of its own: counting the checkboxes is one pass over bytes
/// already in memory, with no second source of truth for two stores, their change logs and exports
/// to keep in step. Only Markdown notes are checklists: there an item can be ticked
/// (`Markdown.settingTaskListItem`); a checkbox in HTML notes is shown as written, and plain text
/// has none.
struct ChecklistProgress: Sendable, Equatable {
    let done: Int
    let total: Int

    /// The progress of `task`'s checklist; nil when its notes are not one.
    init?(_ task: PlanTask) {
        guard task.notesFormat == .markdown else { return nil }
        let count = SanitizedHTML.checkboxCount(ofStoredNotes: task.notes)
        guard count.total > 0 else { return nil }
        done = count.checked
        total = count.total
    }
}

/// A checklist's progress as a card shows it: "2/5" on screen, "2 of 5 done" for screen readers.
struct CardProgress: Sendable, Equatable {
    let text: String
    let spoken: String
    /// Every item ticked.
    let complete: Bool

    init(_ progress: ChecklistProgress, strings: Strings) {
        let values: [String: any CustomStringConvertible] = ["done": progress.done, "total": progress.total]
        text = strings("card.progress", values)
        spoken = strings("card.progressSpoken", values)
        complete = progress.done == progress.total
    }
}
