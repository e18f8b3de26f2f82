/// Options for ``Markdown/html(from:configuration:)``.
///
/// The defaults suit Trello card descriptions; tests use the options to reach limits with small inputs.
public struct MarkdownConfiguration: Sendable, Equatable {
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

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - maximumNestingDepth: the deepest nesting of block quotes and list items; clamped to `1...64`.
    ///   - maximumEmphasisDepth: the deepest nesting of emphasis-like elements; at least 0.
    ///   - linksBareURLs: whether bare `http://` and `https://` addresses become links.
    public init(maximumNestingDepth: Int = 32, maximumEmphasisDepth: Int = 32, linksBareURLs: Bool = true) {
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumEmphasisDepth = maximumEmphasisDepth
        self.linksBareURLs = linksBareURLs
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
