import Foundation
import PlanCore

/// A task's days and repeats in the reader's words, from the catalogs' `days.` block: each
/// language writes a day its own way ("Fri 5 Dec", "12月5日 週五"), always on the board's calendar
/// (proleptic Gregorian, every year from 1 to 9999), never the server's locale.
extension Strings {
    /// A day as short as a card shows it, seen from the board's `today`: "today", "tomorrow",
    /// "yesterday", the weekday's name within the coming week, "Fri 5 Dec", or "5 Dec 2027" in another year.
    /// With `always`, the date itself ("Mon 23 Nov") whatever its distance.
    func shortDay(_ day: BoardDay, today: BoardDay, always: Bool = false) -> String {
        switch always ? Int.min : today.days(to: day) {
        case 0: self("days.today")
        case 1: self("days.tomorrow")
        case -1: self("days.yesterday")
        case 2...6: self("days.weekday.short.\(day.weekday.rawValue)")
        default: written(day, format: day.year == today.year ? "days.format.short" : "days.format.shortYear")
        }
    }

    /// A day in full, for screen readers and tooltips: "Friday 28 November" (with the year when
    /// it is not `today`'s).
    func longDay(_ day: BoardDay, today: BoardDay) -> String {
        written(day, format: day.year == today.year ? "days.format.long" : "days.format.longYear")
    }

    /// How a rule repeats: "every Monday", "每週一".
    func repeatRule(_ rule: RepeatRule) -> String {
        switch rule {
        case .everyDay: self("days.repeat.day")
        case .everyWorkday: self("days.repeat.workday")
        case .everyWeek(let weekday): self("days.repeat.week", ["weekday": self("days.repeatOn.\(weekday.rawValue)")])
        case .everyMonth(let day): self("days.repeat.month", ["day": day])
        }
    }

    private func written(_ day: BoardDay, format: String) -> String {
        let (year, month, date) = day.parts
        return self(format, [
            "year": year, "month": self("days.month.short.\(month)"), "monthLong": self("days.month.long.\(month)"), "day": date,
            "weekday": self("days.weekday.long.\(day.weekday.rawValue)"), "weekdayShort": self("days.weekday.short.\(day.weekday.rawValue)"),
        ])
    }
}

extension Strings {
    /// A refused day or repeat field, quoting what was typed: "There is no “2026-02-30” in the
    /// calendar…", "“99999-01-01” must be a day in the years 1 to 9999."
    func dayFieldError(_ error: PlanError, typed: String) -> String {
        guard case .invalidField(_, let problem) = error else { return message(error) }
        let text = typed.trimmingCharacters(in: .whitespaces)
        // Shaped like a day, with a year a day may have, yet no such day (30 February, month 13).
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if problem == .notADate, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
           parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
            return self("days.field.noSuchDay", ["typed": text])
        }
        return self("days.field.refused", ["typed": text, "reason": message(problem)])
    }
}
