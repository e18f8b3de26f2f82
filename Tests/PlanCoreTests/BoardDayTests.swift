import Foundation
import PlanCore
import Testing

@Suite struct BoardDayTests {
    func day(_ iso: String) -> BoardDay { BoardDay(iso: iso)! }

    @Test func daysAgreeWithFoundationsGregorianCalendarAcrossFourHundredYears() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Every 97th day from 1800 to 2200 (covers every month, leap rules of 1900 and 2000, all weekdays).
        for days in stride(from: -62_000, through: 84_000, by: 97) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let ours = BoardDay(daysSinceEpoch: days)
            #expect(ours.year == parts.year && ours.month == parts.month && ours.day == parts.day, "\(days)")
            #expect(ours.weekday.rawValue == parts.weekday! - 1)
            #expect(BoardDay(year: parts.year!, month: parts.month!, day: parts.day!) == ours)
            #expect(BoardDay(iso: ours.iso) == ours)
        }
    }

    @Test func onlyRealDaysInFourDigitYearsAreRead() {
        #expect(day("2028-02-29").iso == "2028-02-29")
        #expect(BoardDay(iso: "2026-02-29") == nil)
        #expect(BoardDay(iso: "2100-02-29") == nil)
        #expect(BoardDay(iso: "2000-02-29") != nil)
        #expect(BoardDay(iso: "2026-13-01") == nil)
        #expect(BoardDay(iso: "2026-04-31") == nil)
        #expect(BoardDay(iso: "0000-01-01") == nil)
        #expect(BoardDay(iso: "99999-01-01") == nil)
        #expect(BoardDay(iso: "2026-1-01") == nil)
        #expect(BoardDay(iso: "２０２６-01-01") == nil)
        #expect(BoardDay(iso: "") == nil)
        #expect(BoardDay(iso: "0001-01-01")?.iso == "0001-01-01")
        #expect(BoardDay(iso: "9999-12-31")?.iso == "9999-12-31")
    }

    @Test func daysCodeAsTheirISOText() throws {
        let encoded = try JSONEncoder().encode(["when": day("2026-12-03")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"when":"2026-12-03"}"#)
        #expect(try JSONDecoder().decode([String: BoardDay].self, from: encoded)["when"] == day("2026-12-03"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([BoardDay].self, from: Data(#"["2026-02-30"]"#.utf8)) }
    }

    @Test func repeatsLandOnTheNextDayTheRuleGives() {
        // 2026-11-25 is a Wednesday.
        let wednesday = day("2026-11-25")
        #expect(wednesday.weekday == .wednesday)
        #expect(RepeatRule.everyDay.next(after: wednesday) == day("2026-11-26"))
        #expect(RepeatRule.everyWorkday.next(after: day("2026-11-27")) == day("2026-11-30"))
        #expect(RepeatRule.everyWorkday.next(after: day("2026-11-28")) == day("2026-11-30"))
        #expect(RepeatRule.everyWeek(on: .monday).next(after: wednesday) == day("2026-11-30"))
        #expect(RepeatRule.everyWeek(on: .wednesday).next(after: wednesday) == day("2026-12-02"))
        #expect(RepeatRule.everyMonth(on: 28).next(after: wednesday) == day("2026-11-28"))
        #expect(RepeatRule.everyMonth(on: 28).next(after: day("2026-11-28")) == day("2026-12-28"))
        #expect(RepeatRule.everyMonth(on: 25).next(after: day("2026-12-25")) == day("2027-01-25"))
    }

    @Test func aMonthlyRepeatPastAShortMonthsEndFallsOnItsLastDay() {
        #expect(RepeatRule.everyMonth(on: 31).next(after: day("2026-01-31")) == day("2026-02-28"))
        #expect(RepeatRule.everyMonth(on: 31).next(after: day("2026-02-28")) == day("2026-03-31"))
        #expect(RepeatRule.everyMonth(on: 31).next(after: day("2026-03-31")) == day("2026-04-30"))
        #expect(RepeatRule.everyMonth(on: 29).next(after: day("2028-01-29")) == day("2028-02-29"))
        #expect(RepeatRule.everyMonth(on: 30).next(after: day("2027-01-30")) == day("2027-02-28"))
        #expect(RepeatRule.everyMonth(on: 29).next(after: day("2028-02-29")) == day("2028-03-29"))
    }

    @Test func aRepeatEndsAfterTheLastDayAYearMayHave() {
        #expect(RepeatRule.everyDay.next(after: day("9999-12-31")) == nil)
        #expect(RepeatRule.everyMonth(on: 31).next(after: day("9999-12-31")) == nil)
        #expect(RepeatRule.everyMonth(on: 15).next(after: day("9999-12-20")) == nil)
        #expect(RepeatRule.everyWeek(on: .monday).next(after: day("9999-12-30")) == nil)
        #expect(RepeatRule.everyWorkday.next(after: day("9999-12-30")) == day("9999-12-31"))
        #expect(RepeatRule.everyMonth(on: 31).next(after: day("9999-11-30")) == day("9999-12-31"))
    }

    @Test func repeatRulesReadBackFromTheirCodesOnly() {
        for rule in [RepeatRule.everyDay, .everyWorkday, .everyWeek(on: .sunday), .everyWeek(on: .saturday), .everyMonth(on: 1), .everyMonth(on: 31)] {
            #expect(RepeatRule(code: rule.code) == rule)
        }
        for bad in ["", "day:1", "week", "week:7", "week:-1", "month:0", "month:32", "month:x", "weekly", "day "] {
            #expect(RepeatRule(code: bad) == nil, "\(bad)")
        }
    }
}

