/// The small grammar of the dates and repeats a typed title may carry, in English and in Chinese
/// (Traditional and Simplified), all understood whatever the page's language. The phrases, and why
/// these and no others, are in the README ("Typed dates and repeats"); `TypedTitle` decides where
/// in a title a phrase may stand.
///
/// Every phrase is a fixed sequence of pieces with no repetition, so matching one at a position
/// looks at a bounded number of characters: reading stays linear in the title's length.
enum DateGrammar {
    /// What a phrase says, before it is put on the calendar.
    enum Meaning: Equatable, Sendable {
        case daysFromToday(Int)
        /// The first such day after today (never today itself).
        case nextWeekday(Weekday)
        /// 下週一: that day in the week after this one, weeks running Monday to Sunday.
        case weekdayOfNextWeek(Weekday)
        case day(BoardDay)
        case repeats(RepeatRule)
    }

    /// How a phrase meets the rest of the title.
    enum Script: Sendable {
        /// English words and ISO days: between spaces (or the title's edge).
        case latin
        /// Chinese: may touch the title directly, Chinese being written without spaces.
        case chinese
    }

    indirect enum Piece: Sendable {
        case text([UInt32])
        /// One of these words, longest first; records the value of the one found.
        case choice([([UInt32], Int)])
        /// The first of these sequences that matches (an empty one always does).
        case either([[Piece]])
        /// Records a value without reading anything.
        case value(Int)
        /// One to `maxGap` spaces.
        case gap
        /// ASCII digits, as many as the range allows (more is no match); records the number.
        case digits(ClosedRange<Int>)
        /// A count written in digits (1–7 of them) or in Chinese numerals (一 to 九十九, 兩/两); records it.
        case count
    }

    struct Pattern: Sendable {
        let script: Script
        /// Read at the end of a title only: single words that at the start usually begin a name ("Daily standup").
        let endOnly: Bool
        let pieces: [Piece]
        /// What the recorded values mean; nil when they make no sense (30 February, the 32nd).
        let meaning: @Sendable ([Int]) -> Meaning?
    }

    /// The most spaces one gap inside a phrase may hold.
    static let maxGap = 8
    /// The most characters a phrase can span: the longest, "every month on the 31st", is 51 with
    /// its four gaps at their widest.
    static let maxLength = 64

    /// A phrase found: where it ends (exclusive) and what it means.
    struct Match {
        let end: Int
        let pattern: Pattern
        let meaning: Meaning
    }

    /// Every reading of a phrase that starts at `start`, each with where it ends.
    static func matches(in text: PhraseText, at start: Int, patterns: [Pattern] = all) -> [Match] {
        var found: [Match] = []
        for pattern in patterns {
            var values: [Int] = []
            guard let end = match(pattern.pieces, in: text, at: start, values: &values), let meaning = pattern.meaning(values) else { continue }
            found.append(Match(end: end, pattern: pattern, meaning: meaning))
        }
        return found
    }

    private static func match(_ pieces: [Piece], in text: PhraseText, at start: Int, values: inout [Int]) -> Int? {
        let units = text.units
        var position = start
        for piece in pieces {
            switch piece {
            case .text(let word):
                guard text.has(word, at: position) else { return nil }
                position += word.count
            case .choice(let words):
                guard let (word, value) = words.first(where: { text.has($0.0, at: position) }) else { return nil }
                position += word.count
                values.append(value)
            case .either(let sequences):
                var matched = false
                for sequence in sequences {
                    var inner = values
                    if let end = match(sequence, in: text, at: position, values: &inner) {
                        position = end
                        values = inner
                        matched = true
                        break
                    }
                }
                if !matched { return nil }
            case .value(let value):
                values.append(value)
            case .gap:
                var spaces = 0
                while spaces <= maxGap, text.isSpace(position + spaces) { spaces += 1 }
                guard (1...maxGap).contains(spaces) else { return nil }
                position += spaces
            case .digits(let allowed):
                guard let (number, length) = digits(in: units, at: position, most: allowed.upperBound), allowed.contains(length) else { return nil }
                position += length
                values.append(number)
            case .count:
                if let (number, length) = digits(in: units, at: position, most: 7) {
                    position += length
                    values.append(number)
                } else if let (number, length) = chineseNumber(in: units, at: position) {
                    position += length
                    values.append(number)
                } else {
                    return nil
                }
            }
        }
        return position
    }

    /// The ASCII digits at `position` and how many there are; nil when none or more than `most`
    /// (so a number too large to mean a day is refused before it is added up).
    private static func digits(in units: [UInt32], at position: Int, most: Int) -> (Int, Int)? {
        var number = 0
        var length = 0
        while position + length < units.count, let digit = digitValue(units[position + length]) {
            guard length < most else { return nil }
            number = number * 10 + digit
            length += 1
        }
        return length > 0 ? (number, length) : nil
    }

