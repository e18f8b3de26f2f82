/// Turns the text of one paragraph or heading into ``InlineToken``s in a single left-to-right pass.
///
/// Constructs that bind tightest (backslash escapes, code spans, autolinks) are recognized on the
/// spot; emphasis and links follow CommonMark's delimiter-stack algorithm, which never backtracks:
/// a `]` only ever looks at the innermost open bracket, and emphasis matching is linear (see
/// ``DelimiterStack``). Nothing recurses, so nesting depth in the input costs nothing.
struct InlineParser {
    let text: [UInt8]
    private let linksBareURLs: Bool
    private let references: LinkReferences
    /// How many more bytes of destinations and titles references may copy into the output; see
    /// ``HTMLRenderer``.
    private(set) var referenceBudget: Int
    private(set) var tokens: [InlineToken] = []
    /// The characters that character references stand for; `.characters` tokens point in here.
    private(set) var decoded: [UInt8] = []
    private(set) var delimiters = DelimiterStack()
    private(set) var brackets: [BracketRecord] = []
    /// Indices into `brackets` of the brackets that may still be closed, innermost last.
    private var openBrackets: [Int] = []
    /// Links may not contain links: once one is formed, every `[` before its own `[` is inert.
    private var linkFloor = -1
    /// Start of the text not yet emitted as a token.
    private var textStart = 0
    private var links: LinkScanner
    private var backticks: BacktickIndex?

    init(text: [UInt8], linksBareURLs: Bool, references: LinkReferences, referenceBudget: Int) {
        self.text = text
        self.linksBareURLs = linksBareURLs
        self.references = references
        self.referenceBudget = referenceBudget
        self.links = LinkScanner(text: text)
    }

    /// Tokenizes the whole text and resolves emphasis.
    mutating func parse() {
        let count = text.count
        var index = 0
        while index < count {
            switch text[index] {
            case Byte.backslash:
                index = parseBackslash(at: index)
            case Byte.newline:
                index = lineBreak(replacing: index..<(index + 1))
            case Byte.backtick:
                index = parseBackticks(at: index)
            case Byte.asterisk, Byte.underscore, Byte.tilde:
                index = parseDelimiterRun(at: index)
            case Byte.openBracket:
                index = openBracket(at: index, isImage: false)
            case Byte.exclamation where index + 1 < count && text[index + 1] == Byte.openBracket:
                index = openBracket(at: index, isImage: true)
            case Byte.closeBracket:
                index = closeBracket(at: index)
            case Byte.lessThan:
                index = parseAutolink(at: index)
            case Byte.ampersand:
                index = parseReference(at: index)
            case 0x48, 0x68: // H, h
                index = parseBareAddress(at: index, kind: .bare)
            case 0x77: // w
                index = parseBareAddress(at: index, kind: .www)
            case Byte.at:
                index = parseEmailLink(at: index)
            default:
                index += 1
            }
        }
        flushText(upTo: endOfText(before: count))
        delimiters.process(above: -1)
    }

    // MARK: - Constructs

    /// `\` before ASCII punctuation makes it literal; before a newline it is a hard break (the
    /// newline is one already, the backslash is dropped). Otherwise the backslash is text.
    private mutating func parseBackslash(at index: Int) -> Int {
        guard index + 1 < text.count else { return index + 1 }
        let next = text[index + 1]
        if Byte.isASCIIPunctuation(next) {
            emit(.text((index + 1)..<(index + 2)), replacing: index..<(index + 2))
            return index + 2
        }
        if next == Byte.newline {
            return lineBreak(replacing: index..<(index + 2))
        }
        return index + 1
    }

    /// A run of N backticks opens a code span that ends at the next run of exactly N; without
    /// one, the run is literal text.
    private mutating func parseBackticks(at index: Int) -> Int {
        var end = index
        while end < text.count, text[end] == Byte.backtick {
            end += 1
        }
        if backticks == nil {
            backticks = BacktickIndex(text: text)
        }
        guard let closer = backticks?.firstRun(ofLength: end - index, from: end) else { return end }
        let after = closer + (end - index)
        emit(.code(end..<closer), replacing: index..<after)
        return after
    }

