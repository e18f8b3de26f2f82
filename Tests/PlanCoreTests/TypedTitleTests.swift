import PlanCore
import Testing

/// One row of a reading table: a text typed on a day, and what should be read from it.
struct TypedCase: Sendable, CustomTestStringConvertible {
    let typed: String
    let today: String
    let expected: TypedTitle

    var testDescription: String { "\(typed.prefix(60).debugDescription) on \(today)" }

    /// 2026-11-25, a Wednesday: tomorrow is Thu 26 Nov, the next Monday 30 Nov.
    static let wednesday = "2026-11-25"

    /// `typed` reads as `title`, for the day `when`, having read `phrase`.
    static func reads(
        _ typed: String, _ title: String, _ when: String, _ phrase: String, every rule: RepeatRule? = nil, on today: String = wednesday
    ) -> TypedCase {
        TypedCase(typed: typed, today: today, expected: TypedTitle(title: title, when: BoardDay(iso: when)!, repeats: rule, phrase: phrase))
    }

    /// Nothing is read from `typed`: it is the title as typed (trimmed), or `title` when given.
    static func kept(_ typed: String, as title: String? = nil, on today: String = wednesday) -> TypedCase {
        TypedCase(typed: typed, today: today, expected: TypedTitle(title: title ?? typed))
    }

    /// `typed` is quoted: `title` is kept as written, nothing read.
    static func quoted(_ typed: String, _ title: String) -> TypedCase {
        TypedCase(typed: typed, today: wednesday, expected: TypedTitle(title: title, quoted: true))
    }
}

private func reads(_ typed: String, _ title: String, _ when: String, _ phrase: String, every rule: RepeatRule? = nil, on today: String = TypedCase.wednesday) -> TypedCase {
    .reads(typed, title, when, phrase, every: rule, on: today)
}
private func kept(_ typed: String, as title: String? = nil, on today: String = TypedCase.wednesday) -> TypedCase { .kept(typed, as: title, on: today) }
private func quoted(_ typed: String, _ title: String) -> TypedCase { .quoted(typed, title) }

