import PlanCore

/// What a card says about its days, seen from the board's today: the day it comes to Today
/// (only while that is still ahead), its deadline (today and overdue marked), and its repeat with
/// the day the next occurrence would get — short marks for the eye, one sentence for screen readers.
struct CardDates: Sendable, Equatable {
    /// One mark on the card.
    struct Mark: Sendable, Equatable {
        /// `when`, `deadline` or `repeat` (the mark's class).
        let kind: String
        /// `today` or `overdue` for a deadline; nil otherwise.
        let state: String?
        /// "due Fri", "↻ Mon 1 Dec".
        let text: String
        /// The same in full, as a tooltip.
        let title: String
    }

    let marks: [Mark]
    /// "deadline Friday 28 November, overdue; repeats every Monday, next on Monday 1 December".
    let spoken: String

    /// Nil for a task without days to show (no future when-date, no deadline, no repeat).
    init?(_ task: PlanTask, today: BoardDay, strings: Strings) {
        var marks: [Mark] = []
        var spoken: [String] = []
        if let when = task.when, when > today {
            let full = strings("days.spoken.when", ["day": strings.longDay(when, today: today)])
            marks.append(Mark(kind: "when", state: nil, text: strings("days.card.when", ["day": strings.shortDay(when, today: today)]), title: full))
            spoken.append(full)
        }
        if let deadline = task.deadline {
            let state: String? = deadline < today ? "overdue" : deadline == today ? "today" : nil
            let spokenKey = switch state {
            case "overdue": "days.spoken.deadlineOverdue"
            case "today": "days.spoken.deadlineToday"
            default: "days.spoken.deadline"
            }
            let full = strings(spokenKey, ["day": strings.longDay(deadline, today: today)])
            let short = strings(state == "overdue" ? "days.card.overdue" : "days.card.deadline", ["day": strings.shortDay(deadline, today: today)])
            marks.append(Mark(kind: "deadline", state: state, text: short, title: full))
            spoken.append(full)
        }
        if let rule = task.repeats {
            let rhythm = strings.repeatRule(rule)
            // The day finishing it would give the next occurrence (as `RepeatPlan.occurrence` decides).
            if let next = rule.next(after: max(today, task.when ?? today)) {
                let full = strings("days.spoken.repeat", ["rule": rhythm, "day": strings.longDay(next, today: today)])
                marks.append(Mark(kind: "repeat", state: nil, text: strings("days.card.repeat", ["day": strings.shortDay(next, today: today)]), title: full))
                spoken.append(full)
            } else {
                let full = strings("days.spoken.repeatEnds", ["rule": rhythm])
                marks.append(Mark(kind: "repeat", state: nil, text: strings("days.card.repeat", ["day": "–"]), title: full))
                spoken.append(full)
            }
        }
        guard !marks.isEmpty else { return nil }
        self.marks = marks
        self.spoken = spoken.joined(separator: strings("days.spoken.separator"))
    }
}