    static func digitValue(_ unit: UInt32) -> Int? {
        (0x30...0x39).contains(unit) ? Int(unit - 0x30) : nil
    }

    static let chineseDigits: [UInt32: Int] = [
        0x4E00: 1, 0x4E8C: 2, 0x4E09: 3, 0x56DB: 4, 0x4E94: 5, 0x516D: 6, 0x4E03: 7, 0x516B: 8, 0x4E5D: 9,
    ]
    static let chineseTen: UInt32 = 0x5341
    /// 兩 and 两: two, standing alone ("兩週後").
    static let chineseTwoAlone: Set<UInt32> = [0x5169, 0x4E24]

    static func isChineseNumeral(_ unit: UInt32) -> Bool {
        chineseDigits[unit] != nil || unit == chineseTen || chineseTwoAlone.contains(unit)
    }

    /// A Chinese number from 1 to 99 at `position` (三, 十, 十二, 二十, 二十八, 兩) and its length; nil
    /// when the numerals there are not one such number.
    private static func chineseNumber(in units: [UInt32], at position: Int) -> (Int, Int)? {
        var run: [UInt32] = []
        while position + run.count < units.count, isChineseNumeral(units[position + run.count]) {
            guard run.count < 3 else { return nil }
            run.append(units[position + run.count])
        }
        let ten = chineseTen
        switch run.count {
        case 1 where chineseTwoAlone.contains(run[0]): return (2, 1)
        case 1 where run[0] == ten: return (10, 1)
        case 1: return chineseDigits[run[0]].map { ($0, 1) }
        case 2 where run[0] == ten: return chineseDigits[run[1]].map { (10 + $0, 2) }
        case 2 where run[1] == ten: return chineseDigits[run[0]].flatMap { $0 >= 2 ? ($0 * 10, 2) : nil }
        case 3 where run[1] == ten:
            guard let tens = chineseDigits[run[0]], tens >= 2, let ones = chineseDigits[run[2]] else { return nil }
            return (tens * 10 + ones, 3)
        default: return nil
        }
    }
}

// MARK: - The phrases

extension DateGrammar {
    private static func word(_ text: String) -> Piece { .text(PhraseText.units(text)) }

    private static func choice(_ words: [(String, Int)]) -> Piece {
        .choice(words.map { (PhraseText.units($0.0), $0.1) }.sorted { $0.0.count > $1.0.count })
    }

    private static func optional(_ pieces: Piece...) -> Piece { .either([pieces, []]) }

    /// One of these words, longest first, recording nothing.
    private static func anyOf(_ words: String...) -> Piece {
        .either(words.map(PhraseText.units).sorted { $0.count > $1.count }.map { [.text($0)] })
    }

    /// The weekday a pattern recorded (its only value).
    private static func weekday(_ values: [Int]) -> Weekday? {
        values.first.flatMap(Weekday.init(rawValue:))
    }

    /// Full English names, and the short forms that are not also everyday words.
    private static let englishWeekdays: [(String, Int)] = [
        ("sunday", 0), ("monday", 1), ("tuesday", 2), ("wednesday", 3), ("thursday", 4), ("friday", 5), ("saturday", 6),
        ("mon", 1), ("tue", 2), ("tues", 2), ("thu", 4), ("thur", 4), ("thurs", 4), ("fri", 5),
    ]
    /// "wed", "sat" and "sun" are also words ("Lie in the sun"): read only after "on" or "every".
    private static let englishWeekdaysAfterOn = englishWeekdays + [("wed", 3), ("sat", 6), ("sun", 0)]

    /// 週一…週六, 週日/週天 and the same after 周, 星期, 禮拜, 礼拜 (records the weekday).
    private static let chineseWeekday: [Piece] = [
        anyOf("週", "周", "星期", "禮拜", "礼拜"),
        choice([("一", 1), ("二", 2), ("三", 3), ("四", 4), ("五", 5), ("六", 6), ("日", 0), ("天", 0)]),
    ]
    private static let chineseMeasure = anyOf("個", "个")

