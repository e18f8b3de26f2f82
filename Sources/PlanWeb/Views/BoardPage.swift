import PlanCore

/// The board as the template draws it.
package struct BoardPage: PageView {
    package static let template = "board"

    let revision: Int64
    /// The session's token, once for the whole page: every button posts through the page's one form.
    let csrf: String
    let banner: Banner?
    /// What the last action without JavaScript did, with an Undo button (a deleted task, say).
    let notice: Notice?
    let columns: [ColumnView]
    let taskCountLabel: String
    /// How the board works, on an empty board until this browser dismisses it or adds a task.
    let welcome: Bool
    /// The card menu the drag layer opens from "⋯" (the choices `/tasks/ID/actions` offers), drawn once.
    let menu: RenderedHTML
    /// The drag layer's texts in the reader's language (JSON for a `<script type="application/json">`).
    let scriptStrings: RenderedHTML
    /// What the board is narrowed to (the words show in the header's search field).
    let filterQuery: String
    let filtered: Bool
    /// The switches beside the search field: links without JavaScript, toggle buttons with it.
    let filterSwitches: [FilterSwitch]
    /// The whole board, without a filter: where "Show all" leads.
    let unfilteredPath: String

    /// A column's cards are drawn in groups of this many, each group a box of its own
    /// (`.task-group` in board.css): a change to one card then lays out its group and
    /// the list's groups, not every card of the list. At 1,000 cards a column a layout of the
    /// whole list cost 12–20 ms. The page says it (`data-group-size` on the board) for the drag
    /// layer, which keeps groups from growing past twice this as cards come and go.
    static let cardsPerGroup = 50

    /// The screenful before this browser's script has measured one (a first visit): a column on a
    /// 1080-pixel screen.
    static let screenfulByDefault = 12

    /// The index after the `screenful`-th of `tasks` that takes room on the page (see
    /// `ColumnView.markupEnd`), or their count when fewer do. The page's markup is the cards a column
    /// shows at once on this browser's screen (`BoardPreferences.screenful`); the rest come as text,
    /// a group at a time, for the scripts to put on the page after the first paint
    /// (`PageRenderer.laterStart`), so the first paint lays out, styles and paints only the cards in
    /// view. Measured at 300 tasks, 24 cards a column as markup → 8: the first paint 104 → 84 ms
    /// (README, Performance).
    static func markupEnd(_ tasks: [PlanTask], shown flags: [Bool], hidingFinished: Bool, screenful: Int) -> Int {
        var taking = 0
        for (index, task) in tasks.enumerated() where (index >= flags.count || flags[index]) && !(hidingFinished && task.finished) {
            taking += 1
            if taking == screenful { return index + 1 }
        }
        return tasks.count
    }

    /// One of the board's filter switches (important, has a deadline, overdue, scheduled).
    struct FilterSwitch: Sendable {
        let name: String
        let label: String
        let on: Bool
        /// The board with this switch turned the other way and the rest kept.
        let path: String
    }

    /// What the add-task form in one column shows after a refused submission.
    package struct AddForm: Sendable {
        var title = ""
        var important = false
        var error: String?
    }

    /// One column: its heading, counts, cards and add form.
    struct ColumnView: Sendable {
        let id: String
        let title: String
        let count: Int
        let countLabel: String
        /// How many of its cards the filter shows, and "3 of 12" (nil without a filter).
        let shown: Int
        let shownLabel: String?
        /// "Add a task to Today": the add field's placeholder and the skip link to it.
        let addLabel: String
        /// "New task in Today": the add field's label.
        let newTaskLabel: String
        let hideFinishedLabel: String
        let showFinishedLabel: String
        let finishedCount: Int
        var hasFinished: Bool { finishedCount > 0 }
        /// Whether this browser asked to hide the column's finished tasks.
        let hidesFinished: Bool
        /// The cards, already drawn (see `CardCache`); `PageRenderer.board` puts them where `cards` marks.
        let drawn: [RenderedHTML]
        /// Per drawn card, whether the filter shows it; empty when nothing is filtered.
        let shownCards: [Bool]
        let add: AddForm
        /// Where its "hide finished" / "show finished" button posts.
        let finishedPath: String
        /// Where its "Clear" button posts (finished tasks to the logbook now), and what it does in words.
        let clearFinishedPath: String
        let clearFinishedLabel: String

        /// Where the page's markup of this column's cards ends (`PageRenderer.board`): after the
        /// first screenful of cards that take room (`BoardPage.markupEnd`), as the cards a filter hides (drawn `hidden`)
        /// and the finished ones of a column that folds them away take none.
        let markupEnd: Int

        /// Where the cards go in the page: drawing thousands of them through Mustache would copy
        /// them section by section, so the page is drawn around a marker and they are spliced in.
        var cards: RenderedHTML { .marker(named: "cards-\(id)") }
    }

    init(
        board: Board, csrf: String, strings: Strings, cards: [BoardColumn: [RenderedHTML]], preferences: BoardPreferences = BoardPreferences(),
        menu: RenderedHTML, scriptStrings: RenderedHTML, banner: Banner? = nil, notice: Notice? = nil, addForms: [BoardColumn: AddForm] = [:],
        filter: BoardFilter = BoardFilter(), shown: [BoardColumn: [Bool]] = [:]
    ) {
        revision = board.revision
        self.csrf = csrf
        self.banner = banner
        self.notice = notice
        let total = board.allTasks.count
        taskCountLabel = strings.tasks(total)
        welcome = total == 0 && !preferences.welcomed
        columns = BoardColumn.allCases.map { column in
            let tasks = board.tasks(in: column)
            let title = strings.column(column)
            let finished = tasks.reduce(0) { $0 + ($1.finished ? 1 : 0) }
            let flags = shown[column] ?? []
            let shownCount = filter.isActive ? flags.reduce(0) { $0 + ($1 ? 1 : 0) } : tasks.count
            return ColumnView(
                id: column.rawValue, title: title, count: tasks.count, countLabel: strings.tasks(tasks.count),
                shown: shownCount, shownLabel: filter.isActive ? strings("board.filter.shown", ["shown": shownCount, "total": tasks.count]) : nil,
                addLabel: strings("board.addTo", ["column": title]), newTaskLabel: strings("board.newTaskIn", ["column": title]),
                hideFinishedLabel: strings("board.finished.hide", ["count": finished]),
                showFinishedLabel: strings("board.finished.show", ["count": finished]),
                finishedCount: finished,
                hidesFinished: preferences.hidesFinished(in: column),
                drawn: cards[column] ?? [],
                shownCards: flags,
                add: addForms[column] ?? AddForm(),
                finishedPath: Route.columnFinished(column).path,
                clearFinishedPath: Route.clearFinished(column).path,
                clearFinishedLabel: strings("board.clearFinishedLabel", ["column": title]),
                markupEnd: Self.markupEnd(tasks, shown: flags, hidingFinished: preferences.hidesFinished(in: column), screenful: preferences.screenful))
        }
        self.menu = menu
        self.scriptStrings = scriptStrings
        filterQuery = filter.query?.text ?? ""
        filtered = filter.isActive
        filterSwitches = BoardFilter.switches.map { name in
            let query = filter.address(toggling: name)
            return FilterSwitch(
                name: name, label: strings("board.filter.\(name)"), on: filter.isOn(name),
                path: Route.board.path + (query.isEmpty ? "" : "?" + query))
        }
        unfilteredPath = Route.board.path
    }
}

/// A message across the top of a page: why something was refused, or what just happened.
package struct Banner: Sendable {
    let kind: String
    let message: String

    static func error(_ message: String) -> Banner { Banner(kind: "error", message: message) }
    static func notice(_ message: String) -> Banner { Banner(kind: "notice", message: message) }
}

/// What an action taken without JavaScript did, shown once on the next page, with Undo.
struct Notice: Sendable, Equatable {
    let message: String
}
