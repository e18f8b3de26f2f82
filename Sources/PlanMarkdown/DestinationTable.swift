/// Precomputed answers to "where does a bare link destination starting here end?".
///
/// A bare destination runs until a space or control character, or until a `)` that is not balanced
/// by an earlier `(` of the destination itself. Scanning that afresh for every `](` is quadratic on
/// text like `[a](b[a](b[a](b…`, where each scan fails only at the end. With prefix sums of the
/// parenthesis depth, the unbalanced `)` after position `i` is the first `j > i` whose depth is
/// below `depth[i]` (a "next smaller element" query, answered for all `i` at once with a monotonic
/// stack), so every destination costs O(1) after an O(n) build.
struct DestinationTable {
    /// `depth[i]`: unescaped `(` minus unescaped `)` in `text[0..<i]`.
    private let depth: [Int32]
    /// `nextLower[i]`: the first `j > i` with `depth[j] < depth[i]`, or `text.count + 1`.
    private let nextLower: [Int32]
    /// `nextStop[i]`: the first index at or after `i` holding a space or control character, or
    /// `text.count`.
    private let nextStop: [Int32]

    /// Builds the tables, or returns `nil` for a text too long for 32-bit indices (over 2 GB;
    /// such a text simply gets no inline links).
    init?(text: [UInt8]) {
        let count = text.count
        guard count < Int(Int32.max) - 2 else { return nil }
        var depth = [Int32](repeating: 0, count: count + 1)
        var backslashes = 0
        for index in 0..<count {
            let byte = text[index]
            var value = depth[index]
            // A character is escaped when an odd number of backslashes precede it.
            if backslashes % 2 == 0 {
                if byte == Byte.openParen {
                    value += 1
                } else if byte == Byte.closeParen {
                    value -= 1
                }
            }
            backslashes = byte == Byte.backslash ? backslashes + 1 : 0
            depth[index + 1] = value
        }

        var nextLower = [Int32](repeating: Int32(count + 1), count: count + 1)
        var stack: [Int32] = []
        for index in 0...count {
            while let top = stack.last, depth[index] < depth[Int(top)] {
                nextLower[Int(top)] = Int32(index)
                stack.removeLast()
            }
            stack.append(Int32(index))
        }

        var nextStop = [Int32](repeating: Int32(count), count: count + 1)
        var index = count - 1
        while index >= 0 {
            nextStop[index] = Byte.isControlOrSpace(text[index]) ? Int32(index) : nextStop[index + 1]
            index -= 1
        }

        self.depth = depth
        self.nextLower = nextLower
        self.nextStop = nextStop
    }

    /// The end (exclusive) of a bare destination starting at `start`, or `nil` when its parentheses
    /// do not balance. `start` must not follow a backslash, which holds for the character after
    /// `(` or after whitespace.
    func destinationEnd(from start: Int) -> Int? {
        let stop = Int(nextStop[start])
        let unbalancedClose = Int(nextLower[start]) - 1
        if unbalancedClose < stop {
            return unbalancedClose
        }
        return depth[stop] == depth[start] ? stop : nil
    }
}
