import Foundation

/// When the board's days begin: its time zone and the hour a new day starts there (0–23). Every
/// date on a page is the board's; which day it is now, and when the next one starts, come from here.
public struct BoardCalendar: Sendable, Equatable {
    public let timeZone: TimeZone
    /// The hour of the board's local clock at which a new day begins (0: midnight; 4: a day runs 04:00 to 04:00).
    public let dayStartsAt: Int

    public static let hours = 0...23

    /// A calendar for the zone and hour as given; `PlanError.invalidField` names what is wrong.
    public init(timeZone identifier: String, dayStartsAt hour: Int) throws(PlanError) {
        guard let zone = BoardCalendar.zone(named: identifier) else { throw .invalidField(name: "time_zone", problem: .unknownTimeZone) }
        guard Self.hours.contains(hour) else { throw .invalidField(name: "day_starts", problem: .notAnHour) }
        timeZone = zone
        dayStartsAt = hour
    }

    public init(timeZone: TimeZone, dayStartsAt hour: Int) {
        precondition(Self.hours.contains(hour), "a day starts at an hour from 0 to 23")
        self.timeZone = timeZone
        dayStartsAt = hour
    }

    /// A zone by its IANA name ("Europe/Berlin", "UTC"); nil for a name the system does not know.
    /// Abbreviations ("CET") and offsets are not names of a zone and are refused.
    public static func zone(named identifier: String) -> TimeZone? {
        let name = identifier.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 64, name == "UTC" || TimeZone.knownTimeZoneIdentifiers.contains(name) else { return nil }
        return TimeZone(identifier: name)
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The board day `instant` falls in: the local date, or the one before while the local hour
    /// is earlier than `dayStartsAt`.
    public func day(of instant: Date) -> BoardDay {
        let parts = calendar.dateComponents([.year, .month, .day, .hour], from: instant)
        let date = BoardDay(year: parts.year!, month: parts.month!, day: parts.day!) ?? BoardDay(daysSinceEpoch: 0)
        return parts.hour! < dayStartsAt ? date.adding(days: -1) : date
    }

    /// The instant `day` begins: its date at `dayStartsAt` on the local clock, or the first
    /// instant after it when the clock skips that hour (a daylight-saving change).
    public func start(of day: BoardDay) -> Date {
        let (year, month, date) = day.parts
        let asked = DateComponents(year: year, month: month, day: date, hour: dayStartsAt)
        // Foundation resolves a skipped hour one way or another; the search below settles on the
        // first instant that belongs to `day`, whatever it chose.
        var start = calendar.date(from: asked) ?? Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400)
        var steps = 0
        while self.day(of: start) < day, steps < 48 { start += 1_800; steps += 1 }
        while self.day(of: start) > day, steps < 96 { start -= 1_800; steps += 1 }
        // Now within the day, at most half an hour late: back to its very first second.
        var step: TimeInterval = 900
        while step >= 1 {
            if self.day(of: start - step) == day { start -= step } else { step /= 2 }
        }
        return start
    }

    /// When the day after the one `instant` falls in begins: the board's next turn.
    public func nextTurn(after instant: Date) -> Date {
        start(of: day(of: instant).adding(days: 1))
    }
}
