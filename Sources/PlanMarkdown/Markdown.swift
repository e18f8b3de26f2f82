/// Converts Markdown — notes typed in PlanBoard and Trello card descriptions — into HTML fragments:
/// CommonMark with GitHub's tables, strikethrough, autolinks and task lists, read in the flavour a
/// ``MarkdownConfiguration`` names. Where it deliberately differs from CommonMark is listed, with
/// each difference's spec examples, in the spec tests (`Tests/PlanMarkdownTests/Spec`).
///
/// The converter is built for untrusted input:
/// - it never traps and never throws: anything it cannot read as Markdown is written as escaped text;
/// - its running time grows linearly with the input (no backtracking), including inputs built to
///   defeat other parsers, such as thousands of `[` or `*` in a row;
/// - nesting of block quotes and list items is bounded by
///   ``MarkdownConfiguration/maximumNestingDepth`` (deeper markers stay as text), so nothing recurses
///   without a bound;
/// - the output is well-formed: every element it opens is closed in order, void elements are written
///   as `<br />`, `<hr />` and `<img … />`, and only the entities `&amp;`, `&lt;`, `&gt;` and `&quot;`
///   are produced.
///
/// Raw HTML in the Markdown is **escaped**, never passed through: `<b>hi</b>` is shown as those
/// characters. That is what Trello itself does with card descriptions, and it keeps the output
/// well-formed whatever the input. The result is still meant to go through the HTML sanitizer.
///
/// Single newlines inside a paragraph become `<br />`, because Trello shows them as line breaks.
public enum Markdown {
    /// Converts `text` to an HTML fragment using the default ``MarkdownConfiguration``.
    ///
    /// - Parameter text: Markdown source; any string is accepted.
    /// - Returns: HTML, one block element per line group, ending with a newline (empty for an input
    ///   without content).
    public static func html(from text: String) -> String {
        html(from: text, configuration: MarkdownConfiguration())
    }

    /// Converts `text` to an HTML fragment using `configuration`.
    ///
    /// - Parameters:
    ///   - text: Markdown source; any string is accepted.
    ///   - configuration: limits and optional syntax.
    /// - Returns: HTML, one block element per line group, ending with a newline (empty for an input
    ///   without content).
    public static func html(from text: String, configuration: MarkdownConfiguration) -> String {
        let source = SourceText.normalizedBytes(of: text)
        var parser = BlockParser(source: source, maximumDepth: configuration.effectiveNestingDepth,
                                 readsDefinitions: configuration.linkReferenceDefinitions)
        let document = parser.parse()
        var renderer = HTMLRenderer(source: source, configuration: configuration, references: parser.references)
        renderer.render(document)
        return renderer.output.string
    }
}
