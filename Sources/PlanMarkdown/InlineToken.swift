/// One piece of a paragraph's inline content, in text order, as produced by ``InlineParser``.
///
/// Tokens refer to the paragraph text by byte range; delimiters and brackets refer to records whose
/// outcome (which tags a `*` run opens, whether a `[` became a link) is only known once later text
/// has been read. Rendering is a single pass over the tokens.
enum InlineToken {
    /// Literal text, escaped on output.
    case text(Range<Int>)
    /// A newline inside the paragraph.
    case lineBreak
    /// The content of a code span, between its backtick runs.
    case code(Range<Int>)
    /// An address between `<` and `>`, or a bare `http(s)://` address.
    case autolink(Range<Int>, isEmail: Bool)
    /// A run of `*`, `_` or `~`; the index is into ``DelimiterStack/runs``.
    case delimiter(Int)
    /// A `[` or `![`; the index is into ``InlineParser/brackets``.
    case bracketOpen(Int)
    /// The `](…)` that completed the link or image whose record has this index.
    case bracketClose(Int)
}
