/// What the sanitizer took out of a note, counted by kind, so the product can say
/// "Removed 1 script, 2 event attributes and 1 unsafe link."
///
/// Re-serialisation is not removal: decoded entities, normalised line breaks, trimmed
/// whitespace, added `rel` values and re-quoted attributes are never counted.
public struct RemovalReport: Sendable, Equatable {
    /// A kind of removed content; the order of the cases is the order of the summary.
    public enum Category: Int, CaseIterable, Sendable {
        /// `<script>` elements, with their content.
        case script
        /// `<style>` elements, with their content.
        case styleElement
        /// `on…` attributes such as `onclick` or `onerror`.
        case eventAttribute
        /// `style` attributes.
        case styleAttribute
        /// Link addresses that were not http, https or mailto (the link text stays).
        case unsafeLink
        /// Images whose address was missing or not https (the whole image goes).
        case unsafeImage
        /// Frames, objects, embeds, applets, audio, video and canvas, with their content.
        case embeddedContent
        /// `<svg>` and `<math>` blocks, with their content.
        case svgOrMath
        /// `<form>` elements, with their content.
        case form
        /// Inputs, buttons, selects, text areas and the like, with their content.
        case formControl
        /// Comments, processing instructions and CDATA sections.
        case comment
        /// Other elements dropped with their content: `template`, `noscript`, `title`, `meta`, …
        case otherElement
        /// Attributes outside the allowlist (`id`, `class`, `target`, malformed `width`, …).
        case otherAttribute
        /// Elements outside the allowlist whose content was kept (`font`, `section`, …).
        case unsupportedTag
        /// Control characters such as NUL.
        case controlCharacter

        /// A stable machine-readable name, used as the JSON key by `sanitize-notes`.
        public var key: String {
            String(describing: self)
        }

        /// The noun for one item.
        public var singular: String {
            switch self {
            case .script: "script"
            case .styleElement: "style block"
            case .eventAttribute: "event attribute"
            case .styleAttribute: "style attribute"
            case .unsafeLink: "unsafe link"
            case .unsafeImage: "image without an https address"
            case .embeddedContent: "embedded frame or object"
            case .svgOrMath: "SVG or MathML block"
            case .form: "form"
            case .formControl: "form control"
            case .comment: "comment"
            case .otherElement: "hidden or page-level element"
            case .otherAttribute: "other attribute"
            case .unsupportedTag: "unsupported tag (content kept)"
            case .controlCharacter: "control character"
            }
        }

        /// The noun for several items.
        public var plural: String {
            switch self {
            case .script: "scripts"
            case .styleElement: "style blocks"
            case .eventAttribute: "event attributes"
            case .styleAttribute: "style attributes"
            case .unsafeLink: "unsafe links"
            case .unsafeImage: "images without an https address"
            case .embeddedContent: "embedded frames or objects"
            case .svgOrMath: "SVG or MathML blocks"
            case .form: "forms"
            case .formControl: "form controls"
            case .comment: "comments"
            case .otherElement: "hidden or page-level elements"
            case .otherAttribute: "other attributes"
            case .unsupportedTag: "unsupported tags (content kept)"
            case .controlCharacter: "control characters"
            }
        }
    }

    // Indexed by `Category.rawValue`; an array keeps the hot path free of hashing.
    private var tally: [Int]

    /// An empty report; combine reports with `merge(_:)`, e.g. for an import summary.
    public init() {
        tally = Array(repeating: 0, count: Category.allCases.count)
    }

    /// A report with the given counts, e.g. read back from a redirect after saving.
    public init(counts: [Category: Int]) {
        self.init()
        for (category, count) in counts where count > 0 { add(category, count: count) }
    }

    /// The non-zero counts, by category.
    public var counts: [Category: Int] {
        Dictionary(uniqueKeysWithValues: Category.allCases.compactMap { self[$0] > 0 ? ($0, self[$0]) : nil })
    }

    /// How many items of `category` were removed.
    public subscript(category: Category) -> Int {
        tally[category.rawValue]
    }

    /// True when nothing was removed.
    public var isEmpty: Bool {
        tally.allSatisfy { $0 == 0 }
    }

    /// The number of removed items of every kind together.
    public var total: Int {
        tally.reduce(0, +)
    }

    /// Adds another note's removals to this one.
    public mutating func merge(_ other: RemovalReport) {
        for index in tally.indices {
            tally[index] += other.tally[index]
        }
    }

    mutating func add(_ category: Category, count: Int = 1) {
        tally[category.rawValue] += count
    }

    /// A plain-English sentence such as "Removed 1 script and 2 event attributes.", or "" when nothing was removed.
    public var summary: String {
        let parts = Category.allCases.compactMap { category -> String? in
            let count = self[category]
            guard count > 0 else { return nil }
            return "\(count) \(count == 1 ? category.singular : category.plural)"
        }
        switch parts.count {
        case 0:
            return ""
        case 1:
            return "Removed \(parts[0])."
        default:
            return "Removed \(parts.dropLast().joined(separator: ", ")) and \(parts.last!)."
        }
    }
}