    /// A run of `*` or `_` (any length) or exactly `~~` becomes a delimiter if its neighbours
    /// allow it to open or close (CommonMark's flanking rules); otherwise it stays text.
    private mutating func parseDelimiterRun(at index: Int) -> Int {
        let byte = text[index]
        var end = index
        while end < text.count, text[end] == byte {
            end += 1
        }
        let length = end - index
        if byte == Byte.tilde, length != 2 {
            return end
        }
        let (beforeIsSpace, beforeIsPunctuation) = classify(characterEndingAt: index)
        let (afterIsSpace, afterIsPunctuation) = classify(characterStartingAt: end)
        let leftFlanking = !afterIsSpace && (!afterIsPunctuation || beforeIsSpace || beforeIsPunctuation)
        let rightFlanking = !beforeIsSpace && (!beforeIsPunctuation || afterIsSpace || afterIsPunctuation)
        let canOpen: Bool
        let canClose: Bool
        if byte == Byte.underscore {
            // `_` inside a word (snake_case) neither opens nor closes.
            canOpen = leftFlanking && (!rightFlanking || beforeIsPunctuation)
            canClose = rightFlanking && (!leftFlanking || afterIsPunctuation)
        } else {
            canOpen = leftFlanking
            canClose = rightFlanking
        }
        guard canOpen || canClose else { return end }
        let run = delimiters.push(byte: byte, count: length, canOpen: canOpen, canClose: canClose)
        emit(.delimiter(run), replacing: index..<end)
        return end
    }

    /// Whether the character before `index` is whitespace or punctuation, for the flanking rules.
    /// ASCII neighbours, by far the most common, are classified without decoding.
    private func classify(characterEndingAt index: Int) -> (isSpace: Bool, isPunctuation: Bool) {
        guard index > 0 else { return (true, false) }
        let byte = text[index - 1]
        if byte < 0x80 {
            return (Byte.isSpaceOrTab(byte) || byte == Byte.newline || byte == 0x0C,
                    Byte.isASCIIPunctuation(byte))
        }
        let scalar = Byte.scalar(before: index, in: text)
        return (Byte.isUnicodeWhitespace(scalar), Byte.isUnicodePunctuation(scalar))
    }

    /// Whether the character at `index` is whitespace or punctuation, for the flanking rules.
    private func classify(characterStartingAt index: Int) -> (isSpace: Bool, isPunctuation: Bool) {
        guard index < text.count else { return (true, false) }
        let byte = text[index]
        if byte < 0x80 {
            return (Byte.isSpaceOrTab(byte) || byte == Byte.newline || byte == 0x0C,
                    Byte.isASCIIPunctuation(byte))
        }
        let scalar = Byte.scalar(at: index, in: text)
        return (Byte.isUnicodeWhitespace(scalar), Byte.isUnicodePunctuation(scalar))
    }

    private mutating func openBracket(at index: Int, isImage: Bool) -> Int {
        let end = index + (isImage ? 2 : 1)
        if let enclosing = openBrackets.last {
            brackets[enclosing].hasBracketAfter = true
        }
        brackets.append(BracketRecord(isImage: isImage, position: index,
                                      delimiterBottom: delimiters.lastIndex, target: nil))
        openBrackets.append(brackets.count - 1)
        emit(.bracketOpen(brackets.count - 1), replacing: index..<end)
        return end
    }

    /// A `]` closes the innermost open bracket if `(destination "title")` follows, or if a
    /// reference matches: `[text][label]`, `[label][]` or `[label]`. Otherwise it, and that bracket,
    /// stay text.
    private mutating func closeBracket(at index: Int) -> Int {
        guard let innermost = openBrackets.popLast() else { return index + 1 }
        let record = brackets[innermost]
        if !record.isImage, record.position < linkFloor {
            return index + 1
        }
        guard let (target, end) = linkTarget(closingAt: index, record: record) else { return index + 1 }
        brackets[innermost].target = target
        emit(.bracketClose(innermost), replacing: index..<end)
        delimiters.process(above: record.delimiterBottom)
        if !record.isImage {
            linkFloor = record.position
        }
        return end
    }

    /// What the `]` at `index` links to, and where the link's syntax ends.
    private mutating func linkTarget(closingAt index: Int, record: BracketRecord) -> (BracketRecord.Target, Int)? {
        let next = index + 1
        if next < text.count, text[next] == Byte.openParen, let tail = links.inlineLinkTail(from: index + 2) {
            return (tail.target, tail.end)
        }
        guard !references.isEmpty else { return nil }
        let textStart = record.position + (record.isImage ? 2 : 1)
        let label: ArraySlice<UInt8>
        let end: Int
        if next < text.count, text[next] == Byte.openBracket, let labelEnd = links.labelEnd(from: next) {
            if labelEnd > next + 1 {
                // [text][label]: only the label counts, found or not.
                label = text[(next + 1)..<labelEnd]
            } else {
                // [label][]
                guard !record.hasBracketAfter else { return nil }
                label = text[textStart..<index]
            }
            end = labelEnd + 1
        } else {
            // [label]
            guard !record.hasBracketAfter else { return nil }
            label = text[textStart..<index]
            end = next
        }
        guard let target = references.target(for: label) else { return nil }
        // A long address used by many short references would multiply the output: past the
        // budget, references stay text.
        let cost = target.destination.count + (target.title?.count ?? 0)
        guard cost <= referenceBudget else { return nil }
        referenceBudget -= cost
        return (target, end)
    }

