/// A `[` or `![` seen in inline text, and the link or image it became, if any.
struct BracketRecord {
    /// Where a completed link points; ranges are into the paragraph text and still contain
    /// backslash escapes, which are resolved when the attribute is written.
    struct Target {
        var destination: Range<Int>
        var title: Range<Int>?
    }

    let isImage: Bool
    /// Byte index of the `[` (or `!`) in the paragraph text.
    let position: Int
    /// The last delimiter run created before this bracket: emphasis inside the link text is
    /// processed down to here when the link completes.
    let delimiterBottom: Int
    var target: Target?
}