/// Reading happens on a Wednesday (2026-11-25) unless a row says otherwise.
let englishCases: [TypedCase] = [
    // The examples.
    reads("Call the bank tomorrow", "Call the bank", "2026-11-26", "tomorrow"),
    reads("Pay rent fri", "Pay rent", "2026-11-27", "fri"),
    reads("Dentist 2026-12-03", "Dentist", "2026-12-03", "2026-12-03"),
    reads("review in 3 days", "review", "2026-11-28", "in 3 days"),
    // today, tonight, tomorrow and its shorthand; any case.
    reads("Call mom today", "Call mom", "2026-11-25", "today"),
    reads("Finish the slides tonight", "Finish the slides", "2026-11-25", "tonight"),
    reads("Buy milk tmrw", "Buy milk", "2026-11-26", "tmrw"),
    reads("Buy milk tmr", "Buy milk", "2026-11-26", "tmr"),
    reads("Call the bank TOMORROW", "Call the bank", "2026-11-26", "TOMORROW"),
    reads("Call the bank ToMoRrOw", "Call the bank", "2026-11-26", "ToMoRrOw"),
    // At the start, with or without a separator.
    reads("Tomorrow call the bank", "call the bank", "2026-11-26", "Tomorrow"),
    reads("Tomorrow: call the bank", "call the bank", "2026-11-26", "Tomorrow"),
    reads("Friday, team lunch", "team lunch", "2026-11-27", "Friday"),
    reads("In 3 days review the draft", "review the draft", "2026-11-28", "In 3 days"),
    // Separators before and punctuation after a phrase at the end go with it.
    reads("Call the bank, tomorrow", "Call the bank", "2026-11-26", "tomorrow"),
    reads("Call the bank tomorrow!", "Call the bank", "2026-11-26", "tomorrow"),
    reads("Call the bank tomorrow.", "Call the bank", "2026-11-26", "tomorrow"),
    reads("Is the bank open tomorrow?", "Is the bank open", "2026-11-26", "tomorrow"),
    reads("Dentist - tomorrow", "Dentist", "2026-11-26", "tomorrow"),
    reads("Dentist: 2026-12-03", "Dentist", "2026-12-03", "2026-12-03"),
    reads("Dentist | fri", "Dentist", "2026-11-27", "fri"),
    reads("Call mom tomorrow…", "Call mom", "2026-11-26", "tomorrow"),
    reads("Call the bank   tomorrow  ", "Call the bank", "2026-11-26", "tomorrow"),
    reads("review in  3   days", "review", "2026-11-28", "in  3   days"),
    // A weekday is the next one after today: on a Wednesday, "wednesday" is a week away.
    reads("Team lunch monday", "Team lunch", "2026-11-30", "monday"),
    reads("Team lunch Mon", "Team lunch", "2026-11-30", "Mon"),
    reads("Gym tue", "Gym", "2026-12-01", "tue"),
    reads("Gym tues", "Gym", "2026-12-01", "tues"),
    reads("Gym wednesday", "Gym", "2026-12-02", "wednesday"),
    reads("Gym thu", "Gym", "2026-11-26", "thu"),
    reads("Gym Thurs", "Gym", "2026-11-26", "Thurs"),
    reads("Gym saturday", "Gym", "2026-11-28", "saturday"),
    reads("Gym Sunday", "Gym", "2026-11-29", "Sunday"),
    reads("Pay rent fri", "Pay rent", "2026-12-04", "fri", on: "2026-11-27"),
    // "on" may come before a weekday or a day, and lets the short forms that are also words be read.
    reads("Dentist on friday", "Dentist", "2026-11-27", "on friday"),
    reads("Dentist on 2026-12-03", "Dentist", "2026-12-03", "on 2026-12-03"),
    reads("Haircut on sat", "Haircut", "2026-11-28", "on sat"),
    reads("Brunch on sun", "Brunch", "2026-11-29", "on sun"),
    reads("Choir on wed", "Choir", "2026-12-02", "on wed"),
    kept("Lie in the sun"),
    kept("The dog sat"),
    kept("Get wed"),
    // in N days, in N weeks.
    reads("Renew passport in 2 weeks", "Renew passport", "2026-12-09", "in 2 weeks"),
    reads("Renew passport in 1 week", "Renew passport", "2026-12-02", "in 1 week"),
    reads("Water plants in 1 day", "Water plants", "2026-11-26", "in 1 day"),
    reads("Water plants in 0 days", "Water plants", "2026-11-25", "in 0 days"),
    kept("Water plants in two days"),
    // ISO days at the start; a past day is read as written.
    reads("2026-12-03 dentist", "dentist", "2026-12-03", "2026-12-03"),
    reads("File taxes 2020-01-01", "File taxes", "2020-01-01", "2020-01-01"),
    // Tied to a word that changes the sense: nothing is read.
    kept("Lunch with Sam next friday"),
    kept("Report by friday"),
    kept("Report due tomorrow"),
    kept("Watch The Day After Tomorrow"),
    kept("Today or tomorrow"),
    kept("Gym mon to fri"),
    kept("Gym Mon - Fri"),
    kept("Monday - Friday gym"),
    kept("Move the meeting to friday"),
    kept("Photos from last sunday"),
    kept("Party this friday"),
    reads("Carry on tomorrow", "Carry on", "2026-11-26", "tomorrow"),
    // A text that is only a phrase stays the title.
    kept("tomorrow"),
    kept("  Tomorrow  ", as: "Tomorrow"),
    kept("on friday"),
    kept("every day"),
    kept("- tomorrow"),
    // One phrase only: the end's, when there is one.
    reads("tomorrow call mom friday", "tomorrow call mom", "2026-11-27", "friday"),
    // Two phrases side by side are a list, a range or a second thought: neither is read.
    kept("Tomorrow tomorrow"),
    kept("Meeting today 2026-12-03"),
    kept("Gym monday wednesday"),
    reads("Tomorrow - call the bank", "call the bank", "2026-11-26", "Tomorrow"),
    // Repeats, and their first day from today on.
    reads("Water plants every Monday", "Water plants", "2026-11-30", "every Monday", every: .everyWeek(on: .monday)),
    reads("Water plants every wednesday", "Water plants", "2026-11-25", "every wednesday", every: .everyWeek(on: .wednesday)),
    reads("Take out the bins every sun", "Take out the bins", "2026-11-29", "every sun", every: .everyWeek(on: .sunday)),
    reads("Every Monday: water plants", "water plants", "2026-11-30", "Every Monday", every: .everyWeek(on: .monday)),
    reads("Stretch every day", "Stretch", "2026-11-25", "every day", every: .everyDay),
    reads("Stretch daily", "Stretch", "2026-11-25", "daily", every: .everyDay),
    kept("Daily standup"),
    kept("Weekdays: gym"),
    reads("Standup every weekday", "Standup", "2026-11-25", "every weekday", every: .everyWorkday),
    reads("Standup every workday", "Standup", "2026-11-25", "every workday", every: .everyWorkday),
    reads("Standup weekdays", "Standup", "2026-11-25", "weekdays", every: .everyWorkday),
    reads("Standup every weekday", "Standup", "2026-11-30", "every weekday", every: .everyWorkday, on: "2026-11-28"),
    reads("Pay rent every month on the 28th", "Pay rent", "2026-11-28", "every month on the 28th", every: .everyMonth(on: 28)),
    reads("Pay rent monthly on the 28th", "Pay rent", "2026-11-28", "monthly on the 28th", every: .everyMonth(on: 28)),
    reads("Pay rent every month on day 28", "Pay rent", "2026-11-28", "every month on day 28", every: .everyMonth(on: 28)),
    reads("Pay rent every month on 2nd", "Pay rent", "2026-12-02", "every month on 2nd", every: .everyMonth(on: 2)),
    reads("Pay rent every month on the 25th", "Pay rent", "2026-11-25", "every month on the 25th", every: .everyMonth(on: 25)),
    reads("Pay rent every month on the 1st", "Pay rent", "2026-12-01", "every month on the 1st", every: .everyMonth(on: 1)),
    reads("Close the books every month on the 31st", "Close the books", "2026-11-30", "every month on the 31st", every: .everyMonth(on: 31)),
    reads("Every month on the 13th: check the meter", "check the meter", "2026-12-13", "Every month on the 13th", every: .everyMonth(on: 13)),
    kept("Pay rent every month on the 32nd"),
    kept("Pay rent every month on the 28st"),
    kept("Pay rent every month on the 0th"),
    kept("every monthly report"),
]

