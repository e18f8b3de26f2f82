extension RepeatRule {
    /// Reads a whole phrase as a repeat, in any of the board's languages: "every day", "daily",
    /// "every weekday", "weekdays", "every Monday", "every mon", "every month on the 28th",
    /// "monthly on day 28", 每天, 每個工作日, 每週一, 每星期一, 每月28日, 每个月28号 (all of them:
    /// README, "Typed dates and repeats"). Case, full-width letters and digits and the spaces around
    /// it do not matter; nil for anything else.
    public init?(phrase: some StringProtocol) {
        let text = PhraseText(String(phrase))
        let trimmed = text.trimmed(0..<text.count)
        // A phrase is at most `maxLength` characters; a longer text is not one, whatever it holds.
        guard !trimmed.isEmpty, trimmed.count <= DateGrammar.maxLength else { return nil }
        let whole = DateGrammar.matches(in: text, at: trimmed.lowerBound, patterns: DateGrammar.repeats).first { $0.end == trimmed.upperBound }
        guard case .repeats(let rule)? = whole?.meaning else { return nil }
        self = rule
    }

    /// The value of a task's "Repeats" field: nil (no repeat) when blank, else a phrase as
    /// `init(phrase:)` reads it or a rule's `code` ("week:1", as scripts send it).
    public static func fromField(_ value: String) throws(PlanError) -> RepeatRule? {
        var trimmed = Substring(value)
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        if trimmed.isEmpty { return nil }
        if let rule = RepeatRule(code: trimmed) ?? RepeatRule(phrase: trimmed) { return rule }
        throw .invalidField(name: "repeat", problem: .unknownRepeat)
    }
}
