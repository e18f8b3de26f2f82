import Foundation

extension SearchText {
    /// The Traditional characters that fold to the Simplified ones in `folded` (a task's
    /// `SearchText.of`), as pairs: `"報报稅税"` is 報 → 报 and 稅 → 税.
    ///
    /// A card carries these beside its folded text (`data-fold`) so the board's script folds a
    /// typed query the way `fold` does without a table of every Chinese character: a Traditional
    /// character missing from every card's pairs folds to nothing on the board, so no card could
    /// match it anyway. Each card brings its own pairs, so a card that arrives later brings its own.
    public static func traditionalPairs(in folded: String) -> String {
        guard folded.unicodeScalars.contains(where: isHan) else { return "" }
        var seen = Set<Unicode.Scalar>()
        var pairs = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars where isHan(scalar) && seen.insert(scalar).inserted {
            for traditional in traditionalOf[scalar] ?? [] {
                pairs.append(traditional)
                pairs.append(scalar)
            }
        }
        return String(pairs)
    }

    /// Simplified character → the characters `fold` turns into it, worked out once from the same
    /// transform `fold` uses, over the blocks where the two scripts differ.
    private static let traditionalOf: [Unicode.Scalar: [Unicode.Scalar]] = {
        var table: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        let ranges: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF]
        for range in ranges {
            let scalars = range.compactMap { Unicode.Scalar($0) }
            var whole = String.UnicodeScalarView()
            whole.append(contentsOf: scalars)
            let folded = String(whole).applyingTransform(simplifiedTransform, reverse: false).map { Array($0.unicodeScalars) }
            // The transform maps character for character here; if it ever did not, ask one at a time.
            let simplified: [Unicode.Scalar?] = if let folded, folded.count == scalars.count {
                folded.map { Optional($0) }
            } else {
                scalars.map { scalar in
                    let one = String(Character(scalar)).applyingTransform(simplifiedTransform, reverse: false)?.unicodeScalars
                    return one?.count == 1 ? one?.first : nil
                }
            }
            for (from, to) in zip(scalars, simplified) {
                guard let to, to != from else { continue }
                table[to, default: []].append(from)
            }
        }
        return table
    }()

    private static let simplifiedTransform = StringTransform(rawValue: "Hant-Hans")
}