let traditionalChineseCases: [TypedCase] = [
    // The example, and the phrase on either side, with or without a space.
    reads("報稅 明天", "報稅", "2026-11-26", "明天"),
    reads("明天報稅", "報稅", "2026-11-26", "明天"),
    reads("報稅明天", "報稅", "2026-11-26", "明天"),
    reads("明天 報稅", "報稅", "2026-11-26", "明天"),
    reads("今天繳電話費", "繳電話費", "2026-11-25", "今天"),
    reads("繳電話費 今天", "繳電話費", "2026-11-25", "今天"),
    reads("今晚看電影", "看電影", "2026-11-25", "今晚"),
    reads("後天交報告", "交報告", "2026-11-27", "後天"),
    reads("交報告 後天", "交報告", "2026-11-27", "後天"),
    reads("大後天回家", "回家", "2026-11-28", "大後天"),
    reads("明天下午開會", "下午開會", "2026-11-26", "明天"),
    // Weekdays after 週, 星期, 禮拜: the next one after today.
    reads("週一開會", "開會", "2026-11-30", "週一"),
    reads("開會 週二", "開會", "2026-12-01", "週二"),
    reads("開會週三", "開會", "2026-12-02", "週三"),
    reads("開會 週四", "開會", "2026-11-26", "週四"),
    reads("聚餐 週五", "聚餐", "2026-11-27", "週五"),
    reads("爬山 週六", "爬山", "2026-11-28", "週六"),
    reads("爬山 週日", "爬山", "2026-11-29", "週日"),
    reads("爬山 週天", "爬山", "2026-11-29", "週天"),
    reads("星期一開會", "開會", "2026-11-30", "星期一"),
    reads("開會 星期日", "開會", "2026-11-29", "星期日"),
    reads("開會 星期天", "開會", "2026-11-29", "星期天"),
    reads("禮拜五聚餐", "聚餐", "2026-11-27", "禮拜五"),
    reads("禮拜日 做禮拜", "做禮拜", "2026-11-29", "禮拜日"),
    reads("星期一下午茶", "下午茶", "2026-11-30", "星期一"),
    // 下週: that day of next week (weeks from Monday to Sunday).
    reads("下週一開會", "開會", "2026-11-30", "下週一"),
    reads("開會 下週四", "開會", "2026-12-03", "下週四"),
    reads("開會 下週五", "開會", "2026-12-04", "下週五"),
    reads("下個星期四交報告", "交報告", "2026-12-03", "下個星期四"),
    reads("下週日爬山", "爬山", "2026-12-06", "下週日"),
    reads("開會 下禮拜二", "開會", "2026-12-01", "下禮拜二"),
    // N天後, N週後, with digits, full-width digits or Chinese numerals.
    reads("3天後回診", "回診", "2026-11-28", "3天後"),
    reads("回診 三天後", "回診", "2026-11-28", "三天後"),
    reads("回診 ３天後", "回診", "2026-11-28", "３天後"),
    reads("回診 十天後", "回診", "2026-12-05", "十天後"),
    reads("回診 十二天後", "回診", "2026-12-07", "十二天後"),
    reads("兩週後 換護照", "換護照", "2026-12-09", "兩週後"),
    reads("換護照 2個星期後", "換護照", "2026-12-09", "2個星期後"),
    reads("兩個禮拜後 回診", "回診", "2026-12-09", "兩個禮拜後"),
    // Punctuation and separators.
    reads("報稅，明天", "報稅", "2026-11-26", "明天"),
    reads("報稅 明天。", "報稅", "2026-11-26", "明天"),
    reads("明天：報稅", "報稅", "2026-11-26", "明天"),
    reads("報稅\u{3000}明天", "報稅", "2026-11-26", "明天"),
    // Repeats.
    reads("每天運動", "運動", "2026-11-25", "每天", every: .everyDay),
    reads("運動 每日", "運動", "2026-11-25", "每日", every: .everyDay),
    reads("每個工作日 打卡", "打卡", "2026-11-25", "每個工作日", every: .everyWorkday),
    reads("每週工作日 打卡", "打卡", "2026-11-25", "每週工作日", every: .everyWorkday),
    reads("每週一倒垃圾", "倒垃圾", "2026-11-30", "每週一", every: .everyWeek(on: .monday)),
    reads("每星期三 練琴", "練琴", "2026-11-25", "每星期三", every: .everyWeek(on: .wednesday)),
    reads("每個星期天 打掃", "打掃", "2026-11-29", "每個星期天", every: .everyWeek(on: .sunday)),
    reads("每禮拜五 聚餐", "聚餐", "2026-11-27", "每禮拜五", every: .everyWeek(on: .friday)),
    reads("每月28日繳房租", "繳房租", "2026-11-28", "每月28日", every: .everyMonth(on: 28)),
    reads("繳房租 每月28號", "繳房租", "2026-11-28", "每月28號", every: .everyMonth(on: 28)),
    reads("每個月二十八號繳房租", "繳房租", "2026-11-28", "每個月二十八號", every: .everyMonth(on: 28)),
    reads("每月31日 對帳", "對帳", "2026-11-30", "每月31日", every: .everyMonth(on: 31)),
    kept("每月32日 對帳"),
    // Tied to a neighbour: nothing is read.
    kept("明天的會議"),
    kept("週五前交報告"),
    kept("週一到週五 運動"),
    kept("補發票 上週五"),
    kept("交報告 這週五"),
    kept("明天或後天 打電話"),
    kept("明天以後再說"),
    kept("明天之前交"),
    kept("開會 下 週五"),
    kept("週一週三開會"),
    kept("開會 週一 週三"),
    kept("週一-週五 運動"),
    reads("報稅-明天", "報稅", "2026-11-26", "明天"),
    // Only a phrase.
    kept("明天"),
    kept("每週一"),
    // Quoted.
    quoted("「明天報稅」", "明天報稅"),
    quoted("『週五』", "週五"),
]

