/// Options for ``Markdown/html(from:configuration:)``.
///
/// The defaults suit Trello card descriptions; tests use the options to reach limits with small inputs.
public struct MarkdownConfiguration: Sendable, Equatable {
    /// The deepest nesting of block quotes and list items that is honoured (default 32).
    ///
    /// Markers past this depth are kept as paragraph text, so deeply nested input is flattened rather
    /// than refused. Values are clamped to `1...64`, which bounds the renderer's recursion.
    public var maximumNestingDepth: Int

    /// Whether bare `http://` and `https://` addresses in text become links (default `true`).
    public var linksBareURLs: Bool

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - maximumNestingDepth: the deepest nesting of block quotes and list items; clamped to `1...64`.
    ///   - linksBareURLs: whether bare `http://` and `https://` addresses become links.
    public init(maximumNestingDepth: Int = 32, linksBareURLs: Bool = true) {
        self.maximumNestingDepth = maximumNestingDepth
        self.linksBareURLs = linksBareURLs
    }

    /// The nesting depth actually used: the renderer recurses once per level, so a caller's huge
    /// value must not translate into a deep native stack.
    var effectiveNestingDepth: Int {
        min(max(maximumNestingDepth, 1), 64)
    }
}
