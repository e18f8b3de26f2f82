/// Recognizers for the lines that start (or end) a block. Each looks at the line from the cursor's
/// first non-space character and only reads forward within the line, so each costs O(line length).
/// Callers check the indentation (at most three columns) first.
enum BlockStart {
    /// A list marker found at the start of a line.
    struct ListMarker {
        var isOrdered: Bool
        /// The bullet character, or `.`/`)` for ordered lists.
        var marker: UInt8
        var start: Int
        /// Length of the marker in bytes (and columns: markers are ASCII).
        var width: Int
    }

    /// `#` to `######` followed by a space, a tab or the end of the line. Returns the level and the
    /// content without the optional closing sequence of `#`s.
    static func atxHeading(_ line: LineCursor) -> (level: Int, content: Range<Int>)? {
        var index = line.nextNonspace
        var level = 0
        while line.byte(at: index) == Byte.hash {
            level += 1
            index += 1
        }
        guard (1...6).contains(level) else { return nil }
        if let next = line.byte(at: index), !Byte.isSpaceOrTab(next) {
            return nil
        }
        while let byte = line.byte(at: index), Byte.isSpaceOrTab(byte) {
            index += 1
        }
        var end = line.end
        while end > index, Byte.isSpaceOrTab(line.bytes[end - 1]) {
            end -= 1
        }
        // A closing run of #s counts only when a space separates it from the text (or it is all
        // there is); `# C#` keeps its `#`.
        var closing = end
        while closing > index, line.bytes[closing - 1] == Byte.hash {
            closing -= 1
        }
        if closing == index {
            end = index
        } else if closing < end, Byte.isSpaceOrTab(line.bytes[closing - 1]) {
            end = closing
            while end > index, Byte.isSpaceOrTab(line.bytes[end - 1]) {
                end -= 1
            }
        }
        return (level, index..<end)
    }

    /// Three or more backticks or tildes. Returns the fence and its trimmed info string.
    static func fenceOpening(_ line: LineCursor) -> (byte: UInt8, length: Int, info: Range<Int>)? {
        let start = line.nextNonspace
        guard let fence = line.byte(at: start), fence == Byte.backtick || fence == Byte.tilde else {
            return nil
        }
        var index = start
        while line.byte(at: index) == fence {
            index += 1
        }
        let length = index - start
        guard length >= 3 else { return nil }
        while let byte = line.byte(at: index), Byte.isSpaceOrTab(byte) {
            index += 1
        }
        var end = line.end
        while end > index, Byte.isSpaceOrTab(line.bytes[end - 1]) {
            end -= 1
        }
        // A backtick in the info string means this is inline code, not a fence (CommonMark).
        if fence == Byte.backtick, line.bytes[index..<end].contains(Byte.backtick) {
            return nil
        }
        return (fence, length, index..<end)
    }

    /// A run of the opening fence's character, at least as long, followed only by spaces and tabs.
    static func isClosingFence(_ line: LineCursor, byte fence: UInt8, length: Int) -> Bool {
        guard line.indent <= 3 else { return false }
        var index = line.nextNonspace
        while line.byte(at: index) == fence {
            index += 1
        }
        guard index - line.nextNonspace >= length else { return false }
        while let byte = line.byte(at: index) {
            guard Byte.isSpaceOrTab(byte) else { return false }
            index += 1
        }
        return true
    }

    /// A line of only `=` (level 1) or only `-` (level 2), with trailing spaces allowed.
    static func setextLevel(_ line: LineCursor) -> Int? {
        let start = line.nextNonspace
        guard let first = line.byte(at: start), first == Byte.equals || first == Byte.hyphen else {
            return nil
        }
        var index = start
        while line.byte(at: index) == first {
            index += 1
        }
        while let byte = line.byte(at: index) {
            guard Byte.isSpaceOrTab(byte) else { return nil }
            index += 1
        }
        return first == Byte.equals ? 1 : 2
    }

    /// Three or more `-`, `*` or `_` (all the same), with spaces and tabs allowed between them.
    static func isThematicBreak(_ line: LineCursor) -> Bool {
        guard let first = line.firstNonspaceByte,
              first == Byte.hyphen || first == Byte.asterisk || first == Byte.underscore else {
            return false
        }
        var count = 0
        var index = line.nextNonspace
        while let byte = line.byte(at: index) {
            if byte == first {
                count += 1
            } else if !Byte.isSpaceOrTab(byte) {
                return false
            }
            index += 1
        }
        return count >= 3
    }

    /// `-`, `+`, `*`, or one to nine digits followed by `.` or `)`, then a space, a tab or the end
    /// of the line.
    static func listMarker(_ line: LineCursor) -> ListMarker? {
        let start = line.nextNonspace
        guard let first = line.byte(at: start) else { return nil }
        var result: ListMarker
        if first == Byte.hyphen || first == Byte.plus || first == Byte.asterisk {
            result = ListMarker(isOrdered: false, marker: first, start: 1, width: 1)
        } else if Byte.isDigit(first) {
            var index = start
            var number = 0
            while let byte = line.byte(at: index), Byte.isDigit(byte), index - start < 9 {
                number = number * 10 + Int(byte - 0x30)
                index += 1
            }
            guard let delimiter = line.byte(at: index),
                  delimiter == Byte.period || delimiter == Byte.closeParen else {
                return nil
            }
            result = ListMarker(isOrdered: true, marker: delimiter, start: number, width: index - start + 1)
        } else {
            return nil
        }
        if let next = line.byte(at: start + result.width), !Byte.isSpaceOrTab(next) {
            return nil
        }
        return result
    }
}
