import PlanCore

/// A card's choices (`partials/task-actions.mustache`): on the page `/tasks/ID/actions` as buttons
/// that post without JavaScript, and once on the board as the template of the menu the drag layer
/// opens from a card's "⋯". First the quick edits (finish or reopen, important or not, rename),
/// then the moves, the days, and delete.
struct ActionsView: Sendable {
    let items: [Item]

    /// One choice. `action` names it for the drag layer (`data-action`); `value` is what the form sends.
    struct Item: Sendable {
        let action: String
        let value: String
        let label: String
        /// The route it posts to, through the page's form; nil in the board's menu template.
        let formAction: String?
        let name: String
        let enabled: Bool
        let danger: Bool
        /// The key that does the same on a focused card (`aria-keyshortcuts`, shown in the menu).
        let key: String?
    }

    /// Every choice, for the board's menu: the drag layer hides what does not apply to a card.
    /// "Rename", "Select" and "Pick a date" are the menu's own (the page has a field for each, and
    /// without JavaScript several tasks are chosen on the Select page).
    static func menuTemplate(_ strings: Strings) -> ActionsView {
        var choices = Self.choices(for: nil, strings)
        choices.insert(Choice(kind: .rename, value: "rename", label: strings("action.rename")), at: 4)
        choices.insert(Choice(kind: .select, value: "select", label: strings("action.select")), at: 5)
        choices.insert(Choice(kind: .schedule, value: "pick", label: strings("days.action.pick")), at: choices.count - 1)
        return ActionsView(items: choices.map { $0.item(route: nil, enabled: true) })
    }

    /// The choices for `task` where it is now: finish or reopen and important or not as it is, the
    /// other columns, and no "up" at the top; a finished task is not moved or scheduled. The
    /// scheduling choices name the day they give on the board's `today`.
    init(task: PlanTask, index: Int, count: Int, today: BoardDay, strings: Strings) {
        items = Self.choices(for: task.column, strings).compactMap { choice in
            guard choice.applies(to: task) else { return nil }
            let enabled = switch choice.value {
            case "top", "up": index > 0
            case "down", "bottom": index < count - 1
            default: true
            }
            guard choice.kind == .schedule, let quick = ScheduleForm.Choice(rawValue: choice.value) else {
                return choice.item(route: choice.kind.route(task.id), enabled: enabled)
            }
            let label = strings("days.action.withDay", ["choice": choice.label, "day": strings.shortDay(quick.day(after: today), today: today, always: true)])
            return Choice(kind: .schedule, value: choice.value, label: label).item(route: choice.kind.route(task.id), enabled: enabled)
        }
    }

    private init(items: [Item]) {
        self.items = items
    }

    /// What a choice changes, and so where it posts and the field it sends.
    private enum Kind {
        case finish, important, rename, select, move, schedule, delete

        /// The route its button posts to (rename has its own form on the page, not a button).
        func route(_ id: TaskID) -> String? {
            switch self {
            case .finish: Route.finish(id).path
            case .important: Route.task(id).path
            case .rename, .select: nil
            case .move: Route.move(id).path
            case .schedule: Route.schedule(id).path
            case .delete: Route.delete(id).path
            }
        }

        /// The form field its value is sent as.
        var field: String {
            switch self {
            case .finish: "finished"
            case .important: "important"
            case .rename: "title"
            case .select: "ids"
            case .move: "to"
            case .schedule: "when"
            case .delete: "delete"
            }
        }
    }

    private struct Choice {
        let kind: Kind
        let value: String
        let label: String

        /// The drag layer's name for it: a move by its place or column, `schedule:CHOICE`, `finish`
        /// or `reopen`, `important` or `unimportant`, `rename`, `delete`.
        var action: String {
            switch kind {
            case .finish: value == "true" ? "finish" : "reopen"
            case .important: value == "true" ? "important" : "unimportant"
            case .schedule: "schedule:\(value)"
            case .move, .rename, .select, .delete: value
            }
        }

        /// The key on a focused card that does the same (keyboard.js).
        var key: String? {
            switch kind {
            case .finish: "X"
            case .important: "I"
            case .rename: "F2"
            case .select: "Shift+Space"
            case .delete: "Delete"
            case .move, .schedule: nil
            }
        }

        /// Whether the page offers it for `task`: the finish and importance it does not have yet,
        /// and for a finished task no move or day.
        func applies(to task: PlanTask) -> Bool {
            switch kind {
            case .finish: value == String(!task.finished)
            case .important: value == String(!task.important)
            case .move, .schedule: !task.finished
            case .rename, .select, .delete: true
            }
        }

        func item(route: String?, enabled: Bool) -> Item {
            Item(action: action, value: value, label: label, formAction: route, name: kind.field, enabled: enabled, danger: kind == .delete, key: key)
        }
    }

    /// In menu order; the column a task is in (when known) is left out.
    private static func choices(for column: BoardColumn?, _ strings: Strings) -> [Choice] {
        var choices = [
            Choice(kind: .finish, value: "true", label: strings("action.finish")),
            Choice(kind: .finish, value: "false", label: strings("action.reopen")),
            Choice(kind: .important, value: "true", label: strings("action.important")),
            Choice(kind: .important, value: "false", label: strings("action.notImportant")),
        ]
        choices += ["top", "up", "down", "bottom"].map { Choice(kind: .move, value: $0, label: strings("action.\($0)")) }
        for other in BoardColumn.allCases where other != column {
            choices.append(Choice(kind: .move, value: other.rawValue, label: strings("action.toColumn", ["column": strings.column(other)])))
        }
        // Tomorrow, this weekend, next week (`ScheduleForm`): the board's days, not the browser's.
        for choice in ScheduleForm.Choice.allCases {
            choices.append(Choice(kind: .schedule, value: choice.rawValue, label: strings("days.action.\(choice.rawValue)")))
        }
        choices.append(Choice(kind: .delete, value: "delete", label: strings("action.delete")))
        return choices
    }
}
