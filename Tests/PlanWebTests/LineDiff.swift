/// The lines one text changes in another, as a unified-style diff: `-` lines only in the first,
/// `+` lines only in the second, a few unchanged lines around each change, and `@@ line N` where
/// each stretch starts in the first text. A page's other states are snapshotted this way, so each
/// file says only what that state changes.
struct LineDiff {
    let text: String

    init(from old: String, to new: String, context: Int = 2) {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false)
        // Longest common subsequence, from the ends (pages are a few hundred lines).
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        enum Step { case same(Int), removed(Int), added(Int) }
        var steps: [Step] = []
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                steps.append(.same(i)); i += 1; j += 1
            } else if i < a.count, j == b.count || common[i + 1][j] >= common[i][j + 1] {
                steps.append(.removed(i)); i += 1
            } else {
                steps.append(.added(j)); j += 1
            }
        }
        // Keep the changed steps and `context` unchanged ones on each side.
        let changed = steps.indices.filter { if case .same = steps[$0] { false } else { true } }
        var shown = Set<Int>()
        for index in changed { shown.formUnion(max(0, index - context)...min(steps.count - 1, index + context)) }
        var lines: [String] = []
        var previous: Int?
        for index in shown.sorted() {
            if previous.map({ $0 + 1 != index }) ?? true {
                let start = steps[index...].lazy.compactMap { step -> Int? in
                    switch step {
                    case .same(let line), .removed(let line): line
                    case .added: nil
                    }
                }.first ?? a.count
                lines.append("@@ line \(start + 1)")
            }
            switch steps[index] {
            case .same(let line): lines.append("  " + a[line])
            case .removed(let line): lines.append("- " + a[line])
            case .added(let line): lines.append("+ " + b[line])
            }
            previous = index
        }
        text = lines.joined(separator: "\n") + "\n"
    }
}
