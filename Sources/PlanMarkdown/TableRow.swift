/// The cells of one line of a GitHub table, found in one pass over the line.
///
/// A row may begin and end with `|`; cells are split at every `|` not escaped by a backslash
/// (even inside a code span, as GitHub reads them), and a cell's text is trimmed. `\|` stands for
/// `|` in the cell's content.
enum TableRow {
    /// The byte ranges of the cells of `bytes[line]`, trimmed of spaces and tabs.
    static func cells(_ bytes: [UInt8], _ line: Range<Int>) -> [Range<Int>] {
        var start = line.lowerBound
        var end = line.upperBound
        while start < end, Byte.isSpaceOrTab(bytes[start]) { start += 1 }
        while end > start, Byte.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        if start < end, bytes[start] == pipe { start += 1 }
        if end > start, bytes[end - 1] == pipe, !isEscaped(bytes, end - 1, from: start) { end -= 1 }
        var cells: [Range<Int>] = []
        var cellStart = start
        var index = start
        while index < end {
            if bytes[index] == Byte.backslash, index + 1 < end {
                index += 2
                continue
            }
            if bytes[index] == pipe {
                cells.append(trimmed(bytes, cellStart..<index))
                cellStart = index + 1
            }
            index += 1
        }
        cells.append(trimmed(bytes, cellStart..<end))
        return cells
    }

    /// The alignments of a delimiter row (`| :-- | :-: | --: |`), or nil if the line is not one:
    /// every cell must be dashes with an optional colon at either end, and there must be a `|`
    /// unless the single cell already shows it cannot be anything else.
    static func alignments(_ bytes: [UInt8], _ line: Range<Int>) -> [BlockNode.Alignment]? {
        // Most paragraph lines fail on their first character, before any scan.
        guard let first = bytes[line].first, first == pipe || first == Byte.colon || first == Byte.hyphen,
              bytes[line].contains(pipe) || bytes[line].contains(Byte.colon) else { return nil }
        var result: [BlockNode.Alignment] = []
        for cell in cells(bytes, line) {
            var lower = cell.lowerBound
            var upper = cell.upperBound
            let left = lower < upper && bytes[lower] == Byte.colon
            if left { lower += 1 }
            let right = upper > lower && bytes[upper - 1] == Byte.colon
            if right { upper -= 1 }
            guard lower < upper, bytes[lower..<upper].allSatisfy({ $0 == Byte.hyphen }) else { return nil }
            result.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        return result.isEmpty ? nil : result
    }

    /// A cell's text with `\|` made `|`: the inline parser then reads it as any other text.
    static func content(_ bytes: [UInt8], _ cell: Range<Int>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(cell.count)
        var index = cell.lowerBound
        while index < cell.upperBound {
            if bytes[index] == Byte.backslash, index + 1 < cell.upperBound, bytes[index + 1] == pipe {
                index += 1
            }
            output.append(bytes[index])
            index += 1
        }
        return output
    }

    private static var pipe: UInt8 { 0x7C }

    private static func isEscaped(_ bytes: [UInt8], _ index: Int, from start: Int) -> Bool {
        var backslashes = 0
        var scan = index
        while scan > start, bytes[scan - 1] == Byte.backslash {
            backslashes += 1
            scan -= 1
        }
        return backslashes % 2 == 1
    }

    private static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Byte.isSpaceOrTab(bytes[lower]) { lower += 1 }
        while upper > lower, Byte.isSpaceOrTab(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