let simplifiedChineseCases: [TypedCase] = [
    reads("买菜 周五", "买菜", "2026-11-27", "周五"),
    reads("周五买菜", "买菜", "2026-11-27", "周五"),
    reads("买菜周五", "买菜", "2026-11-27", "周五"),
    reads("明天买菜", "买菜", "2026-11-26", "明天"),
    reads("今天 买菜", "买菜", "2026-11-25", "今天"),
    reads("买菜 今晚", "买菜", "2026-11-25", "今晚"),
    reads("后天交报告", "交报告", "2026-11-27", "后天"),
    reads("交报告 后天", "交报告", "2026-11-27", "后天"),
    reads("大后天回家", "回家", "2026-11-28", "大后天"),
    reads("周一开会", "开会", "2026-11-30", "周一"),
    reads("开会 周二", "开会", "2026-12-01", "周二"),
    reads("开会 周三", "开会", "2026-12-02", "周三"),
    reads("周日爬山", "爬山", "2026-11-29", "周日"),
    reads("周天爬山", "爬山", "2026-11-29", "周天"),
    reads("星期四交报告", "交报告", "2026-11-26", "星期四"),
    reads("星期天 爬山", "爬山", "2026-11-29", "星期天"),
    reads("礼拜六 聚餐", "聚餐", "2026-11-28", "礼拜六"),
    reads("下周一开会", "开会", "2026-11-30", "下周一"),
    reads("下周三开会", "开会", "2026-12-02", "下周三"),
    reads("下个星期五 聚餐", "聚餐", "2026-12-04", "下个星期五"),
    reads("下个礼拜天 爬山", "爬山", "2026-12-06", "下个礼拜天"),
    reads("3天后复诊", "复诊", "2026-11-28", "3天后"),
    reads("复诊 三天后", "复诊", "2026-11-28", "三天后"),
    reads("复诊 两天后", "复诊", "2026-11-27", "两天后"),
    reads("两周后 换护照", "换护照", "2026-12-09", "两周后"),
    reads("复诊 ３天后", "复诊", "2026-11-28", "３天后"),
    reads("二十天后 续签", "续签", "2026-12-15", "二十天后"),
    reads("3个星期后 体检", "体检", "2026-12-16", "3个星期后"),
    reads("买菜，周五", "买菜", "2026-11-27", "周五"),
    reads("买菜 周五！", "买菜", "2026-11-27", "周五"),
    reads("每天跑步", "跑步", "2026-11-25", "每天", every: .everyDay),
    reads("跑步 每日", "跑步", "2026-11-25", "每日", every: .everyDay),
    reads("每个工作日 打卡", "打卡", "2026-11-25", "每个工作日", every: .everyWorkday),
    reads("每周工作日 打卡", "打卡", "2026-11-25", "每周工作日", every: .everyWorkday),
    reads("每个工作日 打卡", "打卡", "2026-11-30", "每个工作日", every: .everyWorkday, on: "2026-11-29"),
    reads("每周一倒垃圾", "倒垃圾", "2026-11-30", "每周一", every: .everyWeek(on: .monday)),
    reads("每星期五 大扫除", "大扫除", "2026-11-27", "每星期五", every: .everyWeek(on: .friday)),
    reads("每个星期天 做饭", "做饭", "2026-11-29", "每个星期天", every: .everyWeek(on: .sunday)),
    reads("每礼拜一 开会", "开会", "2026-11-30", "每礼拜一", every: .everyWeek(on: .monday)),
    reads("每月28号交房租", "交房租", "2026-11-28", "每月28号", every: .everyMonth(on: 28)),
    reads("交房租 每月28日", "交房租", "2026-11-28", "每月28日", every: .everyMonth(on: 28)),
    reads("每个月1号 对账", "对账", "2026-12-01", "每个月1号", every: .everyMonth(on: 1)),
    reads("每月十五号 还信用卡", "还信用卡", "2026-12-15", "每月十五号", every: .everyMonth(on: 15)),
    reads("每月三十一号 对账", "对账", "2026-11-30", "每月三十一号", every: .everyMonth(on: 31)),
    kept("明天的会议"),
    kept("周五前交报告"),
    kept("周一至周五 跑步"),
    kept("交报告 这周五"),
    kept("下下周五 交报告"),
    kept("明天起 早睡"),
    kept("后天"),
    kept("每周五"),
    quoted("“明天买菜”", "明天买菜"),
]

