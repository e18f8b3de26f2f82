/// A title as typed in an add field, with the date or repeat it carries read out of it: "Call the
/// bank tomorrow" is "Call the bank" for tomorrow, "買菜 每週五" is "買菜" every Friday.
///
/// At most one phrase is read: the one the text ends with, or else the one it starts with. English
/// phrases stand between spaces; Chinese ones may also touch the title. A phrase tied to a
/// neighbouring word that changes its sense ("next friday", "by friday", 週一到週五, 明天的會議) is
/// not read, nor is a text that is only a phrase, nor one in quotes. The grammar and the reasons
/// for each rule are in the README ("Typed dates and repeats"). Words shown to a person about a
/// reading are the web layer's; this gives its parts.
public struct TypedTitle: Sendable, Equatable {
    /// The title to keep: the text without the phrase read and the spaces and separators beside it
    /// (or, quoted, without its quotes). Not validated: `NewTask` does that.
    public let title: String
    /// The day the task is for; with a repeat, the first day the rule gives from today on.
    public let when: BoardDay?
    public let repeats: RepeatRule?
    /// The phrase read, exactly as typed ("Tomorrow", "ｆｒｉ", "每週一"); nil when nothing was read.
    public let phrase: String?
    /// The text was in quotes ("…", “…”, 「…」, 『…』) and is kept as typed inside them, nothing read.
    public let quoted: Bool

    public init(title: String, when: BoardDay? = nil, repeats: RepeatRule? = nil, phrase: String? = nil, quoted: Bool = false) {
        self.title = title
        self.when = when
        self.repeats = repeats
        self.phrase = phrase
        self.quoted = quoted
    }

    /// Reads `typed` on the board's day `today`. Never fails: a text with no phrase it can read
    /// comes back as its title, trimmed and without bidirectional overrides.
    public static func read(_ typed: String, today: BoardDay) -> TypedTitle {
        TitleReader(typed, today: today).read()
    }
}

/// One reading of one text; `TypedTitle.read` is its only door.
private struct TitleReader {
    let text: PhraseText
    let today: BoardDay
    /// The text without the white space around it.
    let lower: Int
    let upper: Int

    init(_ typed: String, today: BoardDay) {
        text = PhraseText(TaskTitle.withoutBidiControls(typed))
        self.today = today
        let trimmed = text.trimmed(0..<text.count)
        lower = trimmed.lowerBound
        upper = trimmed.upperBound
    }

    func read() -> TypedTitle {
        if let inner = quoted() { return TypedTitle(title: text.original(inner), quoted: true) }
        return readAtEnd() ?? readAtStart() ?? TypedTitle(title: text.original(lower..<upper))
    }

    // MARK: Quotes

    /// Opening and closing quotation marks: ASCII (and full-width) double quotes, English curly
    /// quotes, Chinese corner brackets.
    static let quotes: [UInt32: UInt32] = [0x22: 0x22, 0x201C: 0x201D, 0x300C: 0x300D, 0x300E: 0x300F]

    /// What is inside the quotes when the whole text is one quoted span ("Plan for tomorrow"), trimmed;
    /// nil when it is not, or holds nothing.
    func quoted() -> Range<Int>? {
        guard upper - lower >= 2, let close = Self.quotes[text.units[lower]], text.units[upper - 1] == close else { return nil }
        // "A" and "B" is two quoted spans, not one.
        for position in lower + 1..<upper - 1 where text.units[position] == close { return nil }
        let inner = text.trimmed(lower + 1..<upper - 1)
        return inner.isEmpty ? nil : inner
    }

    // MARK: A phrase at the end

    /// The phrase the text ends with (before any closing punctuation).
    func readAtEnd() -> TypedTitle? {
        var end = upper
        while end > lower, Self.closing.contains(text.units[end - 1]) || text.isSpace(end - 1) { end -= 1 }
        // The longest phrase ending here decides: when it is tied to its neighbour, nothing is read.
        guard let (start, match) = longestPhrase(endingAt: end), !tiedBefore(start), let (when, rule) = resolve(match.meaning) else { return nil }
        var titleEnd = start
        while titleEnd > lower, isBetween(titleEnd - 1) { titleEnd -= 1 }
        // Two phrases side by side are a list, a range or a second thought ("Mon - Fri", 週一週三): neither is read.
        guard titleEnd > lower, longestPhrase(endingAt: titleEnd) == nil else { return nil }
        return TypedTitle(title: text.original(lower..<titleEnd), when: when, repeats: rule, phrase: text.original(start..<end))
    }

    /// The longest phrase that ends at `end` and where it starts: an English one after a space (or at
    /// the text's start), a Chinese one after anything.
    func longestPhrase(endingAt end: Int) -> (Int, DateGrammar.Match)? {
        for start in max(lower, end - DateGrammar.maxLength)..<end {
            let touching = start > lower && !text.isSpace(start - 1)
            let fits = DateGrammar.matches(in: text, at: start).first { match in
                match.end == end && (!touching || match.pattern.script == .chinese)
            }
            if let fits { return (start, fits) }
        }
        return nil
    }

