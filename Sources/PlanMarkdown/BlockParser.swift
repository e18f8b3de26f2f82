/// Builds the block tree of a document line by line, in one pass.
///
/// This is CommonMark's two-phase strategy: for each line, first walk the chain of open blocks and
/// consume the markers that continue them (`>`, list indentation, ...); then look for markers that
/// open new blocks; finally put the rest of the line into the deepest block. Every step only moves
/// forward in the line and the open chain is at most `maximumDepth` containers long, so a document
/// costs O(bytes × depth) with a depth bounded by the configuration.
struct BlockParser {
    private let source: [UInt8]
    private let maximumDepth: Int
    private let readsDefinitions: Bool
    private let document = BlockNode(kind: .document)
    /// The chain of open blocks: the document, then each open block's last child.
    private var open: [BlockNode]
    /// The link reference definitions found so far, taken out of the paragraphs that began with them.
    private(set) var references = LinkReferences()

    init(source: [UInt8], maximumDepth: Int, readsDefinitions: Bool) {
        self.source = source
        self.maximumDepth = maximumDepth
        self.readsDefinitions = readsDefinitions
        self.open = [document]
    }

    /// Parses the whole source and returns the document node.
    mutating func parse() -> BlockNode {
        for range in SourceText.lineRanges(of: source) {
            processLine(range)
        }
        while open.count > 1 {
            closeLast()
        }
        return document
    }

    // MARK: - One line