    /// `&name;`, `&#digits;` or `&#xhex;` stands for its character; any other `&` is text.
    private mutating func parseReference(at index: Int) -> Int {
        guard let reference = CharacterReference.decode(text, at: index, end: text.count) else { return index + 1 }
        let start = decoded.count
        decoded += reference.utf8
        emit(.characters(start..<decoded.count), replacing: index..<reference.end)
        return reference.end
    }

    private mutating func parseAutolink(at index: Int) -> Int {
        guard let autolink = links.autolink(at: index) else { return index + 1 }
        emit(.autolink((index + 1)..<(autolink.end - 1), kind: autolink.isEmail ? .email : .angle),
             replacing: index..<autolink.end)
        return autolink.end
    }

    /// Bare addresses count only at the start of a word: after whitespace or one of `( * _ ~`, as
    /// in GitHub's Markdown, or after a non-ASCII character, because Chinese and Japanese text
    /// puts no space before them ("请看https://…"). So `[x](https://…)` and `foohttp://` are
    /// left alone.
    private func startsWord(at index: Int) -> Bool {
        guard index > 0 else { return true }
        switch text[index - 1] {
        case Byte.space, Byte.tab, Byte.newline, Byte.openParen, Byte.asterisk, Byte.underscore,
             Byte.tilde, 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    /// A bare `http(s)://` address, or `www.` and a valid domain (linked to `http://` as GitHub
    /// does), at the start of a word.
    private mutating func parseBareAddress(at index: Int, kind: InlineToken.AutolinkKind) -> Int {
        guard linksBareURLs, startsWord(at: index) else { return index + 1 }
        let stopAtCloseBracket = !openBrackets.isEmpty
        let end = kind == .www ? links.wwwLinkEnd(at: index, stopAtCloseBracket: stopAtCloseBracket)
            : links.bareURLEnd(at: index, stopAtCloseBracket: stopAtCloseBracket)
        guard let end else { return index + 1 }
        emit(.autolink(index..<end, kind: kind), replacing: index..<end)
        return end
    }

    /// A bare e-mail address around the `@` at `index`, as GitHub links it: letters, digits and
    /// `. + - _` before it, a domain with at least one dot after it. The part before the `@` is
    /// still pending text (nothing else has been emitted since), so looking back costs no more
    /// than the text since the previous `@` or token.
    private mutating func parseEmailLink(at index: Int) -> Int {
        guard linksBareURLs else { return index + 1 }
        var start = index
        while start > textStart, LinkScanner.isEmailLocalPartByte(text[start - 1]) {
            start -= 1
        }
        guard start < index, let end = links.emailDomainEnd(after: index) else { return index + 1 }
        emit(.autolink(start..<end, kind: .email), replacing: start..<end)
        return end
    }

    /// Emits a line break for `range`, dropping the spaces and tabs around it (outside code
    /// spans they are not content), and returns where the next line's text starts.
    private mutating func lineBreak(replacing range: Range<Int>) -> Int {
        flushText(upTo: endOfText(before: range.lowerBound))
        tokens.append(.lineBreak)
        var next = range.upperBound
        while next < text.count, Byte.isSpaceOrTab(text[next]) {
            next += 1
        }
        textStart = next
        return next
    }

    /// `end` moved back over the spaces and tabs that end the pending text.
    private func endOfText(before end: Int) -> Int {
        var trimmed = end
        while trimmed > textStart, Byte.isSpaceOrTab(text[trimmed - 1]) {
            trimmed -= 1
        }
        return trimmed
    }

    // MARK: - Token output

    /// Emits the pending text before `range`, then `token` standing for the bytes of `range`.
    private mutating func emit(_ token: InlineToken, replacing range: Range<Int>) {
        flushText(upTo: range.lowerBound)
        tokens.append(token)
        textStart = range.upperBound
    }

    private mutating func flushText(upTo end: Int) {
        if textStart < end {
            tokens.append(.text(textStart..<end))
        }
        textStart = end
    }
}
