import PlanCore

/// The move and delete choices for one card (`partials/task-actions.mustache`): on the page
/// `/tasks/ID/actions` as buttons that post without JavaScript, and once on the board as the
/// template of the menu the drag layer opens from a card's "⋯".
struct ActionsView: Sendable {
    let items: [Item]

    /// One choice. `value` names it for the drag layer (`data-action`) and is what the form sends.
    struct Item: Sendable {
        let value: String
        let label: String
        /// The route it posts to, through the page's form; nil in the board's menu template.
        let formAction: String?
        let name: String
        let enabled: Bool
        let danger: Bool
    }

    /// Every choice, for the board's menu: the drag layer hides what does not apply to a card.
    static func menuTemplate(_ strings: Strings) -> ActionsView {
        ActionsView(items: Self.choices(for: nil, strings).map { $0.item(formAction: nil, enabled: true) })
    }

    /// The choices for `task` where it is now: the other columns, and no "up" at the top.
    init(task: PlanTask, index: Int, count: Int, strings: Strings) {
        items = Self.choices(for: task.column, strings).compactMap { choice in
            if task.finished && choice.value != "delete" { return nil }
            let enabled = switch choice.value {
            case "top", "up": index > 0
            case "down", "bottom": index < count - 1
            default: true
            }
            return choice.item(formAction: (choice.value == "delete" ? Route.delete(task.id) : Route.move(task.id)).path, enabled: enabled)
        }
    }

    private init(items: [Item]) {
        self.items = items
    }

    private struct Choice {
        let value: String
        let label: String

        func item(formAction: String?, enabled: Bool) -> Item {
            let isDelete = value == "delete"
            return Item(value: value, label: label, formAction: formAction, name: isDelete ? "delete" : "to", enabled: enabled, danger: isDelete)
        }
    }

    /// In menu order; the column a task is in (when known) is left out.
    private static func choices(for column: BoardColumn?, _ strings: Strings) -> [Choice] {
        var choices = ["top", "up", "down", "bottom"].map { Choice(value: $0, label: strings("action.\($0)")) }
        for other in BoardColumn.allCases where other != column {
            choices.append(Choice(value: other.rawValue, label: strings("action.toColumn", ["column": strings.column(other)])))
        }
        choices.append(Choice(value: "delete", label: strings("action.delete")))
        return choices
    }
}
