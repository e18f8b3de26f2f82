/// A `[` or `![` seen in inline text, and the link or image it became, if any.
struct BracketRecord {
    /// Where a completed link points, with backslash escapes and character references already read.
    struct Target {
        var destination: [UInt8]
        var title: [UInt8]?
    }

    let isImage: Bool
    /// Byte index of the `[` (or `!`) in the paragraph text.
    let position: Int
    /// The last delimiter run created before this bracket: emphasis inside the link text is
    /// processed down to here when the link completes.
    let delimiterBottom: Int
    /// Another bracket was opened after this one while it was open: its text then holds a bracket
    /// and cannot be a reference label, so no lookup is tried (which keeps lookups linear).
    var hasBracketAfter = false
    var target: Target?
}
