import PlanCore

/// A text cut into pieces at the places a search matched, for a template to print with each
/// matched piece in `<mark>` (the template escapes every piece: the text is never HTML).
struct Highlight: Sendable, Equatable {
    struct Piece: Sendable, Equatable {
        let text: String
        let marked: Bool
    }

    let pieces: [Piece]
    /// Whether any piece is marked.
    let matched: Bool
    /// Whether every term was found.
    let matchedEveryTerm: Bool

    /// `text` with every occurrence of each folded term marked. The text is folded the same way
    /// the store folds it (`SearchText.fold`), character by character where folding changes the
    /// number of characters, so a mark covers exactly the characters the person typed.
    init(_ text: String, terms: [String]) {
        self.init(Folded(text), terms: terms)
    }

    private init(_ folded: Folded, terms: [String]) {
        var marked = [Bool](repeating: false, count: folded.characters.count)
        var everyTerm = true
        for term in terms {
            let occurrences = folded.occurrences(of: term)
            everyTerm = everyTerm && !occurrences.isEmpty
            for found in occurrences {
                for index in found { marked[index] = true }
            }
        }
        matchedEveryTerm = everyTerm
        var pieces: [Piece] = []
        var run = ""
        var runMarked = false
        for (character, isMarked) in zip(folded.characters, marked) {
            if isMarked != runMarked, !run.isEmpty {
                pieces.append(Piece(text: run, marked: runMarked))
                run = ""
            }
            runMarked = isMarked
            run.append(character)
        }
        if !run.isEmpty { pieces.append(Piece(text: run, marked: runMarked)) }
        self.pieces = pieces
        matched = marked.contains(true)
    }

    /// Up to `width` characters of `text` around its first match (with … where cut), highlighted;
    /// nil when nothing in it matches. Line breaks and runs of spaces read as one space.
    static func snippet(of text: String, terms: [String], width: Int = 160) -> Highlight? {
        let (flat, cutShort) = flattened(text, limit: maxScanned)
        // Folded a stretch at a time, each overlapping the last by more than a term's length, so
        // a match near the start costs only its stretch.
        let overlap = 2 * (terms.map(\.count).max() ?? 0) + 8
        var first: Int?
        var from = flat.startIndex
        var fromOffset = 0
        while first == nil {
            let upTo = flat.index(from, offsetBy: scannedAtOnce, limitedBy: flat.endIndex) ?? flat.endIndex
            let folded = Folded(String(flat[from..<upTo]))
            first = terms.compactMap { folded.occurrences(of: $0, limit: 1).first.map { fromOffset + $0.lowerBound } }.min()
            // Notes no longer than the snippet are the snippet: what was folded to find the match
            // is marked as it is.
            if first != nil, from == flat.startIndex, upTo == flat.endIndex, !cutShort, folded.characters.count <= width {
                return Highlight(folded, terms: terms)
            }
            if upTo == flat.endIndex { break }
            let next = flat.index(upTo, offsetBy: -overlap)
            fromOffset += flat.distance(from: from, to: next)
            from = next
        }
        guard let first else { return nil }
        let count = flat.count
        let start = max(0, min(first - width / 3, count - width))
        let end = min(count, start + width)
        let lower = flat.index(flat.startIndex, offsetBy: start)
        let upper = flat.index(lower, offsetBy: end - start)
        // The ellipses are added as pieces of their own: folded with the text, "…" (NFKC "...")
        // would change its length and send the whole window to be folded a character at a time.
        let window = Highlight(String(flat[lower..<upper]), terms: terms)
        let before = start > 0 ? [Piece(text: "…", marked: false)] : []
        let after = end < count || cutShort ? [Piece(text: "…", marked: false)] : []
        return Highlight(pieces: before + window.pieces + after, matched: window.matched, matchedEveryTerm: window.matchedEveryTerm)
    }