    /// Whether what comes before a phrase at `start` makes it part of something else: "next friday",
    /// "by friday", "due tomorrow", 上週五, 週一到週五, 3.5天後, 第一天後.
    func tiedBefore(_ start: Int) -> Bool {
        guard start > lower else { return false }
        let unit = text.units[start - 1]
        if unit != PhraseText.space {
            return Self.tiesBefore.contains(unit) || DateGrammar.digitValue(unit) != nil || DateGrammar.isChineseNumeral(unit) || unit == 0x2E
        }
        return text.word(at: text.word(before: start), isOneOf: Self.wordsTyingBefore)
    }

    // MARK: A phrase at the start

    /// The phrase the text starts with, the longest that meets the rest of the text properly.
    func readAtStart() -> TypedTitle? {
        let found = DateGrammar.matches(in: text, at: lower).filter { !$0.pattern.endOnly }.sorted { $0.end > $1.end }
        for match in found {
            let end = match.end
            // An English phrase ends at a space or a separator ("Tomorrow: call the bank"); "every monthly" is no "every mon".
            if match.pattern.script == .latin, end < upper, !text.isSpace(end), !Self.separators.contains(text.units[end]) { continue }
            var rest = end
            while rest < upper, isBetween(rest) { rest += 1 }
            guard rest < upper, !tiedAfter(rest), !phraseStarts(at: rest), let (when, rule) = resolve(match.meaning) else { return nil }
            return TypedTitle(title: text.original(rest..<upper), when: when, repeats: rule, phrase: text.original(lower..<end))
        }
        return nil
    }

    /// Whether the text from `rest` (past the spaces and separators after a phrase) makes the phrase
    /// part of something else: "today or tomorrow", "mon to fri", 明天的報告, 週五前, 週一至週五.
    func tiedAfter(_ rest: Int) -> Bool {
        Self.tiesAfter.contains(text.units[rest]) || text.word(at: text.word(after: rest), isOneOf: Self.wordsTyingAfter)
    }

    /// Whether a phrase starts at `position` and stands on its own there (an English one up to a space,
    /// a separator, closing punctuation or the end).
    func phraseStarts(at position: Int) -> Bool {
        DateGrammar.matches(in: text, at: position).contains { match in
            match.pattern.script == .chinese || match.end == upper || isBetween(match.end) || Self.closing.contains(text.units[match.end])
        }
    }

    /// Whether the character at `position` may stand between a title and its phrase, dropped with the phrase.
    func isBetween(_ position: Int) -> Bool {
        text.isSpace(position) || Self.separators.contains(text.units[position]) || Self.dashes.contains(text.units[position])
    }

    // MARK: Meanings on the calendar

    /// The when-day (and rule) a phrase means today; nil when that day falls outside the years a day may have.
    func resolve(_ meaning: DateGrammar.Meaning) -> (BoardDay, RepeatRule?)? {
        let day: BoardDay
        switch meaning {
        case .daysFromToday(let count):
            day = today.adding(days: count)
        case .nextWeekday(let weekday):
            guard let next = RepeatRule.everyWeek(on: weekday).next(after: today) else { return nil }
            day = next
        case .weekdayOfNextWeek(let weekday):
            let monday = today.adding(days: -((today.weekday.rawValue + 6) % 7))
            day = monday.adding(days: 7 + (weekday.rawValue + 6) % 7)
        case .day(let given):
            day = given
        case .repeats(let rule):
            // From today on: a repeat that gives today starts today ("every day" is a task for today).
            return rule.first(from: today).map { ($0, rule) }
        }
        return BoardDay.years.contains(day.year) ? (day, nil) : nil
    }

    // MARK: Characters and words

    private static func set(_ characters: String) -> Set<UInt32> { Set(characters.unicodeScalars.map(\.value)) }
    private static func words(_ list: String...) -> Set<[UInt32]> { Set(list.map(PhraseText.units)) }

    /// Punctuation that may close a text after its phrase ("Call mom tomorrow!"), dropped with it.
    static let closing = set(".!?,;:…。、")
    /// Between a title and its phrase, dropped with the phrase ("Call the bank, tomorrow", "報稅，明天").
    static let separators = set(",;:|、")
    /// Dashes and tildes separate too ("Dentist - fri"); between two phrases they make a range ("Mon - Fri"), which is not read.
    static let dashes = set("-–—~〜")
    /// A Chinese character touching a phrase's start that makes it another day or a range: 上週五 (last
    /// week's), 這週五, 每…, 第…, 到/至 (to), 或/和/與/及 (or, and), 從 (from).
    static let tiesBefore = set("上下這这本那每第到至或和與与及從从")
    /// A character right after a phrase that makes it a possessive, a limit or a range: 明天的 (tomorrow's),
    /// 週五前 (before Friday), 週五後, 明天起 (from tomorrow on), 以…, 之…, 到/至, 或/和/與/及.
    static let tiesAfter = set("的之以前後后起到至或和與与及")
    /// A word before a phrase that makes it another day, a deadline or a range: "next friday" (people
    /// mean two different days by it), "by friday", "due tomorrow", "the day after tomorrow", "mon to fri".
    static let wordsTyingBefore = words(
        "next", "last", "this", "by", "before", "after", "until", "till", "since", "from", "due", "to", "through", "thru",
        "or", "and", "every", "each", "上", "下", "這", "这", "本", "那", "每", "第", "到", "至", "或", "和", "與", "与", "及", "從", "从"
    )
    /// A word after a phrase that makes it part of a range or a choice: "today or tomorrow", "mon to fri".
    static let wordsTyingAfter = words("or", "and", "to", "through", "thru", "until", "till")
}
