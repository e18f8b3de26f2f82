/// A position inside one source line, measured both in bytes and in visual columns.
///
/// Block structure depends on columns (a tab advances to the next multiple of four), while content is
/// copied by byte. A tab can be only partly used up by a marker, as in `>\tcode`: the cursor then
/// remembers that the rest of that tab still counts as spaces of content.
struct LineCursor {
    let bytes: [UInt8]
    let end: Int
    private(set) var offset: Int
    private(set) var column = 0
    private(set) var partiallyConsumedTab = false

    /// First byte at or after `offset` that is not a space or tab (`end` on a blank rest of line).
    private(set) var nextNonspace = 0
    /// Column of `nextNonspace`.
    private(set) var nextNonspaceColumn = 0

    init(bytes: [UInt8], line: Range<Int>) {
        self.bytes = bytes
        self.end = line.upperBound
        self.offset = line.lowerBound
        findNextNonspace()
    }

    /// Columns of indentation between the cursor and the first non-space character.
    var indent: Int { nextNonspaceColumn - column }

    /// Whether nothing but spaces and tabs remains.
    var isBlank: Bool { nextNonspace >= end }

    /// The byte at `index` if it is inside the line.
    func byte(at index: Int) -> UInt8? {
        index >= 0 && index < end ? bytes[index] : nil
    }

    /// The first non-space byte, if the rest of the line is not blank.
    var firstNonspaceByte: UInt8? { byte(at: nextNonspace) }

    /// Recomputes `nextNonspace` after the cursor moved.
    mutating func findNextNonspace() {
        var index = offset
        var col = column
        while index < end {
            let byte = bytes[index]
            if byte == Byte.space {
                col += 1
            } else if byte == Byte.tab {
                // Also right for a partly used tab: `col` is then inside it and the tab still
                // reaches the same next multiple of four.
                col += 4 - (col % 4)
            } else {
                break
            }
            index += 1
        }
        nextNonspace = index
        nextNonspaceColumn = col
    }

    /// Moves forward by `count` visual columns, splitting a tab when needed.
    mutating func advance(columns count: Int) {
        var remaining = count
        while remaining > 0, offset < end {
            if bytes[offset] == Byte.tab {
                let width = 4 - (column % 4)
                if width > remaining {
                    column += remaining
                    partiallyConsumedTab = true
                    remaining = 0
                } else {
                    column += width
                    offset += 1
                    partiallyConsumedTab = false
                    remaining -= width
                }
            } else {
                column += 1
                offset += 1
                partiallyConsumedTab = false
                remaining -= 1
            }
        }
        findNextNonspace()
    }

    /// Moves forward by `count` bytes; a tab among them is used up whole.
    mutating func advance(bytes count: Int) {
        var remaining = count
        while remaining > 0, offset < end {
            if bytes[offset] == Byte.tab {
                column += 4 - (column % 4)
            } else {
                column += 1
            }
            offset += 1
            partiallyConsumedTab = false
            remaining -= 1
        }
        findNextNonspace()
    }

    /// Moves to the first non-space character (or the end of a blank line).
    mutating func advanceToNextNonspace() {
        offset = nextNonspace
        column = nextNonspaceColumn
        partiallyConsumedTab = false
    }

    /// Moves to the end of the line.
    mutating func advanceToEnd() {
        offset = end
        partiallyConsumedTab = false
        findNextNonspace()
    }

    /// The rest of the line from the cursor, for code blocks: the unused part of a split tab comes
    /// back as spaces, the rest as the original bytes (tabs inside code are kept).
    var rest: LineSlice {
        if partiallyConsumedTab, offset < end {
            return LineSlice(padding: 4 - (column % 4), range: (offset + 1)..<end)
        }
        return LineSlice(padding: 0, range: min(offset, end)..<end)
    }

    /// The rest of the line from the first non-space character: how paragraph lines are kept
    /// (CommonMark drops their indentation). Trailing spaces stay: the inline parser drops them
    /// except inside code spans, where CommonMark keeps them.
    var contentRest: LineSlice {
        LineSlice(padding: 0, range: nextNonspace..<end)
    }
}
