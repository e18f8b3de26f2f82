/// A day of the calendar (proleptic Gregorian), with no time and no zone: the day a task is
/// scheduled for, its deadline, the day it was finished. Which day it is *now* is the board's to
/// say (`BoardCalendar`), from its time zone and the hour its day starts.
///
/// Kept as the number of days since 1970-01-01, so days compare and step by plain arithmetic;
/// written `YYYY-MM-DD` (in JSON, in the database and in `<input type="date">`).
public struct BoardDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let daysSinceEpoch: Int

    /// The years a day may fall in: four-digit years, as `<input type="date">` and ISO 8601 write them.
    public static let years = 1...9999

    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The day `year`-`month`-`day`, or nil when there is no such day (30 February, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month), (1...Self.daysIn(month: month, of: year)).contains(day) else { return nil }
        daysSinceEpoch = Self.days(year: year, month: month, day: day)
    }

    /// Reads `YYYY-MM-DD` exactly (ASCII digits, four-digit year); nil for anything else.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The year, month (1–12) and day of the month (1–31).
    public var parts: (year: Int, month: Int, day: Int) {
        // Days to a civil date (Howard Hinnant's well-known algorithm, restated here).
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    public var year: Int { parts.year }
    public var month: Int { parts.month }
    public var day: Int { parts.day }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        Weekday(rawValue: ((daysSinceEpoch % 7 + 7) % 7 + 4) % 7)!
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        let (year, month, day) = parts
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + two(month) + "-" + two(day)
    }

    public var description: String { iso }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> BoardDay {
        BoardDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// How many days from `self` to `other` (negative when `other` is earlier).
    public func days(to other: BoardDay) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    public static func < (lhs: BoardDay, rhs: BoardDay) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    /// How many days `month` of `year` has.
    public static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days since 1970-01-01 of a civil date (the inverse of `parts`).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = BoardDay(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a day (YYYY-MM-DD): \(text)"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

/// A day of the week, Sunday = 0 as JavaScript and `Calendar` count (Calendar adds one).
public enum Weekday: Int, CaseIterable, Sendable, Codable, Comparable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday

    /// Monday to Friday.
    public var isWorkday: Bool { self != .saturday && self != .sunday }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
