import PlanCore

/// Scheduling a task from its menu or its actions page: `when` is `tomorrow`, `weekend`,
/// `next-week`, a day (`YYYY-MM-DD`, from "Pick a date"), or empty to clear its day.
struct ScheduleForm: DecodedForm {
    /// The menu's quick choices, each a day counted from the board's today.
    enum Choice: String, CaseIterable, Sendable {
        case tomorrow
        /// The coming Saturday: the first Saturday after today (on a Saturday or a Sunday, the next one).
        case weekend
        /// The coming Monday: the first Monday after today.
        case nextWeek = "next-week"

        /// The day this choice means on the board's `today`.
        func day(after today: BoardDay) -> BoardDay {
            switch self {
            case .tomorrow: today.adding(days: 1)
            case .weekend: Self.first(.saturday, after: today)
            case .nextWeek: Self.first(.monday, after: today)
            }
        }

        private static func first(_ weekday: Weekday, after day: BoardDay) -> BoardDay {
            let ahead = (weekday.rawValue - day.weekday.rawValue + 7) % 7
            return day.adding(days: ahead == 0 ? 7 : ahead)
        }
    }

    enum Target: Equatable {
        case choice(Choice)
        case day(BoardDay?)
    }

    var target: Target
    /// The `when` field as sent, kept for the page that refuses it.
    var typed: String

    init(_ fields: FormFields) throws(PlanError) {
        typed = fields["when"] ?? ""
        if let choice = Choice(rawValue: typed) {
            target = .choice(choice)
            return
        }
        guard case .set(let day) = try fields.dayChange("when") else { throw .invalidField(name: "when", problem: .notADate) }
        target = .day(day)
    }

    /// The when-date to set on the board's `today` (nil clears it).
    func day(today: BoardDay) -> BoardDay? {
        switch target {
        case .choice(let choice): choice.day(after: today)
        case .day(let day): day
        }
    }
}
