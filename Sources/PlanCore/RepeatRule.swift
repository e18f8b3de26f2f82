/// How a task repeats: finishing one occurrence makes the next, on the next day the rule gives.
public enum RepeatRule: Hashable, Sendable {
    case everyDay
    /// Monday to Friday.
    case everyWorkday
    case everyWeek(on: Weekday)
    /// On this day of every month; in a shorter month, on its last day (the 31st is 30 April, 28 or 29 February).
    case everyMonth(on: Int)

    /// The first day after `day` the rule gives; nil when it would fall after the year 9999 (the
    /// last a day may have), where a repeat ends.
    public func next(after day: BoardDay) -> BoardDay? {
        let next: BoardDay?
        switch self {
        case .everyDay:
            next = day.adding(days: 1)
        case .everyWorkday:
            var candidate = day.adding(days: 1)
            while !candidate.weekday.isWorkday { candidate = candidate.adding(days: 1) }
            next = candidate
        case .everyWeek(let weekday):
            let ahead = (weekday.rawValue - day.weekday.rawValue + 7) % 7
            next = day.adding(days: ahead == 0 ? 7 : ahead)
        case .everyMonth(let dayOfMonth):
            var (year, month, _) = day.parts
            var found: BoardDay?
            // This month's occurrence if it is still ahead, else next month's (nil past 9999).
            for _ in 0..<2 where found == nil {
                if let occurrence = BoardDay(year: year, month: month, day: min(dayOfMonth, BoardDay.daysIn(month: month, of: year))), occurrence > day {
                    found = occurrence
                }
                (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
            }
            next = found
        }
        return next.flatMap { BoardDay.years.contains($0.year) ? $0 : nil }
    }

    /// The rule as stored and sent to scripts: `day`, `workday`, `week:1` (Monday), `month:28`.
    public var code: String {
        switch self {
        case .everyDay: "day"
        case .everyWorkday: "workday"
        case .everyWeek(let weekday): "week:\(weekday.rawValue)"
        case .everyMonth(let day): "month:\(day)"
        }
    }

    /// Reads `code`; nil for anything else.
    public init?(code: some StringProtocol) {
        let parts = code.split(separator: ":", maxSplits: 1)
        switch (parts.first, parts.count == 2 ? Int(parts[1]) : nil) {
        case ("day", nil) where parts.count == 1: self = .everyDay
        case ("workday", nil) where parts.count == 1: self = .everyWorkday
        case ("week", let number?): guard let weekday = Weekday(rawValue: number) else { return nil }; self = .everyWeek(on: weekday)
        case ("month", let number?) where (1...31).contains(number): self = .everyMonth(on: number)
        default: return nil
        }
    }
}

extension RepeatRule: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let rule = RepeatRule(code: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a repeat rule: \(text)"))
        }
        self = rule
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