/// Titles that only look like dates, words inside words, numbers too large, the calendar's edges,
/// very long texts and unusual Unicode.
let hostileCases: [TypedCase] = [
    kept("Sundae"),
    kept("Buy a sundae"),
    kept("Update Monday.com"),
    kept("Update Monday.com."),
    kept("Dinner at TGI Fridays"),
    kept("Fridays off"),
    kept("Lemon cake"),
    kept("Read 1984"),
    kept("Fix 2026-13-45 bug"),
    kept("Fix bug 2026-13-45"),
    kept("Call 2026-02-30"),
    kept("Plan 10000-01-01"),
    kept("Plan 2026-1-5"),
    kept("Dentist2026-12-03"),
    kept("mon-fri gym"),
    kept("Gym mon-fri"),
    kept("Call the bank (tomorrow)"),
    kept("Everyday carry"),
    kept("Wait in 99999999999999 days"),
    kept("Wait in 9999999 days"),
    kept("等 99999999999999天後"),
    kept("等99999999999999天後"),
    kept("等 一一天後"),
    kept("第一天後"),
    kept("休息 3.5天後"),
    reads("Wait in 2900000 days", "Wait", "9966-10-31", "in 2900000 days"),
    reads("Plan 9999-12-31", "Plan", "9999-12-31", "9999-12-31"),
    reads("Plan 0001-01-01", "Plan", "0001-01-01", "0001-01-01"),
    kept("Call tomorrow", on: "9999-12-31"),
    reads("Call today", "Call", "9999-12-31", "today", on: "9999-12-31"),
    kept("Pay every month on the 28th", on: "9999-12-29"),
    reads("Pay every month on the 31st", "Pay", "9999-12-31", "every month on the 31st", every: .everyMonth(on: 31), on: "9999-12-29"),
    reads("Stretch every day", "Stretch", "0001-01-01", "every day", every: .everyDay, on: "0001-01-01"),
    // Unicode: combining marks keep a phrase from being read; right-to-left text, emoji, full-width forms.
    kept("Call tomorrow\u{301}"),
    kept("明\u{301}天報稅"),
    kept("報稅明天\u{301}"),
    reads("اتصل بالبنك tomorrow", "اتصل بالبنك", "2026-11-26", "tomorrow"),
    reads("tomorrow اتصل بالبنك", "اتصل بالبنك", "2026-11-26", "tomorrow"),
    reads("Call the bank \u{202E}tomorrow", "Call the bank", "2026-11-26", "tomorrow"),
    reads("🎂 Mom's birthday fri", "🎂 Mom's birthday", "2026-11-27", "fri"),
    reads("👨‍👩‍👧 dinner tomorrow", "👨‍👩‍👧 dinner", "2026-11-26", "tomorrow"),
    kept("Party 🎉tomorrow"),
    reads("明天🎂", "🎂", "2026-11-26", "明天"),
    reads("Call ｔｏｍｏｒｒｏｗ", "Call", "2026-11-26", "ｔｏｍｏｒｒｏｗ"),
    reads("Dentist ２０２６－１２－０３", "Dentist", "2026-12-03", "２０２６－１２－０３"),
    reads("Call\u{200B} tomorrow", "Call\u{200B}", "2026-11-26", "tomorrow"),
    // Quotes: only a text wholly in one pair of quotes is kept literally.
    quoted("\"Plan for tomorrow\"", "Plan for tomorrow"),
    quoted("“Plan for tomorrow”", "Plan for tomorrow"),
    quoted("  \" Plan for tomorrow \"  ", "Plan for tomorrow"),
    quoted("＂Plan for tomorrow＂", "Plan for tomorrow"),
    reads("\"Tomorrow\" by Annie tomorrow", "\"Tomorrow\" by Annie", "2026-11-26", "tomorrow"),
    kept("\"Plan\" for \"tomorrow\""),
    kept("\"\""),
    kept("\"Plan for tomorrow\"."),
    kept(""),
    kept("   ", as: ""),
    // A reading can be wrong; quotes keep the title as meant.
    reads("Friday night lights", "night lights", "2026-11-27", "Friday"),
    quoted("\"Friday night lights\"", "Friday night lights"),
]

