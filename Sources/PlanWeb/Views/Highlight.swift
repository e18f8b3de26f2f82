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

    /// `text` with every occurrence of each folded term marked. The text is folded the same way
    /// the store folds it (`SearchText.fold`), character by character where folding changes the
    /// number of characters, so a mark covers exactly the characters the person typed.
    init(_ text: String, terms: [String]) {
        let original = Array(text)
        let folded = Self.foldedCharacters(original)
        var marked = [Bool](repeating: false, count: original.count)
        // Folded positions run over the original characters' folded pieces, in order.
        let haystack = folded.flatMap { $0 }
        let owner = folded.enumerated().flatMap { index, piece in [Int](repeating: index, count: piece.count) }
        for term in terms.map(Array.init) where !term.isEmpty {
            var start = 0
            while start + term.count <= haystack.count {
                if haystack[start..<start + term.count].elementsEqual(term) {
                    for position in start..<start + term.count { marked[owner[position]] = true }
                    start += term.count
                } else {
                    start += 1
                }
            }
        }
        var pieces: [Piece] = []
        var run = ""
        var runMarked = false
        for (character, isMarked) in zip(original, marked) {
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
        let folded = foldedCharacters(characters)
        let haystack = folded.flatMap { $0 }
        let owner = folded.enumerated().flatMap { index, piece in [Int](repeating: index, count: piece.count) }
        var first: Int?
        for term in terms.map(Array.init) where !term.isEmpty && term.count <= haystack.count {
            if let at = (0...(haystack.count - term.count)).first(where: { haystack[$0..<$0 + term.count].elementsEqual(term) }) {
                first = min(first ?? .max, owner[at])
            }
        }
        guard let first else { return nil }
        let start = max(0, min(first - width / 3, characters.count - width))
        let end = min(characters.count, start + width)
        let window = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count || flat.count > maxScanned ? "…" : "")
        return Highlight(window, terms: terms)
    }

    /// How much of a long text a snippet looks through for its first match.
    static let maxScanned = 20_000

    /// Each character's folded form: the whole text folded at once when that keeps one
    /// character per character (nearly always), otherwise one character at a time.
    private static func foldedCharacters(_ characters: [Character]) -> [[Character]] {
        let whole = Array(SearchText.fold(String(characters)))
        if whole.count == characters.count { return whole.map { [$0] } }
        return characters.map { Array(SearchText.fold(String($0))) }
    }
}
