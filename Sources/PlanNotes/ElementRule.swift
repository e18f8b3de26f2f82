/// What the sanitizer does with an element, looked up by name.
enum ElementRule: Sendable {
    /// Written out, with its allowed attributes and its children.
    case keep(AllowedElement)
    /// Not written, children kept; counted as an unsupported tag.
    case unwrap
    /// The document scaffolding libxml2 adds (`html`, `body`): not written, children kept, not counted.
    case structural
    /// Removed with everything inside it, counted under the category.
    case drop(RemovalReport.Category)
    /// Removed, but its children are kept as following content: for elements that are void
    /// in HTML5 but unknown to libxml2 2.9, which nests everything after `<embed>` inside it.
    /// A browser would not, so that content is the note's, not the element's.
    case dropVoid(RemovalReport.Category)

    /// The rule for an element name from libxml2; unknown names are unwrapped.
    static func forName(_ name: UnsafePointer<UInt8>?) -> ElementRule {
        guard let name, let key = NameKey(name), let rule = table[key] else { return .unwrap }
        return rule
    }

    /// Elements removed together with their content.
    ///
    /// Raw-text and foreign-content elements are here because libxml2 parses them differently
    /// from a browser (it reads `<noscript>`, `<textarea>`, `<xmp>`, `<svg>` content as ordinary
    /// markup); keeping any of it would mean trusting libxml2's reading. `label`, `fieldset`,
    /// `legend`, `picture`, `details`, `dialog` and the like are unwrapped instead: their text is
    /// ordinary prose and their attributes are dropped.
    static let droppedWithContent: [RemovalReport.Category: [String]] = [
        .script: ["script"],
        .styleElement: ["style"],
        .embeddedContent: [
            "iframe", "frame", "frameset", "object", "applet", "param", "audio", "video", "canvas",
            "bgsound", "portal", "fencedframe",
        ],
        .svgOrMath: ["svg", "math"],
        .form: ["form"],
        // `input` is allowed as a disabled checkbox (AllowedElement); any other input is dropped
        // as a form control when it is met.
        .formControl: [
            "button", "select", "option", "optgroup", "textarea", "datalist", "output",
            "isindex", "selectedcontent",
        ],
        .otherElement: [
            "template", "noscript", "title", "xmp", "noembed", "noframes", "plaintext", "head",
            "base", "meta", "link", "map", "area", "slot",
        ],
    ]

    private static let table: [NameKey: ElementRule] = {
        var table: [NameKey: ElementRule] = [:]
        for element in AllowedElement.allCases {
            table[NameKey(element.name)] = .keep(element)
        }
        for (category, names) in droppedWithContent {
            for name in names {
                table[NameKey(name)] = .drop(category)
            }
        }
        for name in ["embed", "source", "track"] {
            table[NameKey(name)] = .dropVoid(.embeddedContent)
        }
        table[NameKey("keygen")] = .dropVoid(.formControl)
        table[NameKey("html")] = .structural
        table[NameKey("body")] = .structural
        return table
    }()
}