@Suite struct TypedTitleTests {
    func check(_ row: TypedCase) {
        let reading = TypedTitle.read(row.typed, today: BoardDay(iso: row.today)!)
        #expect(reading == row.expected)
    }

    @Test(arguments: englishCases) func englishTitlesReadAsTheTableSays(_ row: TypedCase) { check(row) }

    @Test(arguments: traditionalChineseCases) func traditionalChineseTitlesReadAsTheTableSays(_ row: TypedCase) { check(row) }

    @Test(arguments: simplifiedChineseCases) func simplifiedChineseTitlesReadAsTheTableSays(_ row: TypedCase) { check(row) }

    @Test(arguments: hostileCases) func hostileTitlesAreKeptOrReadAsTheTableSays(_ row: TypedCase) { check(row) }

    @Test func aTenThousandCharacterTitleIsReadWhole() {
        let long = String(repeating: "a", count: 10_000)
        #expect(TypedTitle.read(long, today: BoardDay(iso: "2026-11-25")!) == TypedTitle(title: long))
        let reading = TypedTitle.read(String(repeating: "x", count: 9_990) + " tomorrow", today: BoardDay(iso: "2026-11-25")!)
        #expect(reading.title.count == 9_990 && reading.when == BoardDay(iso: "2026-11-26") && reading.phrase == "tomorrow")
        let chinese = String(repeating: "報", count: 10_000) + "明天"
        #expect(TypedTitle.read(chinese, today: BoardDay(iso: "2026-11-25")!).title.count == 10_000)
    }

