import Foundation
import PlanCore

/// Days and times as the logbook and the settings page write them: on the board's clock (its zone,
/// `BoardCalendar`), in the reader's language.
struct BoardClockText: Sendable {
    let strings: Strings
    let calendar: BoardCalendar

    /// "Friday, 27 November 2026" / "2026年11月27日 星期五".
    func day(_ day: BoardDay) -> String {
        Self.day(day, strings: strings)
    }

    /// A board day in `strings`' language; it needs no zone (search's logbook entries use it too).
    static func day(_ day: BoardDay, strings: Strings) -> String {
        // A board day has no zone: its noon in UTC is that date in UTC.
        let noon = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 43_200)
        var style = Date.FormatStyle(date: .complete, time: .omitted, timeZone: TimeZone(identifier: "UTC")!)
        style.locale = strings.language.locale
        return noon.formatted(style)
    }

    /// A day as a heading, "Today, …" and "Yesterday, …" for the two most recent.
    func heading(_ day: BoardDay, today: BoardDay) -> String {
        switch day.days(to: today) {
        case 0: strings("logbook.day.today", ["date": self.day(day)])
        case 1: strings("logbook.day.yesterday", ["date": self.day(day)])
        default: self.day(day)
        }
    }

    /// "14:05" on the board's clock.
    func time(_ instant: Date) -> String {
        // Two digits for the hour in every language, as the rest of the board writes times.
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        let parts = gregorian.dateComponents([.hour, .minute], from: instant)
        let (hour, minute) = (parts.hour ?? 0, parts.minute ?? 0)
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// "04:00": the hour the board's day starts.
    var dayStart: String {
        dayStart(calendar.dayStartsAt)
    }

    /// An hour of the day written as the clock shows it ("04:00").
    func dayStart(_ hour: Int) -> String {
        hour < 10 ? "0\(hour):00" : "\(hour):00"
    }

    /// The zone's name as people know it ("Europe/Berlin").
    var zone: String { calendar.timeZone.identifier }
}