    static let englishDates: [Pattern] = [
        Pattern(script: .latin, endOnly: false, pieces: [choice([("today", 0), ("tonight", 0), ("tomorrow", 1), ("tmrw", 1), ("tmr", 1)])]) {
            .daysFromToday($0[0])
        },
        Pattern(script: .latin, endOnly: false, pieces: [optional(word("on"), .gap), choice(englishWeekdays)]) {
            weekday($0).map { .nextWeekday($0) }
        },
        Pattern(script: .latin, endOnly: false, pieces: [word("on"), .gap, choice(englishWeekdaysAfterOn)]) {
            weekday($0).map { .nextWeekday($0) }
        },
        Pattern(script: .latin, endOnly: false, pieces: [word("in"), .gap, .digits(1...7), .gap, choice([("days", 1), ("day", 1), ("weeks", 7), ("week", 7)])]) {
            .daysFromToday($0[0] * $0[1])
        },
        Pattern(script: .latin, endOnly: false, pieces: [optional(word("on"), .gap), .digits(4...4), word("-"), .digits(2...2), word("-"), .digits(2...2)]) {
            BoardDay(year: $0[0], month: $0[1], day: $0[2]).map { .day($0) }
        },
    ]

    static let englishRepeats: [Pattern] = [
        Pattern(script: .latin, endOnly: false, pieces: [word("every"), .gap, word("day")]) { _ in .repeats(.everyDay) },
        Pattern(script: .latin, endOnly: true, pieces: [word("daily")]) { _ in .repeats(.everyDay) },
        Pattern(script: .latin, endOnly: false, pieces: [word("every"), .gap, anyOf("weekday", "workday")]) { _ in .repeats(.everyWorkday) },
        Pattern(script: .latin, endOnly: true, pieces: [word("weekdays")]) { _ in .repeats(.everyWorkday) },
        Pattern(script: .latin, endOnly: false, pieces: [word("every"), .gap, choice(englishWeekdaysAfterOn)]) {
            weekday($0).map { .repeats(.everyWeek(on: $0)) }
        },
        // every month on the 28th / on 28th / monthly on the 28th
        Pattern(script: .latin, endOnly: false, pieces: [
            .either([[word("every"), .gap, word("month")], [word("monthly")]]), .gap, word("on"), .gap, optional(word("the"), .gap),
            .digits(1...2), choice([("st", 1), ("nd", 2), ("rd", 3), ("th", 0)]),
        ]) { values in
            let (day, suffix) = (values[0], values[1])
            let expected = (11...13).contains(day % 100) ? 0 : [1: 1, 2: 2, 3: 3][day % 10] ?? 0
            return (1...31).contains(day) && suffix == expected ? .repeats(.everyMonth(on: day)) : nil
        },
        // every month on day 28 / monthly on day 28
        Pattern(script: .latin, endOnly: false, pieces: [
            .either([[word("every"), .gap, word("month")], [word("monthly")]]), .gap, word("on"), .gap, word("day"), .gap, .digits(1...2),
        ]) { (1...31).contains($0[0]) ? .repeats(.everyMonth(on: $0[0])) : nil },
    ]

    static let chineseDates: [Pattern] = [
        Pattern(script: .chinese, endOnly: false, pieces: [choice([
            ("今天", 0), ("今晚", 0), ("明天", 1), ("後天", 2), ("后天", 2), ("大後天", 3), ("大后天", 3),
        ])]) { .daysFromToday($0[0]) },
        Pattern(script: .chinese, endOnly: false, pieces: chineseWeekday) { weekday($0).map { .nextWeekday($0) } },
        Pattern(script: .chinese, endOnly: false, pieces: [word("下"), optional(chineseMeasure)] + chineseWeekday) {
            weekday($0).map { .weekdayOfNextWeek($0) }
        },
        // N天後, N週後, N個星期後, N個禮拜後 (and the Simplified forms)
        Pattern(script: .chinese, endOnly: false, pieces: [
            .count,
            .either([[word("天"), .value(1)], [optional(chineseMeasure), anyOf("週", "周", "星期", "禮拜", "礼拜"), .value(7)]]),
            anyOf("後", "后"),
        ]) { .daysFromToday($0[0] * $0[1]) },
    ]

    static let chineseRepeats: [Pattern] = [
        Pattern(script: .chinese, endOnly: false, pieces: [anyOf("每天", "每日")]) { _ in .repeats(.everyDay) },
        Pattern(script: .chinese, endOnly: false, pieces: [word("每"), optional(anyOf("個", "个", "週", "周")), word("工作日")]) { _ in
            .repeats(.everyWorkday)
        },
        Pattern(script: .chinese, endOnly: false, pieces: [word("每"), optional(chineseMeasure)] + chineseWeekday) {
            weekday($0).map { .repeats(.everyWeek(on: $0)) }
        },
        Pattern(script: .chinese, endOnly: false, pieces: [word("每"), optional(chineseMeasure), word("月"), .count, anyOf("日", "號", "号")]) {
            (1...31).contains($0[0]) ? .repeats(.everyMonth(on: $0[0])) : nil
        },
    ]

    static let repeats = englishRepeats + chineseRepeats
    static let all = englishDates + chineseDates + repeats
}
