extension RepeatRule {
    /// Whether the rule gives `day` (every Monday gives each Monday; the 31st of each month gives 30 April).
    public func gives(_ day: BoardDay) -> Bool {
        switch self {
        case .everyDay: true
        case .everyWorkday: day.weekday.isWorkday
        case .everyWeek(let weekday): day.weekday == weekday
        case .everyMonth(let dayOfMonth): day.day == min(dayOfMonth, BoardDay.daysIn(month: day.month, of: day.year))
        }
    }

    /// The first day the rule gives from `day` on (`day` itself when the rule gives it): where a new
    /// repeating task starts. Nil when that day would fall after year 9999.
    public func first(from day: BoardDay) -> BoardDay? {
        gives(day) ? day : next(after: day)
    }
}
