/// Finds the backtick run that closes a code span without rescanning the text.
///
/// A code span opened by N backticks ends at the next run of exactly N backticks. Searching forward
/// from every opener would be quadratic on text like `` ` `` ` `` ``` `` ``` … where no run closes;
/// instead all runs are listed once, grouped by length, and each length's cursor only moves forward
/// because openers are met in text order.
struct BacktickIndex {
    private var startsByLength: [Int: [Int]] = [:]
    private var cursors: [Int: Int] = [:]

    init(text: [UInt8]) {
        var index = 0
        while index < text.count {
            guard text[index] == Byte.backtick else {
                index += 1
                continue
            }
            let start = index
            while index < text.count, text[index] == Byte.backtick {
                index += 1
            }
            startsByLength[index - start, default: []].append(start)
        }
    }

    /// The start of the first run of exactly `length` backticks that starts at or after `position`.
    /// Successive calls for one length must not go backwards in `position`.
    mutating func firstRun(ofLength length: Int, from position: Int) -> Int? {
        guard let starts = startsByLength[length] else { return nil }
        var cursor = cursors[length, default: 0]
        while cursor < starts.count, starts[cursor] < position {
            cursor += 1
        }
        cursors[length] = cursor
        return cursor < starts.count ? starts[cursor] : nil
    }
}
