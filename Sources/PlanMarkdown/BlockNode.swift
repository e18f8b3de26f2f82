/// One block of the document tree built by ``BlockParser``.
///
/// A class because the parser keeps the chain of open blocks in a stack and appends to the deepest
/// ones as lines arrive; the tree never has cycles (children only, no parent links).
final class BlockNode {
    enum Kind {
        case document
        case blockQuote
        case list
        case listItem
        case paragraph
        case heading
        case thematicBreak
        case fencedCode
        case indentedCode
        /// A GitHub table: `lines` holds the header row, then the body rows (the delimiter row is
        /// read into `columnAlignments`).
        case table
    }

    /// How a table column is aligned, from the colons of its delimiter row.
    enum Alignment {
        case none, left, center, right
    }

    /// Mutable because a paragraph turns into a heading when a setext underline follows it.
    var kind: Kind
    var children: [BlockNode] = []
    /// Text lines of paragraphs, headings and code blocks.
    var lines: [LineSlice] = []

    /// Heading level, 1...6.
    var headingLevel = 0

    /// Lists: ordered or bullet, the bullet character or the `.`/`)` delimiter, the first number.
    var isOrdered = false
    var listMarker: UInt8 = 0
    var listStart = 1
    /// Set when a blank line separates two items or two blocks of an item.
    var isLoose = false

    /// List items: columns from the item's container to its content, and to its marker.
    var contentIndent = 0
    var markerIndent = 0
    /// A blank line was the last line seen inside this item; used to decide looseness.
    var blankLinePending = false

    /// Fenced code: the fence character and length, the fence's own indentation (removed from the
    /// content lines too), and the info string's byte range.
    var fenceByte: UInt8 = 0
    var fenceLength = 0
    var fenceIndent = 0
    var info: Range<Int> = 0..<0

    /// Tables: one alignment per column.
    var columnAlignments: [Alignment] = []

    init(kind: Kind) {
        self.kind = kind
    }

    /// Whether a block of `kind` may be a direct child of this block.
    func canContain(_ kind: Kind) -> Bool {
        switch self.kind {
        case .document, .blockQuote, .listItem:
            return kind != .listItem
        case .list:
            return kind == .listItem
        case .paragraph, .heading, .thematicBreak, .fencedCode, .indentedCode, .table:
            return false
        }
    }

    /// Whether this block is a container counted against the nesting limit.
    var countsTowardDepth: Bool {
        kind == .blockQuote || kind == .listItem
    }
}
