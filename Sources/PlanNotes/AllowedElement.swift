/// The allow-list of sanitized notes, in one place: the elements that may appear, and for each
/// the attributes it may keep and what their values must be. Every other element is dropped or
/// unwrapped (`ElementRule` says which), every other attribute dropped and counted.
///
/// Headings `h1`–`h6`; `p`, `br`, `hr`, `div`, `span`; lists `ul`, `ol`, `li`; inline
/// `strong`, `b`, `em`, `i`, `u`, `s`, `del`, `ins`, `sub`, `sup`, `mark`, `small`, `code`, `kbd`;
/// blocks `pre`, `blockquote`; tables `table`, `caption`, `thead`, `tbody`, `tfoot`, `tr`, `th`,
/// `td`; links `a`, images `img`, and the disabled checkbox of a task list item (`input`, only
/// as `type="checkbox"`). Their attributes are in ``attributeRule(for:)``.
enum AllowedElement: Int, CaseIterable, Sendable {
    case h1, h2, h3, h4, h5, h6
    case p, br, hr, div, span
    case ul, ol, li
    case strong, b, em, i, u, s, del, ins, sub, sup, mark, small, code, kbd
    case pre, blockquote
    case table, caption, thead, tbody, tfoot, tr, th, td
    case a, img
    case input

    /// What an allowed attribute's value must be, and how it is written.
    enum AttributeRule: Sendable {
        /// `a[href]`: an address `URLPolicy.link` accepts, written as it cleans it.
        case linkAddress
        /// `img[src]`: an address `URLPolicy.imageSource` accepts (checked before the element is kept).
        case imageAddress
        /// `title`, `alt`: any text.
        case text
        /// `width`, `height`, `start`, `colspan`, `rowspan`: a whole number of at most six digits.
        case number(StaticString)
        /// `th[scope]`: `row`, `col`, `rowgroup` or `colgroup`.
        case scope
        /// `th[align]`, `td[align]`: `left`, `center` or `right`, as Markdown tables write them.
        case alignment
        /// `a[rel]`: replaced by PlanBoard's own `rel` on links that leave it, so not counted as removed.
        case replacedByOwnRel
        /// `input[type]`, `input[checked]`, `input[disabled]`: an input is kept only as a checkbox
        /// (checked before the element is kept) and is written as `type="checkbox"`, `checked=""`
        /// when the note had it ticked, and always `disabled=""`, so it can never be an active control.
        case checkbox
    }

    /// The rule for attribute `name` on this element; nil for an attribute it may not keep.
    func attributeRule(for name: NameKey) -> AttributeRule? {
        switch (self, name) {
        case (.a, .href): .linkAddress
        case (.a, .rel): .replacedByOwnRel
        case (.img, .src): .imageAddress
        case (.a, .title), (.img, .title), (.img, .alt): .text
        case (.img, .width): .number("width")
        case (.img, .height): .number("height")
        case (.ol, .start): .number("start")
        case (.th, .colspan), (.td, .colspan): .number("colspan")
        case (.th, .rowspan), (.td, .rowspan): .number("rowspan")
        case (.th, .scope): .scope
        case (.th, .align), (.td, .align): .alignment
        case (.input, .type), (.input, .checked), (.input, .disabled): .checkbox
        default: nil
        }
    }

    /// The tag name as written in HTML.
    var name: String {
        String(describing: self)
    }

    /// Void elements have no end tag and no content.
    var isVoid: Bool {
        switch self {
        case .br, .hr, .img, .input: true
        default: false
        }
    }

    /// Elements that start a new line when read as plain text.
    var isBlock: Bool {
        switch self {
        case .h1, .h2, .h3, .h4, .h5, .h6, .p, .br, .hr, .div, .ul, .ol, .li, .pre, .blockquote,
             .table, .caption, .thead, .tbody, .tfoot, .tr, .th, .td:
            true
        default:
            false
        }
    }

    /// The element with this tag name, if it is allowed.
    init?(name: some StringProtocol) {
        guard let element = Self.byName[String(name)] else { return nil }
        self = element
    }

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    // Written once so the serializer copies bytes instead of building strings per tag.
    static let openingBytes: [[UInt8]] = allCases.map { Array("<\($0.name)".utf8) }
    static let closingBytes: [[UInt8]] = allCases.map { Array("</\($0.name)>".utf8) }
}

extension NameKey {
    static let href = NameKey("href")
    static let rel = NameKey("rel")
    static let title = NameKey("title")
    static let src = NameKey("src")
    static let alt = NameKey("alt")
    static let width = NameKey("width")
    static let height = NameKey("height")
    static let start = NameKey("start")
    static let colspan = NameKey("colspan")
    static let rowspan = NameKey("rowspan")
    static let scope = NameKey("scope")
    static let align = NameKey("align")
    static let type = NameKey("type")
    static let checked = NameKey("checked")
    static let disabled = NameKey("disabled")
    static let style = NameKey("style")
}
