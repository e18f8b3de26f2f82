import PlanNotes

/// A removal report carried through the redirect after a save, as `removed=script-1.eventAttribute-2`.
/// Only category names from the fixed list and numbers survive parsing, so the notice drawn from
/// it can never echo text someone put in a link.
extension RemovalReport {
    var query: String {
        counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.key)-\($0.value)" }.joined(separator: ".")
    }

    init(query: String?) {
        var counts: [Category: Int] = [:]
        for part in (query ?? "").split(separator: ".") {
            let pieces = part.split(separator: "-", maxSplits: 1)
            guard pieces.count == 2, let category = Category.allCases.first(where: { $0.key == pieces[0] }),
                  let count = Int(pieces[1]), (1...100_000).contains(count)
            else { continue }
            counts[category] = count
        }
        self.init(counts: counts)
    }
}
