/// CommonMark's delimiter stack and its "process emphasis" procedure.
///
/// Runs are kept in creation order (which is text order) in `runs`; the ones still available for
/// matching are linked into a doubly linked list so that removing one is O(1). The procedure is
/// linear: every run that is walked over while looking for an opener is either removed (it lies
/// between a matched pair) or lies below a per-kind floor that the next search of that kind stops
/// at, and there are only 18 kinds.
struct DelimiterStack {
    /// One tag in a run's list of opened or closed tags.
    struct TagEntry {
        var tag: DelimiterRun.Tag
        var next: Int
    }

    private(set) var runs: [DelimiterRun] = []
    /// The entries of all runs' tag lists.
    private(set) var tags: [TagEntry] = []
    /// The last run still linked, or -1.
    private var last = -1

    /// Index of the most recently created run (linked or not), or -1.
    var lastIndex: Int { runs.count - 1 }

    /// Adds a run at the top of the stack and returns its index.
    mutating func push(byte: UInt8, count: Int, canOpen: Bool, canClose: Bool) -> Int {
        let index = runs.count
        runs.append(DelimiterRun(byte: byte, originalCount: count, count: count, canOpen: canOpen,
                                 canClose: canClose, previous: last, next: -1))
        if last >= 0 {
            runs[last].next = index
        }
        last = index
        return index
    }

    /// Matches openers and closers among the runs created after `bottom` (an index, or -1 for
    /// all), then removes all of those runs from the stack: what a link's text contains cannot match
    /// anything outside it.
    mutating func process(above bottom: Int) {
        var first = -1
        var cursor = last
        while cursor > bottom {
            first = cursor
            cursor = runs[cursor].previous
        }
        // For each kind of closer, the index at or below which no opener can be found any more.
        var openersFloor = [Int](repeating: bottom, count: 18)
        var closer = first
        while closer >= 0 {
            let current = runs[closer]
            guard current.canClose else {
                closer = current.next
                continue
            }
            let kind = Self.kind(of: current)
            let floor = openersFloor[kind]
            var opener = current.previous
            var found = false
            while opener > floor {
                let candidate = runs[opener]
                if candidate.byte == current.byte, candidate.canOpen, Self.canPair(candidate, current) {
                    found = true
                    break
                }
                opener = candidate.previous
            }
            guard found else {
                openersFloor[kind] = max(current.previous, bottom)
                let next = current.next
                if !current.canOpen {
                    unlink(closer)
                }
                closer = next
                continue
            }

            let tag: DelimiterRun.Tag
            let used: Int
            if current.byte == Byte.tilde {
                (tag, used) = (.strikethrough, 2)
            } else if runs[opener].count >= 2, current.count >= 2 {
                (tag, used) = (.strong, 2)
            } else {
                (tag, used) = (.emphasis, 1)
            }
            runs[opener].count -= used
            runs[closer].count -= used
            // Each new pair encloses the earlier ones: the opener's list grows at the front
            // (outermost first), the closer's at the back (innermost first).
            tags.append(TagEntry(tag: tag, next: runs[opener].openTags))
            runs[opener].openTags = tags.count - 1
            tags.append(TagEntry(tag: tag, next: -1))
            if runs[closer].lastCloseTag >= 0 {
                tags[runs[closer].lastCloseTag].next = tags.count - 1
            } else {
                runs[closer].closeTags = tags.count - 1
            }
            runs[closer].lastCloseTag = tags.count - 1
            // Runs between the pair can no longer match anything (that would cross the new tags).
            var between = runs[opener].next
            while between != closer, between >= 0 {
                let next = runs[between].next
                unlink(between)
                between = next
            }
            if runs[opener].count == 0 {
                unlink(opener)
            }
            if runs[closer].count == 0 {
                let next = runs[closer].next
                unlink(closer)
                closer = next
            }
        }
        while last > bottom {
            unlink(last)
        }
    }

    private mutating func unlink(_ index: Int) {
        let previous = runs[index].previous
        let next = runs[index].next
        if previous >= 0 {
            runs[previous].next = next
        }
        if next >= 0 {
            runs[next].previous = previous
        } else {
            last = previous
        }
        runs[index].previous = -1
        runs[index].next = -1
    }

    /// Everything the opener search depends on besides the opener: the character, whether the
    /// closer can also open, and its length modulo 3.
    private static func kind(of closer: DelimiterRun) -> Int {
        let character = closer.byte == Byte.asterisk ? 0 : closer.byte == Byte.underscore ? 1 : 2
        return character * 6 + (closer.canOpen ? 3 : 0) + closer.originalCount % 3
    }

    /// CommonMark's rule of three: when either run could both open and close, the two lengths may
    /// not add up to a multiple of three unless both are multiples of three (so `*a**b*` is not
    /// read as `<em>a</em><em>b</em>` with a stray middle). Strikethrough pairs are always `~~`.
    private static func canPair(_ opener: DelimiterRun, _ closer: DelimiterRun) -> Bool {
        if opener.byte == Byte.tilde {
            return opener.count == 2 && closer.count == 2
        }
        if (opener.canOpen && opener.canClose) || (closer.canOpen && closer.canClose) {
            let sum = opener.originalCount + closer.originalCount
            if sum % 3 == 0, !(opener.originalCount % 3 == 0 && closer.originalCount % 3 == 0) {
                return false
            }
        }
        return true
    }
}
