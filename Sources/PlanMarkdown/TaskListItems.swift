/// One item of a task list (`- [ ] buy milk`, `- [x] call Ann`) in a Markdown text.
///
/// Items are counted in the order their checkboxes appear in the HTML, which is the order of their
/// markers in the text: the checkbox number *n* of a rendered note is `taskListItems(in:)[n]`.
public struct TaskListItem: Sendable, Equatable {
    /// The UTF-8 offset, in the text as given, of the item's `[`; the mark (` `, `x` or `X`) is the
    /// next byte.
    public let markerOffset: Int
    /// Whether the mark is `x` or `X`.
    public let isChecked: Bool

    public init(markerOffset: Int, isChecked: Bool) {
        self.markerOffset = markerOffset
        self.isChecked = isChecked
    }
}

extension Markdown {
    /// The task list items of `text`, read as ``html(from:configuration:)`` reads it, in the order
    /// of their checkboxes in its output.
    public static func taskListItems(in text: String, configuration: MarkdownConfiguration = .notes) -> [TaskListItem] {
        let source = SourceText.normalizedBytes(of: text)
        var parser = BlockParser(source: source, maximumDepth: configuration.effectiveNestingDepth,
                                 readsDefinitions: configuration.linkReferenceDefinitions)
        let found = TaskListItems.markers(in: parser.parse(), source: source)
        let offsets = SourceText.originalOffsets(of: found.map(\.offset), in: text)
        return zip(offsets, found).map { TaskListItem(markerOffset: $0, isChecked: $1.isChecked) }
    }

    /// `text` with its task list item number `index` (counted as ``taskListItems(in:configuration:)``
    /// counts) ticked or unticked: only that item's mark changes, to `x` or a space. Nil when the
    /// text has no such item.
    public static func settingTaskListItem(
        _ index: Int, checked: Bool, in text: String, configuration: MarkdownConfiguration = .notes
    ) -> String? {
        let items = taskListItems(in: text, configuration: configuration)
        guard items.indices.contains(index) else { return nil }
        var bytes = Array(text.utf8)
        bytes[items[index].markerOffset + 1] = checked ? 0x78 : Byte.space
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Finds task list markers in the block tree; the renderer and ``Markdown/taskListItems(in:configuration:)``
/// both ask here, so they agree on which items are tasks.
enum TaskListItems {
    /// The marker of a list item whose first block is a paragraph starting with `[ ]`, `[x]` or
    /// `[X]` and a space or tab: its offset in the source, its state, and where the item's text
    /// starts after it.
    static func marker(of item: BlockNode, in source: [UInt8]) -> (offset: Int, isChecked: Bool, textStart: Int)? {
        guard item.kind == .listItem, let first = item.children.first, first.kind == .paragraph,
              let line = first.lines.first?.range, line.count >= 4 else { return nil }
        let start = line.lowerBound
        let mark = source[start + 1]
        guard source[start] == Byte.openBracket, mark == Byte.space || mark | 0x20 == 0x78,
              source[start + 2] == Byte.closeBracket, Byte.isSpaceOrTab(source[start + 3]) else { return nil }
        var textStart = start + 3
        while textStart < line.upperBound, Byte.isSpaceOrTab(source[textStart]) {
            textStart += 1
        }
        return (start, mark != Byte.space, textStart)
    }

    /// Every task list marker under `root`, in document order. The walk keeps its own stack, so
    /// nesting costs no recursion.
    static func markers(in root: BlockNode, source: [UInt8]) -> [(offset: Int, isChecked: Bool)] {
        var found: [(offset: Int, isChecked: Bool)] = []
        var stack: [BlockNode] = [root]
        while let node = stack.popLast() {
            if let marker = marker(of: node, in: source) {
                found.append((marker.offset, marker.isChecked))
            }
            stack.append(contentsOf: node.children.reversed())
        }
        return found
    }
}