    private init(pieces: [Piece], matched: Bool, matchedEveryTerm: Bool) {
        self.pieces = pieces
        self.matched = matched
        self.matchedEveryTerm = matchedEveryTerm
    }

    /// `text` with each run of whitespace read as one space and none at either end, up to `limit`
    /// Unicode scalars; and whether there was more.
    static func flattened(_ text: String, limit: Int) -> (text: String, cutShort: Bool) {
        var out = String.UnicodeScalarView()
        var kept = 0
        var space = false
        for scalar in text.unicodeScalars {
            // ASCII and Chinese ideographs are answered without looking up Unicode's properties.
            let isWhitespace = switch scalar.value {
            case 0..<0x80: scalar == " " || (0x09...0x0D).contains(scalar.value)
            case 0x3400...0x9FFF: false
            default: scalar.properties.isWhitespace
            }
            if isWhitespace {
                space = !out.isEmpty
                continue
            }
            if kept + (space ? 2 : 1) > limit { return (String(out), true) }
            if space {
                out.append(" ")
                kept += 1
                space = false
            }
            out.append(scalar)
            kept += 1
        }
        return (String(out), false)
    }

    /// How many characters a snippet folds at a time while looking for its first match.
    static let scannedAtOnce = 1_000

    /// How much of a long text a snippet looks through for its first match.
    static let maxScanned = 20_000

}

/// A text's characters beside their folded form (`SearchText.fold`), so that a folded term found
/// in the folded text maps back to exactly the characters the person typed. Terms are found among
/// the folded text's Unicode scalars, as the stores find them among its bytes (`instr`, FTS5).
private struct Folded {
    let characters: [Character]
    /// The folded scalars, in order: each original character's folded piece, one after another.
    private let haystack: [Unicode.Scalar]
    /// For each folded scalar, the index of the original character it comes from.
    private let owner: [Int]

    /// The whole text is folded at once when that keeps one character per character (nearly
    /// always), otherwise one character at a time.
    init(_ text: String) {
        let folded = SearchText.fold(text)
        // Text whose every character is one Unicode scalar that folds to one scalar (ASCII and
        // Chinese: `SearchText.isPlainScalar`) needs no grapheme breaking: scalar i is character i.
        if text.unicodeScalars.allSatisfy(SearchText.isPlainScalar),
            folded.unicodeScalars.count == text.unicodeScalars.count
        {
            characters = text.unicodeScalars.map(Character.init)
            haystack = Array(folded.unicodeScalars)
            owner = Array(haystack.indices)
            return
        }
        let characters = Array(text)
        self.characters = characters
        var haystack: [Unicode.Scalar] = []
        var owner: [Int] = []
        haystack.reserveCapacity(text.unicodeScalars.count)
        owner.reserveCapacity(text.unicodeScalars.count)
        var index = 0
        for piece in folded {
            for scalar in piece.unicodeScalars {
                haystack.append(scalar)
                owner.append(index)
            }
            index += 1
        }
        if index != characters.count {
            haystack.removeAll(keepingCapacity: true)
            owner.removeAll(keepingCapacity: true)
            for (index, character) in characters.enumerated() {
                for scalar in SearchText.fold(String(character)).unicodeScalars {
                    haystack.append(scalar)
                    owner.append(index)
                }
            }
        }
        self.haystack = haystack
        self.owner = owner
    }

    /// Where `term` (folded) occurs, first to last, without overlaps, up to `limit` of them:
    /// ranges of original characters.
    func occurrences(of term: String, limit: Int = .max) -> [Range<Int>] {
        let term = Array(term.unicodeScalars)
        guard let head = term.first, term.count <= haystack.count else { return [] }
        var found: [Range<Int>] = []
        var start = 0
        while start + term.count <= haystack.count, found.count < limit {
            if haystack[start] == head, haystack[start..<start + term.count].elementsEqual(term) {
                found.append(owner[start]..<owner[start + term.count - 1] + 1)
                start += term.count
            } else {
                start += 1
            }
        }
        return found
    }
}
