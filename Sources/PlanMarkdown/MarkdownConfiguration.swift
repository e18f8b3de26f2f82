/// Options for ``Markdown/html(from:configuration:)``.
///
/// One renderer reads two flavours: ``notes`` (the default: notes typed in PlanBoard) and ``trello``
/// (card descriptions imported from Trello, read the way Trello shows them). Tests use the other
/// options to reach limits with small inputs.
public struct MarkdownConfiguration: Sendable, Equatable {
    /// Notes typed in PlanBoard: CommonMark with GitHub's extensions, reference links included.
    public static let notes = MarkdownConfiguration()

    /// Trello card descriptions: as ``notes``, except that `[label]: url` lines are text, as Trello
    /// shows them, rather than definitions that vanish from the note.
    public static let trello = MarkdownConfiguration(linkReferenceDefinitions: false)

    /// The deepest nesting of block quotes and list items that is honoured (default 32).
    ///
    /// Markers past this depth are kept as paragraph text, so deeply nested input is flattened rather
    /// than refused. Values are clamped to `1...64`, which bounds the renderer's recursion.
    public var maximumNestingDepth: Int

    /// The deepest nesting of emphasis, strong and strikethrough inside one another (default 32).
    ///
    /// Pairs nested deeper are written as the `*`, `_` or `~` characters typed, so a run of
    /// hundreds of `*` around a word stays text rather than hundreds of nested elements.
    public var maximumEmphasisDepth: Int

    /// Whether bare `http://` and `https://` addresses in text become links (default `true`).
    public var linksBareURLs: Bool

    /// Whether `[label]: url` lines define links for `[text][label]`, `[label][]` and `[label]`
    /// (default `true`); when `false` they are ordinary text.
    public var linkReferenceDefinitions: Bool

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - maximumNestingDepth: the deepest nesting of block quotes and list items; clamped to `1...64`.
    ///   - maximumEmphasisDepth: the deepest nesting of emphasis-like elements; at least 0.
    ///   - linksBareURLs: whether bare `http://` and `https://` addresses become links.
    ///   - linkReferenceDefinitions: whether `[label]: url` lines define reference links.
    public init(
        maximumNestingDepth: Int = 32, maximumEmphasisDepth: Int = 32, linksBareURLs: Bool = true,
        linkReferenceDefinitions: Bool = true
    ) {
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumEmphasisDepth = maximumEmphasisDepth
        self.linksBareURLs = linksBareURLs
        self.linkReferenceDefinitions = linkReferenceDefinitions
    }

    /// The nesting depth actually used: the renderer recurses once per level, so a caller's huge
    /// value must not translate into a deep native stack.
    var effectiveNestingDepth: Int {
        min(max(maximumNestingDepth, 1), 64)
    }

    var effectiveEmphasisDepth: Int {
        max(maximumEmphasisDepth, 0)
    }
}
