/// A text as the date grammar reads it: one unit per character as a person sees it (a grapheme
/// cluster), so a phrase can only be read whole — "天" with a combining mark is not "天".
///
/// Each unit is the character's one scalar, with full-width ASCII forms (ｆｒｉ, ３, －, ：) read as
/// their ASCII letters, ASCII capitals as small letters, and every white space (the ideographic
/// space too) as a plain space. A character of several scalars (an accented letter typed as two,
/// an emoji sequence) becomes `other`, which no phrase contains.
struct PhraseText {
    static let space: UInt32 = 0x20
    static let other: UInt32 = 0xFFFF_FFFF

    let units: [UInt32]
    /// Where each character starts in the source, and its end as the last entry.
    private let indices: [String.Index]
    private let source: String

    init(_ text: String) {
        source = text
        var units: [UInt32] = []
        var indices: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            indices.append(index)
            units.append(Self.unit(of: text[index]))
            index = text.index(after: index)
        }
        indices.append(text.endIndex)
        self.units = units
        self.indices = indices
    }

    var count: Int { units.count }

    /// The source text of characters `range` (character positions), exactly as typed.
    func original(_ range: Range<Int>) -> String {
        String(source[indices[range.lowerBound]..<indices[range.upperBound]])
    }

    static func unit(of character: Character) -> UInt32 {
        if character.isWhitespace { return space }
        var scalars = character.unicodeScalars.makeIterator()
        guard var value = scalars.next()?.value, scalars.next() == nil else { return other }
        if (0xFF01...0xFF5E).contains(value) { value -= 0xFEE0 }
        if (0x41...0x5A).contains(value) { value += 0x20 }
        return value
    }

    /// The units of a grammar word (already in the form `unit(of:)` gives).
    static func units(_ word: String) -> [UInt32] {
        word.unicodeScalars.map(\.value)
    }

    /// Whether `word` stands at `position`.
    func has(_ word: [UInt32], at position: Int) -> Bool {
        guard position >= 0, position + word.count <= units.count else { return false }
        for (offset, unit) in word.enumerated() where units[position + offset] != unit { return false }
        return true
    }

    /// `range` without the spaces at either end.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var (lower, upper) = (range.lowerBound, range.upperBound)
        while lower < upper, units[lower] == Self.space { lower += 1 }
        while upper > lower, units[upper - 1] == Self.space { upper -= 1 }
        return lower..<upper
    }

    func isSpace(_ position: Int) -> Bool {
        units.indices.contains(position) && units[position] == Self.space
    }

    /// Where the word (between spaces, up to `limit` characters) before the spaces before `position`
    /// stands; nil when there is none or it is longer.
    func word(before position: Int, limit: Int = 8) -> Range<Int>? {
        var end = position
        while end > 0, units[end - 1] == Self.space { end -= 1 }
        var start = end
        while start > 0, units[start - 1] != Self.space {
            start -= 1
            if end - start > limit { return nil }
        }
        return start < end ? start..<end : nil
    }

    /// Where the word (between spaces, up to `limit` characters) after the spaces from `position`
    /// stands; nil when there is none or it is longer.
    func word(after position: Int, limit: Int = 8) -> Range<Int>? {
        var start = position
        while start < units.count, units[start] == Self.space { start += 1 }
        var end = start
        while end < units.count, units[end] != Self.space {
            end += 1
            if end - start > limit { return nil }
        }
        return start < end ? start..<end : nil
    }

    /// Whether the word at `range` is one of `words`.
    func word(at range: Range<Int>?, isOneOf words: Set<[UInt32]>) -> Bool {
        range.map { words.contains(Array(units[$0])) } ?? false
    }
}