    @Test func fiveThousandWeekdayWordsInARowAreAListAndNotRead() {
        let today = BoardDay(iso: "2026-11-25")!
        let words = Array(repeating: "monday", count: 5_000).joined(separator: " ")
        #expect(TypedTitle.read(words, today: today) == TypedTitle(title: words))
        let reading = TypedTitle.read(words + " gym tomorrow", today: today)
        #expect(reading == TypedTitle(title: words + " gym", when: BoardDay(iso: "2026-11-26"), phrase: "tomorrow"))
        let chinese = String(repeating: "星期一", count: 5_000)
        #expect(TypedTitle.read(chinese, today: today) == TypedTitle(title: chinese))
        let numerals = String(repeating: "一", count: 10_000) + "天後"
        #expect(TypedTitle.read(numerals, today: today) == TypedTitle(title: numerals))
        let spaces = "Call" + String(repeating: " ", count: 10_000) + "tomorrow"
        #expect(TypedTitle.read(spaces, today: today) == TypedTitle(title: "Call", when: BoardDay(iso: "2026-11-26"), phrase: "tomorrow"))
        let dashes = "Call" + String(repeating: " -", count: 5_000) + " tomorrow"
        #expect(TypedTitle.read(dashes, today: today).title == "Call")
    }

    @Test func everyWeekdayNameMeansTheNextSuchDayAfterTodayNeverToday() {
        // Across a whole week of todays, every way of naming a weekday lands 1 to 7 days ahead on it.
        var today = BoardDay(iso: "2026-11-23")!
        for _ in 0..<7 {
            for (names, weekday) in [(["monday", "mon", "週一", "周一", "星期一", "禮拜一", "礼拜一"], Weekday.monday),
                                     (["sunday", "on sun", "週日", "周天", "星期天", "禮拜日"], .sunday)] {
                for name in names {
                    let reading = TypedTitle.read("Task \(name)", today: today)
                    let ahead = today.days(to: reading.when ?? today)
                    #expect(reading.when?.weekday == weekday && (1...7).contains(ahead), "\(name) on \(today)")
                }
            }
            today = today.adding(days: 1)
        }
    }
}

