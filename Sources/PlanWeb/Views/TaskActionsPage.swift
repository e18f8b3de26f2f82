import PlanCore

/// `/tasks/ID/actions`: a card's choices (finish, importance, moves, days, delete) as a page of
/// buttons and a rename field, for browsers without JavaScript (with it, the same choices open as
/// a menu on the board).
struct TaskActionsPage: PageView {
    static let template = "actions"

    /// Where its form posts and its links lead.
    let paths: TaskPaths
    let title: String
    /// "Change, move or delete “Buy milk”".
    let heading: String
    let csrf: String
    /// The board revision the page shows: a move from it is refused if the task moved since.
    let revision: Int64
    /// The task's version: a rename from this page is refused if the task changed since.
    let version: Int64
    /// "In Today, 2 of 5."
    let position: String
    let finished: Bool
    let actions: ActionsView
    /// "Comes to Today on Monday 30 November", while it has a day to come.
    let scheduled: String?
    /// "Pick a date": the day field, with what was typed and why it was refused.
    let pick: Pick

    /// The date field of "Pick a date".
    struct Pick: Sendable {
        var typed: String
        var error: String?
    }

    init(task: PlanTask, on board: Board, today: BoardDay, csrf: String, strings: Strings, pick: Pick? = nil) {
        let tasks = board.tasks(in: task.column)
        let index = tasks.firstIndex { $0.id == task.id } ?? 0
        paths = TaskPaths(id: task.id)
        title = task.title
        heading = strings("actions.title", ["title": task.title])
        self.csrf = csrf
        revision = board.revision
        version = task.version
        position = strings("actions.position", ["column": strings.column(task.column), "position": index + 1, "count": tasks.count])
        finished = task.finished
        actions = ActionsView(task: task, index: index, count: tasks.count, today: today, strings: strings)
        scheduled = task.when.flatMap { $0 > today ? strings("days.actions.scheduled", ["day": strings.longDay($0, today: today)]) : nil }
        self.pick = pick ?? Pick(typed: task.when.map { $0 > today ? $0.iso : "" } ?? "")
    }
}
