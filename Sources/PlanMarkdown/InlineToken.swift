/// One piece of a paragraph's inline content, in text order, as produced by ``InlineParser``.
///
/// Tokens refer to the paragraph text by byte range; delimiters and brackets refer to records whose
/// outcome (which tags a `*` run opens, whether a `[` became a link) is only known once later text
/// has been read. Rendering is a single pass over the tokens.
enum InlineToken {
    /// How an autolink was written, which decides its address.
    enum AutolinkKind {
        /// `<scheme:…>`: the address as written, character references read.
        case angle
        /// `<user@host>` or a bare `user@host.example`: `mailto:` and the address.
        case email
        /// A bare `http://` or `https://` address.
        case bare
        /// A bare `www.` address: `http://` and the address.
        case www
    }

    /// Literal text, escaped on output.
    case text(Range<Int>)
    /// The characters of a character reference; the range is into ``InlineParser/decoded``.
    case characters(Range<Int>)
    /// A newline inside the paragraph.
    case lineBreak
    /// The content of a code span, between its backtick runs.
    case code(Range<Int>)
    /// An address between `<` and `>`, or a bare address.
    case autolink(Range<Int>, kind: AutolinkKind)
    /// A run of `*`, `_` or `~`; the index is into ``DelimiterStack/runs``.
    case delimiter(Int)
    /// A `[` or `![`; the index is into ``InlineParser/brackets``.
    case bracketOpen(Int)
    /// The `](…)` (or reference) that completed the link or image whose record has this index.
    case bracketClose(Int)
}
