/// Where PlanMarkdown deliberately renders a spec example differently from the reference
/// renderers, each with its reason; README's Markdown section shows the same table. The spec
/// tests fail when a listed example passes or an unlisted one fails, so these lists stay true.
enum SpecDeviations {
    struct Deviation: Sendable {
        let reason: String
        let examples: [Int]
    }

    /// The kinds of cmark-gfm's examples that belong to its extensions (`disabled` marks the task
    /// list examples, which cmark-gfm's own run leaves out).
    static let gfmExtensionKinds: Set<String> = ["table", "strikethrough", "autolink", "tagfilter", "disabled"]

    static let lineBreaks = Deviation(
        reason: "a line break stays a line break (<br />), as people type notes and as Trello shows them",
        examples: [
            14, 25, 28, 37, 46, 49, 70, 81, 82, 87, 88, 93, 95, 104, 105, 106, 113, 138, 145, 213, 216, 217,
            220, 222, 223, 224, 228, 229, 230, 232, 233, 238, 243, 247, 250, 251, 253, 254, 285, 286, 287,
            288, 290, 291, 292, 293, 304, 312, 334, 367, 384, 394, 405, 423, 432, 490, 505, 543, 552, 556,
            587, 621, 648, 649,
        ])

    static let rawHTML = Deviation(
        reason: "raw HTML is shown as typed, never passed through (and the sanitizer would drop most of it)",
        examples: [21, 31] + Array(148...191) + [
            201, 308, 309, 344, 475, 476, 477, 491, 494, 524, 536, 613, 614, 615, 616, 617, 623, 625, 626,
            627, 628, 629, 630, 631, 642, 643,
        ])

    static let twoSpaceNesting = Deviation(
        reason: "a list marker two columns in from its item's marker nests, as Trello users type lists",
        examples: [297, 311, 313])

    static let bareLinks = Deviation(
        reason: "bare web and e-mail addresses become links (GitHub's extension, on for notes)",
        examples: [608, 611, 612])

    static let commonMark: [Deviation] = [lineBreaks, rawHTML, twoSpaceNesting, bareLinks]

    static let gfm: [Deviation] = [
        Deviation(reason: lineBreaks.reason, examples: [203]),
        Deviation(reason: "ftp:// addresses are not linked: notes link only http, https and mailto", examples: [628]),
        Deviation(reason: rawHTML.reason + "; so the tag filter has nothing to filter", examples: [652]),
    ]
}
