import PlanCore

/// The move and delete choices for one card (`partials/task-actions.mustache`): on the page
/// `/tasks/ID/actions` as buttons that post without JavaScript, and once on the board as the
/// template of the menu the drag layer opens from a card's "⋯".
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
    }

    /// Every choice, for the board's menu: the drag layer hides what does not apply to a card.
    /// "Pick a date" is the menu's own (the page has a date field for it).
    static func menuTemplate(_ strings: Strings) -> ActionsView {
        var choices = Self.choices(for: nil, strings)
        choices.insert(Choice(value: "pick", label: strings("days.action.pick"), schedules: true), at: choices.count - 1)
        return ActionsView(items: choices.map { $0.item(formAction: nil, enabled: true) })
    }

    /// The choices for `task` where it is now: the other columns, and no "up" at the top; the
    /// scheduling choices name the day they give on the board's `today`.
    init(task: PlanTask, index: Int, count: Int, today: BoardDay, strings: Strings) {
        let choices = Self.choices(for: task.column, strings).map { choice in
            guard choice.schedules, let quick = ScheduleForm.Choice(rawValue: choice.value) else { return choice }
            let label = strings("days.action.withDay", ["choice": choice.label, "day": strings.shortDay(quick.day(after: today), today: today, always: true)])
            return Choice(value: choice.value, label: label, schedules: true)
        }
        items = choices.compactMap { choice in
            if task.finished && choice.value != "delete" { return nil }
            let enabled = switch choice.value {
            case "top", "up": index > 0
            case "down", "bottom": index < count - 1
            default: true
            }
            let route = choice.schedules ? Route.schedule(task.id) : choice.value == "delete" ? Route.delete(task.id) : Route.move(task.id)
            return choice.item(formAction: route.path, enabled: enabled)
        }
    }

    private init(items: [Item]) {
        self.items = items
    }

    private struct Choice {
        let value: String
        let label: String
        /// Sets the task's when-date (`when=VALUE` to the schedule route) rather than moving it.
        var schedules = false

        func item(formAction: String?, enabled: Bool) -> Item {
            let isDelete = value == "delete"
            return Item(
                action: schedules ? "schedule:\(value)" : value, value: value, label: label, formAction: formAction,
                name: isDelete ? "delete" : schedules ? "when" : "to", enabled: enabled, danger: isDelete)
        }
    }

    /// In menu order; the column a task is in (when known) is left out.
    private static func choices(for column: BoardColumn?, _ strings: Strings) -> [Choice] {
        var choices = ["top", "up", "down", "bottom"].map { Choice(value: $0, label: strings("action.\($0)")) }
        for other in BoardColumn.allCases where other != column {
            choices.append(Choice(value: other.rawValue, label: strings("action.toColumn", ["column": strings.column(other)])))
        }
        // Tomorrow, this weekend, next week (`ScheduleForm`): the board's days, not the browser's.
        for choice in ScheduleForm.Choice.allCases {
            choices.append(Choice(value: choice.rawValue, label: strings("days.action.\(choice.rawValue)"), schedules: true))
        }
        choices.append(Choice(value: "delete", label: strings("action.delete")))
        return choices
    }
}
