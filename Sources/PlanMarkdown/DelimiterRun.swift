/// A run of `*`, `_` or `~` that may open or close emphasis, with the tags it received.
///
/// Plain data (the tag lists live in the stack's shared `tags` array), so that copying a run in
/// the matching loop costs no reference counting.
struct DelimiterRun {
    /// The element a matched pair of runs produces.
    enum Tag {
        case emphasis
        case strong
        case strikethrough

        var name: StaticString {
            switch self {
            case .emphasis: "em"
            case .strong: "strong"
            case .strikethrough: "del"
            }
        }
    }

    let byte: UInt8
    /// Length of the run as written; the "rule of three" looks at this.
    let originalCount: Int
    /// Characters not yet used by a match; they are output as literal text.
    var count: Int
    let canOpen: Bool
    let canClose: Bool
    /// Neighbours in the list of runs still available for matching (-1 for none).
    var previous: Int
    var next: Int
    /// Tags opened by this run's last characters: the first entry of a list in
    /// ``DelimiterStack/tags`` that runs from the outermost tag inwards (-1 for none).
    var openTags = -1
    /// Tags closed by this run's first characters: first and last entries of a list that runs
    /// from the innermost tag outwards (-1 for none).
    var closeTags = -1
    var lastCloseTag = -1
}