@Suite struct BoardCalendarTests {
    func day(_ iso: String) -> BoardDay { BoardDay(iso: iso)! }
    func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func aDayThatStartsAtFourEndsAtFourTheNextMorning() throws {
        let board = try BoardCalendar(timeZone: "Asia/Taipei", dayStartsAt: 4)
        #expect(board.day(of: instant("2026-11-25T03:59:59+08:00")) == day("2026-11-24"))
        #expect(board.day(of: instant("2026-11-25T04:00:00+08:00")) == day("2026-11-25"))
        #expect(board.start(of: day("2026-11-25")) == instant("2026-11-25T04:00:00+08:00"))
        #expect(board.nextTurn(after: instant("2026-11-25T23:00:00+08:00")) == instant("2026-11-26T04:00:00+08:00"))
        #expect(board.nextTurn(after: instant("2026-11-25T02:00:00+08:00")) == instant("2026-11-25T04:00:00+08:00"))
    }

    @Test func daysAcrossDaylightSavingChangesAreTwentyThreeAndTwentyFiveHoursLong() throws {
        let newYork = try BoardCalendar(timeZone: "America/New_York", dayStartsAt: 0)
        // Spring forward on 2026-03-08 at 02:00: that day is 23 hours long.
        #expect(newYork.start(of: day("2026-03-09")).timeIntervalSince(newYork.start(of: day("2026-03-08"))) == 23 * 3_600)
        // Fall back on 2026-11-01: 25 hours.
        #expect(newYork.start(of: day("2026-11-02")).timeIntervalSince(newYork.start(of: day("2026-11-01"))) == 25 * 3_600)
        #expect(newYork.day(of: instant("2026-11-01T23:30:00-05:00")) == day("2026-11-01"))
        #expect(newYork.day(of: instant("2026-11-01T01:30:00-04:00")) == day("2026-11-01"))
        #expect(newYork.day(of: instant("2026-11-01T01:30:00-05:00")) == day("2026-11-01"))
    }

    @Test func aStartHourTheClockSkipsBeginsTheDayAtTheFirstInstantAfterIt() throws {
        // Berlin skips 02:00–03:00 on 2026-03-29; a day that starts at 02:00 starts at 03:00 (CEST) that day.
        let berlin = try BoardCalendar(timeZone: "Europe/Berlin", dayStartsAt: 2)
        #expect(berlin.start(of: day("2026-03-29")) == instant("2026-03-29T03:00:00+02:00"))
        #expect(berlin.day(of: instant("2026-03-29T01:59:59+01:00")) == day("2026-03-28"))
        #expect(berlin.day(of: instant("2026-03-29T03:00:00+02:00")) == day("2026-03-29"))
        // On 2026-10-25 02:00–03:00 comes twice; the day starts at the first 02:00.
        #expect(berlin.start(of: day("2026-10-25")) == instant("2026-10-25T02:00:00+02:00"))
        #expect(berlin.day(of: instant("2026-10-25T02:30:00+01:00")) == day("2026-10-25"))
    }

    @Test func everyInstantOfAYearFallsInTheDayWhoseStartItFollows() throws {
        for zone in ["UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"] {
            for hour in [0, 2, 4, 23] {
                let board = try BoardCalendar(timeZone: zone, dayStartsAt: hour)
                var today = day("2026-01-01")
                while today < day("2027-01-05") {
                    let start = board.start(of: today)
                    let next = board.start(of: today.adding(days: 1))
                    #expect(board.day(of: start) == today, "\(zone) \(hour) \(today)")
                    #expect(board.day(of: start - 1) == today.adding(days: -1), "\(zone) \(hour) \(today)")
                    #expect((82_800...90_000).contains(next.timeIntervalSince(start)), "\(zone) \(hour) \(today)")
                    today = today.adding(days: 1)
                }
            }
        }
    }

    @Test func onlyKnownZonesAndWholeHoursAreTaken() {
        #expect(throws: PlanError.invalidField(name: "time_zone", problem: .unknownTimeZone)) { try BoardCalendar(timeZone: "Mars/Olympus", dayStartsAt: 0) }
        #expect(throws: PlanError.invalidField(name: "time_zone", problem: .unknownTimeZone)) { try BoardCalendar(timeZone: "", dayStartsAt: 0) }
        #expect(throws: PlanError.invalidField(name: "time_zone", problem: .unknownTimeZone)) { try BoardCalendar(timeZone: "../../etc/passwd", dayStartsAt: 0) }
        #expect(throws: PlanError.invalidField(name: "day_starts", problem: .notAnHour)) { try BoardCalendar(timeZone: "UTC", dayStartsAt: 25) }
        #expect(throws: PlanError.invalidField(name: "day_starts", problem: .notAnHour)) { try BoardCalendar(timeZone: "UTC", dayStartsAt: -1) }
        #expect((try? BoardCalendar(timeZone: "Europe/Berlin", dayStartsAt: 23)) != nil)
    }
}
