/// The elements that may appear in sanitized notes; every other element is dropped or unwrapped.
///
/// Headings `h1`–`h6`; `p`, `br`, `hr`, `div`, `span`; lists `ul`, `ol`, `li`; inline
/// `strong`, `b`, `em`, `i`, `u`, `s`, `del`, `ins`, `sub`, `sup`, `mark`, `small`, `code`, `kbd`;
/// blocks `pre`, `blockquote`; tables `table`, `caption`, `thead`, `tbody`, `tfoot`, `tr`, `th`,
/// `td`; links `a` and images `img`. Their attributes are decided in `AttributePolicy`.
enum AllowedElement: Int, CaseIterable, Sendable {
    case h1, h2, h3, h4, h5, h6
    case p, br, hr, div, span
    case ul, ol, li
    case strong, b, em, i, u, s, del, ins, sub, sup, mark, small, code, kbd
    case pre, blockquote
    case table, caption, thead, tbody, tfoot, tr, th, td
    case a, img

    /// The tag name as written in HTML.
    var name: String {
        String(describing: self)
    }

    /// Void elements have no end tag and no content.
    var isVoid: Bool {
        switch self {
        case .br, .hr, .img: true
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
