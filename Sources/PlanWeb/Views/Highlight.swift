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
        let folded = Folded(Array(text))
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
        let flat = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let characters = Array(flat.prefix(maxScanned))
        // Folded a stretch at a time, each overlapping the last by more than a term's length, so
        // a match near the start costs only its stretch (folding Chinese goes through ICU).
        let overlap = 2 * (terms.map(\.count).max() ?? 0) + 8
        var first: Int?
        var from = 0
        while first == nil, from < characters.count {
            let upTo = min(characters.count, from + scannedAtOnce)
            let folded = Folded(Array(characters[from..<upTo]))
            first = terms.compactMap { folded.occurrences(of: $0, limit: 1).first.map { from + $0.lowerBound } }.min()
            if upTo == characters.count { break }
            from = upTo - overlap
        }
        guard let first else { return nil }
        let start = max(0, min(first - width / 3, characters.count - width))
        let end = min(characters.count, start + width)
        let window = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count || flat.count > maxScanned ? "…" : "")
        return Highlight(window, terms: terms)
    }

    /// How many characters a snippet folds at a time while looking for its first match.
    static let scannedAtOnce = 1_000

    /// How much of a long text a snippet looks through for its first match.
    static let maxScanned = 20_000

}

/// A text's characters beside their folded form (`SearchText.fold`), so that a folded term found
/// in the folded text maps back to exactly the characters the person typed.
private struct Folded {
    let characters: [Character]
    /// The folded characters, in order: each original character's folded piece, one after another.
    private let haystack: [Character]
    /// For each folded character, the index of the original character it comes from.
    private let owner: [Int]

    /// The whole text is folded at once when that keeps one character per character (nearly
    /// always), otherwise one character at a time.
    init(_ characters: [Character]) {
        self.characters = characters
        let whole = Array(SearchText.fold(String(characters)))
        if whole.count == characters.count {
            haystack = whole
            owner = Array(characters.indices)
        } else {
            let pieces = characters.map { Array(SearchText.fold(String($0))) }
            haystack = pieces.flatMap { $0 }
            owner = pieces.enumerated().flatMap { index, piece in [Int](repeating: index, count: piece.count) }
        }
    }

    /// Where `term` (folded) occurs, first to last, without overlaps, up to `limit` of them:
    /// ranges of original characters.
    func occurrences(of term: String, limit: Int = .max) -> [Range<Int>] {
        let term = Array(term)
        guard !term.isEmpty, term.count <= haystack.count else { return [] }
        var found: [Range<Int>] = []
        var start = 0
        while start + term.count <= haystack.count, found.count < limit {
            if haystack[start..<start + term.count].elementsEqual(term) {
                found.append(owner[start]..<owner[start + term.count - 1] + 1)
                start += term.count
            } else {
                start += 1
            }
        }
        return found
    }
}
