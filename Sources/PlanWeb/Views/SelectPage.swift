import PlanCore

/// `/select`: every task on the board with a checkbox, and what to do to the ones checked — the
/// board's selection for browsers without JavaScript. One post, one change, one Undo.
struct SelectPage: PageView {
    static let template = "select"

    let csrf: String
    let columns: [Column]
    let actions: [Action]
    /// Why the last try changed nothing.
    let banner: Banner?

    struct Column: Sendable {
        let name: String
        let tasks: [Choice]
    }

    /// One task's checkbox.
    struct Choice: Sendable {
        let id: TaskID
        let title: String
        let checked: Bool
        /// "finished", "important" (as the card says it), if either.
        let state: String?
    }

    /// One button: the `action` it sends.
    struct Action: Sendable {
        let value: String
        let label: String
        let danger: Bool
    }

    /// The board's tasks, with `checked` ticked (what was ticked before a refusal).
    init(board: Board, checked: Set<TaskID> = [], refusal: String? = nil, csrf: String, strings: Strings) {
        self.csrf = csrf
        columns = BoardColumn.allCases.map { column in
            Column(name: strings.column(column), tasks: board.tasks(in: column).map { task in
                Choice(id: task.id, title: task.title, checked: checked.contains(task.id), state: CardView.state(of: task, strings))
            })
        }
        actions = Self.actions(strings)
        banner = refusal.map { .error($0) }
    }

    /// What can be done to several tasks at once, as buttons (here and on the board's selection bar).
    static func actions(_ strings: Strings) -> [Action] {
        var actions = [("finish", "action.finish"), ("reopen", "action.reopen"), ("important", "action.important"), ("unimportant", "action.notImportant")]
            .map { Action(value: $0.0, label: strings($0.1), danger: false) }
        actions += BoardColumn.allCases.map { Action(value: $0.rawValue, label: strings("action.toColumn", ["column": strings.column($0)]), danger: false) }
        actions.append(Action(value: "delete", label: strings("action.delete"), danger: true))
        return actions
    }
}

/// What every board page carries for the drag layer to clone (`partials/board-templates.mustache`):
/// the card menu (`ActionsView.menuTemplate`) and the bar shown while cards are selected.
struct BoardTemplates: Sendable {
    let menu: ActionsView
    let actions: [SelectPage.Action]
    let toolbarLabel: String
    let clearLabel: String

    init(_ strings: Strings) {
        menu = ActionsView.menuTemplate(strings)
        actions = SelectPage.actions(strings)
        toolbarLabel = strings("select.barLabel")
        clearLabel = strings("select.clear")
    }
}