    private mutating func processLine(_ range: Range<Int>) {
        var line = LineCursor(bytes: source, line: range)

        // Phase 1: continue the open blocks whose markers this line repeats.
        var matched = 1
        var depth = 0
        matching: while matched < open.count {
            let block = open[matched]
            switch block.kind {
            case .blockQuote:
                guard line.indent <= 3, line.firstNonspaceByte == Byte.greaterThan else { break matching }
                consumeBlockQuoteMarker(&line)
            case .listItem:
                if line.isBlank {
                    // An item can start with one blank line, but not with two.
                    guard !block.children.isEmpty else { break matching }
                    line.advanceToNextNonspace()
                } else if line.indent >= block.contentIndent {
                    line.advance(columns: block.contentIndent)
                } else if isRelaxedNestedItem(line, in: block) {
                    // From now on the item's content starts where its nested list does, so that
                    // lines indented to match the nested items keep matching the nested items.
                    block.contentIndent = line.indent
                    line.advanceToNextNonspace()
                } else {
                    break matching
                }
            case .fencedCode:
                if BlockStart.isClosingFence(line, byte: block.fenceByte, length: block.fenceLength) {
                    // The closing fence ends the block and is itself not content.
                    open.removeLast(open.count - matched)
                    return
                }
                line.advance(columns: min(line.indent, block.fenceIndent))
            case .indentedCode:
                if line.indent >= 4 {
                    line.advance(columns: 4)
                } else if line.isBlank {
                    line.advanceToNextNonspace()
                } else {
                    break matching
                }
            case .paragraph, .table:
                guard !line.isBlank else { break matching }
            case .list:
                break
            case .document, .heading, .thematicBreak:
                break matching
            }
            if block.countsTowardDepth {
                depth += 1
            }
            matched += 1
        }

        // Phase 2: open new blocks. `containerIndex` is the deepest block this line belongs to;
        // blocks below it in `open` are closed only when something new is added, because until then
        // the line may still be a lazy continuation of an open paragraph.
        var containerIndex = matched - 1
        let tipWasParagraph = open.last?.kind == .paragraph
        var addedBlock = false
        // Set when the line was wholly used by a heading, a thematic break or an opening fence.
        var lineConsumed = false
        let matchedCodeBlock = open[containerIndex].kind == .fencedCode
            || open[containerIndex].kind == .indentedCode

        starting: while !matchedCodeBlock {
            let container = open[containerIndex]
            if line.indent >= 4 {
                // Indented code cannot interrupt a paragraph: such a line continues the paragraph.
                let interruptsParagraph = tipWasParagraph && !addedBlock
                if !line.isBlank, !interruptsParagraph {
                    line.advance(columns: 4)
                    containerIndex = add(.indentedCode, matchedThrough: containerIndex)
                    addedBlock = true
                }
                break starting
            }
            guard let first = line.firstNonspaceByte else { break starting }

            if first == Byte.greaterThan, depth < maximumDepth {
                consumeBlockQuoteMarker(&line)
                containerIndex = add(.blockQuote, matchedThrough: containerIndex)
                addedBlock = true
                depth += 1
                continue starting
            }
            if first == Byte.hash, let heading = BlockStart.atxHeading(line) {
                containerIndex = add(.heading, matchedThrough: containerIndex)
                addedBlock = true
                let node = open[containerIndex]
                node.headingLevel = heading.level
                node.lines = [LineSlice(padding: 0, range: heading.content)]
                lineConsumed = true
                break starting
            }
            if first == Byte.backtick || first == Byte.tilde, let fence = BlockStart.fenceOpening(line) {
                let fenceIndent = line.indent
                containerIndex = add(.fencedCode, matchedThrough: containerIndex)
                addedBlock = true
                let node = open[containerIndex]
                node.fenceByte = fence.byte
                node.fenceLength = fence.length
                node.fenceIndent = fenceIndent
                node.info = fence.info
                lineConsumed = true
                break starting
            }
            if container.kind == .paragraph, !addedBlock, let level = BlockStart.setextLevel(line) {
                takeDefinitions(from: container)
                if container.lines.isEmpty {
                    // The paragraph was only definitions: nothing to underline, so the line is
                    // read again under the paragraph's container (as text or a thematic break).
                    closeAll(above: containerIndex - 1)
                    containerIndex -= 1
                    continue starting
                }
                // The paragraph so far becomes the heading's text; the underline is consumed.
                container.kind = .heading
                container.headingLevel = level
                closeAll(above: containerIndex - 1)
                clearPendingBlankLines()
                return
            }
            if BlockStart.isThematicBreak(line) {
                containerIndex = add(.thematicBreak, matchedThrough: containerIndex)
                addedBlock = true
                lineConsumed = true
                break starting
            }
            if depth < maximumDepth, let marker = BlockStart.listMarker(line) {
                let afterMarker = line.nextNonspace + marker.width
                let blankAfterMarker = !source[afterMarker..<line.end].contains { !Byte.isSpaceOrTab($0) }
                if container.kind == .paragraph {
                    // Only an unmistakable list interrupts a paragraph, so that "see
                    // 2010. was great" and a dangling "-" stay text.
                    guard !blankAfterMarker, !marker.isOrdered || marker.start == 1 else { break starting }
                }
                containerIndex = openListItem(marker, blankAfterMarker: blankAfterMarker,
                                              line: &line, matchedThrough: containerIndex)
                addedBlock = true
                depth += 1
                continue starting
            }
            if container.kind == .paragraph, !addedBlock, containerIndex == open.count - 1,
               let header = container.lines.last, let alignments = TableRow.alignments(source, line.contentRest.range),
               TableRow.cells(source, header.range).count == alignments.count {
                containerIndex = openTable(under: containerIndex, header: header, alignments: alignments)
                addedBlock = true
                lineConsumed = true
            }
            break starting
        }

        // Phase 3: the rest of the line.
        let container = open[containerIndex]
        if lineConsumed {
            if container.kind != .fencedCode, container.kind != .table {
                closeLast()
            }
            clearPendingBlankLines()
            return
        }
        if !addedBlock, containerIndex < open.count - 1, !line.isBlank, tipWasParagraph {
            // Lazy continuation: "> a" followed by "b" keeps b in the quoted paragraph.
            open[open.count - 1].lines.append(line.contentRest)
            clearPendingBlankLines()
            return
        }
        closeAll(above: containerIndex)

        switch container.kind {
        case .fencedCode:
            container.lines.append(line.rest)
            clearPendingBlankLines()
            return
        case .indentedCode:
            // A blank line here may turn out to end the code block, separating it from what
            // follows in the same list item.
            container.lines.append(line.rest)
            if line.isBlank {
                markPendingBlankLines()
            } else {
                clearPendingBlankLines()
            }
            return
        case .paragraph, .table:
            container.lines.append(line.contentRest)
        case .document, .blockQuote, .list, .listItem, .heading, .thematicBreak:
            if !line.isBlank {
                let index = add(.paragraph, matchedThrough: containerIndex)
                open[index].lines.append(line.contentRest)
            }
        }
        if line.isBlank, !addedBlock {
            markPendingBlankLines()
        } else {
            clearPendingBlankLines()
        }
    }

