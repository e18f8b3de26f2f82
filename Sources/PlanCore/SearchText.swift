import Foundation

/// What search compares: text folded so that the same word typed differently is the same text.
///
/// Folding, for a task's words and for a query's alike:
/// - compatibility forms become the plain ones (NFKC): full-width `ＡＢＣ１２３` is `abc123`, the
///   ideographic space is a space, ligatures are their letters;
/// - case is ignored (`Dentist` is `dentist`);
/// - Traditional Chinese characters become Simplified (`報稅` is `报税`), so a person who types
///   either finds a task written in the other;
/// - accents are kept (`café` is not `cafe`): in the languages the board speaks they tell words apart.
///
/// A match is a substring of the folded text, term by term (every term must occur), so Chinese,
/// which has no spaces between words, is found by any part of a sentence; both stores decide a
/// match on exactly this folded text (`searchText`), which is why it is worked out here and stored.
public enum SearchText {
    /// The folded text of a task: its title and its notes as typed, on separate lines.
    public static func of(title: String, notesSource: String) -> String {
        notesSource.isEmpty ? fold(title) : fold(title) + "\n" + fold(notesSource)
    }

    /// The folded text of a task as stored.
    public static func of(_ task: PlanTask) -> String {
        of(title: task.title, notesSource: task.notesSource)
    }

    /// `text` folded: NFKC, lower case, Simplified Chinese (ICU's `Hant-Hans`, carried out from
    /// its rules read once: `SimplifiedRules`).
    public static func fold(_ text: String) -> String {
        let plain = compatibilityLowercased(text)
        guard plain.unicodeScalars.contains(where: isHan) else { return plain }
        if let rules = SimplifiedRules.shared { return rules.apply(plain) }
        return plain.applyingTransform(simplified, reverse: false) ?? plain
    }

    private static let simplified = StringTransform(rawValue: "Hant-Hans")

    /// `text` in NFKC, lower case. Text made only of characters NFKC leaves alone (ASCII, Chinese
    /// ideographs and the ideographic punctuation that has no other form) and of full-width ASCII
    /// is done here, a character at a time: none of them combines with its neighbours, so one at a
    /// time is the whole text's answer. Anything else goes through Foundation, whose NFKC bridged
    /// every call through NSString (a third of folding a Chinese title).
    static func compatibilityLowercased(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        // Most Chinese text is already as NFKC and lower case leave it: then it is not copied.
        guard text.unicodeScalars.contains(where: { !unchangedByNFKC($0.value) && !($0.isASCII && !(0x41...0x5A).contains($0.value)) })
        else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                out.append((0x41...0x5A).contains(value) ? Unicode.Scalar(value + 0x20)! : scalar)
            } else if unchangedByNFKC(value) {
                out.append(scalar)
            } else if let plain = fullWidth[scalar] {
                out.append(plain)
            } else {
                return text.precomposedStringWithCompatibilityMapping.lowercased()
            }
        }
        return String(out)
    }

    /// Characters NFKC and lower case leave as they are and that never combine with another:
    /// Chinese ideographs (Extension A and the unified block), the ideographic comma, full stop
    /// and brackets, the middle dot, the dash and curly quotes Chinese text is written with.
    static func unchangedByNFKC(_ value: UInt32) -> Bool {
        switch value {
        case 0xB7, 0x2014, 0x2018...0x2019, 0x201C...0x201D, 0x3001...0x3002, 0x3008...0x3011, 0x3400...0x4DBF, 0x4E00...0x9FFF: true
        default: false
        }
    }

    /// The ideographic space and the full-width forms of ASCII, each as its plain, lower-case ASCII
    /// character, as Foundation's NFKC and `lowercased()` say once.
    static let fullWidth: [Unicode.Scalar: Unicode.Scalar] = {
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for value in [0x3000] + Array(0xFF01...0xFF5E) {
            let scalar = Unicode.Scalar(UInt32(value))!
            let plain = String(Character(scalar)).precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars
            if plain.count == 1, let only = plain.first, only.isASCII { table[scalar] = only }
        }
        return table
    }()

    /// A scalar that is a character on its own, whatever is beside it, and that folding turns into
    /// one scalar: printable ASCII, and what `compatibilityLowercased` folds itself (Chinese
    /// ideographs and punctuation, full-width ASCII). Carriage return is left out: with a line feed
    /// after it, the two are one character.
    public static func isPlainScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value >= 0x20 && value != 0x7F || value == 0x09 || value == 0x0A }
        return unchangedByNFKC(value) || ((0xFF01...0xFF5E).contains(value) || value == 0x3000) && fullWidth[scalar] != nil
    }

    /// A CJK unified ideograph (the blocks Traditional and Simplified text is written in).
    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }
}

/// What a person asked to find: up to `maxTerms` folded terms, each of which a match contains.
public struct SearchQuery: Equatable, Sendable {
    /// The query as typed (trimmed), to show back.
    public let text: String
    /// The folded terms, longest first (the store narrows by the most telling one), without repeats.
    public let terms: [String]

    /// The longest query read, in characters; longer ones are refused with a message.
    public static let maxLength = 200
    /// Terms past this many are refused: a query of more words than this is not a search.
    public static let maxTerms = 8

    /// Reads a query. Nothing but spaces is no query (nil). Quotes, stars, minus signs and every
    /// other character are plain text to find: there is no query syntax to get wrong.
    public init?(_ typed: String) throws(PlanError) {
        let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.count <= Self.maxLength else {
            throw .invalidField(name: "q", problem: .tooLong(limit: Self.maxLength))
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) else {
            throw .invalidField(name: "q", problem: .controlCharacters)
        }
        var seen = Set<String>()
        let words = SearchText.fold(trimmed)
            .split(whereSeparator: { $0.isWhitespace })
            .map(String.init)
            .filter { seen.insert($0).inserted }
        guard words.count <= Self.maxTerms else {
            throw .invalidField(name: "q", problem: .tooManyWords(limit: Self.maxTerms))
        }
        text = trimmed
        // Longest first; equal lengths in the order typed (a stable sort keeps ties where they were).
        terms = words.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(\.element)
    }

    /// Whether a task's folded text contains every term: the definition both stores carry out.
    public func matches(_ searchText: String) -> Bool {
        terms.allSatisfy { searchText.range(of: $0, options: .literal) != nil }
    }
}