@Suite struct RepeatPhraseTests {
    @Test func repeatPhrasesInEveryLanguageReadAsTheirRule() throws {
        let phrases: [(String, RepeatRule)] = [
            ("every day", .everyDay), ("Daily", .everyDay), ("EVERY DAY", .everyDay), ("每天", .everyDay), ("每日", .everyDay),
            ("every weekday", .everyWorkday), ("every workday", .everyWorkday), ("weekdays", .everyWorkday),
            ("每個工作日", .everyWorkday), ("每个工作日", .everyWorkday), ("每週工作日", .everyWorkday), ("每周工作日", .everyWorkday),
            ("every Monday", .everyWeek(on: .monday)), ("every mon", .everyWeek(on: .monday)), ("every sun", .everyWeek(on: .sunday)),
            ("every Saturday", .everyWeek(on: .saturday)), ("every wed", .everyWeek(on: .wednesday)), ("every thurs", .everyWeek(on: .thursday)),
            ("每週一", .everyWeek(on: .monday)), ("每周一", .everyWeek(on: .monday)), ("每星期一", .everyWeek(on: .monday)),
            ("每禮拜一", .everyWeek(on: .monday)), ("每礼拜六", .everyWeek(on: .saturday)), ("每週日", .everyWeek(on: .sunday)),
            ("每星期天", .everyWeek(on: .sunday)), ("每個星期二", .everyWeek(on: .tuesday)),
            ("every month on the 28th", .everyMonth(on: 28)), ("monthly on the 28th", .everyMonth(on: 28)),
            ("every month on day 28", .everyMonth(on: 28)), ("every month on the 31st", .everyMonth(on: 31)),
            ("every month on the 1st", .everyMonth(on: 1)), ("every month on the 22nd", .everyMonth(on: 22)),
            ("every month on the 23rd", .everyMonth(on: 23)), ("every month on the 11th", .everyMonth(on: 11)),
            ("每月28日", .everyMonth(on: 28)), ("每月28号", .everyMonth(on: 28)), ("每月28號", .everyMonth(on: 28)),
            ("每個月二十八號", .everyMonth(on: 28)), ("每月１日", .everyMonth(on: 1)), ("每月十号", .everyMonth(on: 10)),
            ("  every  day  ", .everyDay), ("ｅｖｅｒｙ ｄａｙ", .everyDay),
        ]
        for (phrase, rule) in phrases {
            #expect(RepeatRule(phrase: phrase) == rule, "\(phrase)")
            #expect(try RepeatRule.fromField(phrase) == rule, "\(phrase)")
        }
    }

    @Test func aBlankRepeatsFieldMeansNoRepeatAndACodeIsReadToo() throws {
        #expect(try RepeatRule.fromField("") == nil)
        #expect(try RepeatRule.fromField(" \n ") == nil)
        for rule in [RepeatRule.everyDay, .everyWorkday, .everyWeek(on: .friday), .everyMonth(on: 31)] {
            #expect(try RepeatRule.fromField(rule.code) == rule)
        }
    }

    @Test func anythingElseInTheRepeatsFieldIsRefusedAsAnUnknownRepeat() {
        let refused = [
            "sometimes", "every", "every 2 weeks", "every month", "every month on the 32nd", "every month on the 21th", "every fortnight",
            "每月32日", "每月零日", "每週八", "每", "tomorrow", "monday", "every day!", "every day tomorrow", "每天每天", "daily standup",
            "week:7", "month:0", "every mon-fri", String(repeating: "every day ", count: 1_000),
        ]
        for value in refused {
            #expect(RepeatRule(phrase: value) == nil, "\(value.prefix(40))")
            #expect(throws: PlanError.invalidField(name: "repeat", problem: .unknownRepeat), "\(value.prefix(40))") {
                try RepeatRule.fromField(value)
            }
        }
    }

    @Test func aRepeatStartsOnTheFirstDayItGivesFromTodayOn() {
        let wednesday = BoardDay(iso: "2026-11-25")!
        #expect(RepeatRule.everyDay.first(from: wednesday) == wednesday)
        #expect(RepeatRule.everyWeek(on: .wednesday).first(from: wednesday) == wednesday)
        #expect(RepeatRule.everyWeek(on: .tuesday).first(from: wednesday) == BoardDay(iso: "2026-12-01"))
        #expect(RepeatRule.everyWorkday.first(from: BoardDay(iso: "2026-11-28")!) == BoardDay(iso: "2026-11-30"))
        #expect(RepeatRule.everyMonth(on: 31).first(from: wednesday) == BoardDay(iso: "2026-11-30"))
        #expect(RepeatRule.everyMonth(on: 31).gives(BoardDay(iso: "2026-02-28")!))
        #expect(!RepeatRule.everyMonth(on: 28).gives(BoardDay(iso: "2026-02-27")!))
        // Past the last day a board can hold there is no first day, and no crash.
        #expect(RepeatRule.everyMonth(on: 5).first(from: BoardDay(iso: "9999-12-06")!) == nil)
        #expect(RepeatRule.everyMonth(on: 7).first(from: BoardDay(iso: "9999-12-06")!) == BoardDay(iso: "9999-12-07"))
        #expect(RepeatRule.everyWeek(on: .monday).first(from: BoardDay(iso: "9999-12-31")!) == nil)
        #expect(RepeatRule.everyWorkday.first(from: BoardDay(iso: "9999-12-31")!) == BoardDay(iso: "9999-12-31"))
    }
}