    // MARK: - Markers

    /// Consumes `>` and one optional following space (or one column of a tab).
    private func consumeBlockQuoteMarker(_ line: inout LineCursor) {
        line.advanceToNextNonspace()
        line.advance(bytes: 1)
        if let next = line.byte(at: line.offset), Byte.isSpaceOrTab(next) {
            line.advance(columns: 1)
        }
    }

    /// Trello users nest lists by two spaces even under `1.` items, whose content starts at column
    /// three. A list marker indented at least two columns past its parent item's marker therefore
    /// nests inside that item even when it does not reach the content column (a deviation from
    /// CommonMark, which would start a sibling list there).
    private func isRelaxedNestedItem(_ line: LineCursor, in item: BlockNode) -> Bool {
        guard line.indent >= item.markerIndent + 2, !BlockStart.isThematicBreak(line),
              let marker = BlockStart.listMarker(line) else {
            return false
        }
        let afterMarker = line.nextNonspace + marker.width
        return source[afterMarker..<line.end].contains { !Byte.isSpaceOrTab($0) }
    }

    /// Opens a list item (and a list around it if the container is not a compatible list), moving
    /// the cursor to the item's content.
    private mutating func openListItem(
        _ marker: BlockStart.ListMarker, blankAfterMarker: Bool, line: inout LineCursor,
        matchedThrough containerIndex: Int
    ) -> Int {
        let markerIndent = line.indent
        line.advanceToNextNonspace()
        line.advance(bytes: marker.width)
        // Content starts after one to four spaces; with five or more (or none, on a blank line) it
        // starts after one, and the remaining spaces make the content an indented code block.
        var padding: Int
        if blankAfterMarker {
            padding = 1
            line.advanceToEnd()
        } else if line.indent >= 5 {
            padding = 1
            line.advance(columns: 1)
        } else {
            padding = line.indent
            line.advanceToNextNonspace()
        }
        padding += marker.width

        var index = containerIndex
        let container = open[index]
        let continuesList = container.kind == .list && container.isOrdered == marker.isOrdered
            && container.listMarker == marker.marker
        if !continuesList {
            index = add(.list, matchedThrough: index)
            let list = open[index]
            list.isOrdered = marker.isOrdered
            list.listMarker = marker.marker
            list.listStart = marker.start
        }
        index = add(.listItem, matchedThrough: index)
        let item = open[index]
        item.markerIndent = markerIndent
        item.contentIndent = markerIndent + padding
        return index
    }

    /// Turns the last line of the open paragraph at `paragraphIndex` into the header of a new
    /// table (GitHub's rule: the line just before the delimiter row); the lines before it stay a
    /// paragraph of their own. Returns the table's index in `open`.
    private mutating func openTable(under paragraphIndex: Int, header: LineSlice, alignments: [BlockNode.Alignment]) -> Int {
        let paragraph = open[paragraphIndex]
        paragraph.lines.removeLast()
        let index: Int
        if paragraph.lines.isEmpty {
            paragraph.kind = .table
            index = paragraphIndex
        } else {
            index = add(.table, matchedThrough: paragraphIndex - 1)
        }
        let table = open[index]
        table.lines = [header]
        table.columnAlignments = alignments
        return index
    }

    // MARK: - Tree maintenance

    /// Closes the blocks the line did not continue, then appends a new block of `kind` under the
    /// deepest block that may contain it. Returns the new block's index in `open`.
    private mutating func add(_ kind: BlockNode.Kind, matchedThrough containerIndex: Int) -> Int {
        closeAll(above: containerIndex)
        while let parent = open.last, !parent.canContain(kind) {
            closeLast()
        }
        let parent = open[open.count - 1]
        noteLooseness(addingTo: parent)
        let node = BlockNode(kind: kind)
        parent.children.append(node)
        open.append(node)
        return open.count - 1
    }

    /// A blank line between two items of a list, or between two blocks of one item, makes the
    /// list loose (its paragraphs get `<p>`).
    private func noteLooseness(addingTo parent: BlockNode) {
        guard open.count >= 2 else { return }
        if parent.kind == .list, let previous = parent.children.last, previous.blankLinePending {
            parent.isLoose = true
        } else if parent.kind == .listItem, parent.blankLinePending, !parent.children.isEmpty {
            open[open.count - 2].isLoose = true
        }
    }

    /// Records a blank line in the open items it belongs to. A blank line inside a block quote
    /// belongs to the quote, not to the items around it.
    private func markPendingBlankLines() {
        // An item that began empty ends at the first blank line, before it could be marked;
        // its list is the deepest open block then.
        if let list = open.last, list.kind == .list {
            list.children.last?.blankLinePending = true
        }
        for block in open.reversed() {
            if block.kind == .blockQuote {
                break
            }
            if block.kind == .listItem {
                block.blankLinePending = true
            }
        }
    }

    private func clearPendingBlankLines() {
        for block in open where block.kind == .listItem {
            block.blankLinePending = false
        }
    }

    private mutating func closeAll(above index: Int) {
        while open.count > index + 1 {
            closeLast()
        }
    }

    /// Closes the deepest open block, trimming what its kind does not keep. A paragraph gives up
    /// the link reference definitions it starts with, and disappears if that was all it held.
    private mutating func closeLast() {
        let block = open.removeLast()
        if block.kind == .paragraph {
            takeDefinitions(from: block)
            if block.lines.isEmpty, let parent = open.last, parent.children.last === block {
                parent.children.removeLast()
            }
        }
        if block.kind == .indentedCode {
            // Blank lines at the end belong between blocks, not to the code.
            while let last = block.lines.last, isBlank(last) {
                block.lines.removeLast()
            }
        }
    }

    /// Moves the link reference definitions at the start of `paragraph` into ``references``,
    /// removing the lines they took. Only a paragraph starting with `[` is looked at, and the
    /// scanner reads forward only, so this costs O(paragraph) at most once per paragraph.
    private mutating func takeDefinitions(from paragraph: BlockNode) {
        guard readsDefinitions, let first = paragraph.lines.first, first.range.lowerBound < first.range.upperBound,
              source[first.range.lowerBound] == Byte.openBracket else { return }
        var text: [UInt8] = []
        var lineStarts: [Int] = []
        for line in paragraph.lines {
            lineStarts.append(text.count)
            text += source[line.range]
            text.append(Byte.newline)
        }
        var scanner = LinkScanner(text: text)
        var position = 0
        while let definition = scanner.definition(at: position) {
            references.define(label: text[definition.label], target: definition.target)
            position = definition.next
        }
        let taken = lineStarts.prefix { $0 < position }.count
        paragraph.lines.removeFirst(taken)
    }

    private func isBlank(_ slice: LineSlice) -> Bool {
        !source[slice.range].contains { !Byte.isSpaceOrTab($0) }
    }
}
