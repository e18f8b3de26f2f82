import CLibXML2
import Foundation // strlen
import PlanMarkdown

/// Walks the tree libxml2 built and writes the allowlisted part of it.
///
/// Nothing is copied from the input as markup: element and attribute names come from this
/// module's tables, and everything the note supplied (text, titles, addresses) goes through
/// `HTMLWriter`'s escaping.
struct TreeSanitizer {
    private(set) var writer: HTMLWriter
    private(set) var report = RemovalReport()
    private let maximumDepth: Int
    // Elements written but not yet ended, innermost last. The serial number lets an element
    // tell, when its children are done, whether `endElementsAutoClosed(by:)` already ended it.
    private var openElements: [(element: AllowedElement, serial: Int)] = []
    private var nextSerial = 0

    init(maximumDepth: Int, capacity: Int) {
        self.maximumDepth = maximumDepth
        self.writer = HTMLWriter(capacity: capacity)
    }

    /// Sanitizes every node of `document` in order.
    mutating func sanitize(document: UnsafeMutablePointer<xmlDoc>) throws(NoteSanitizerError) {
        var child = document.pointee.children
        while let current = child {
            try sanitize(current, depth: 0)
            child = current.pointee.next
        }
        while let open = openElements.popLast() {
            writer.endTag(open.element)
        }
    }

    private mutating func sanitizeChildren(of node: UnsafeMutablePointer<xmlNode>, depth: Int) throws(NoteSanitizerError) {
        var child = node.pointee.children
        while let current = child {
            try sanitize(current, depth: depth)
            child = current.pointee.next
        }
    }

    private mutating func sanitize(_ node: UnsafeMutablePointer<xmlNode>, depth: Int) throws(NoteSanitizerError) {
        switch node.pointee.type {
        case XML_TEXT_NODE:
            if let content = node.pointee.content {
                text(UnsafeBufferPointer(start: content, count: cLength(content)), depth: depth)
            }
        case XML_ELEMENT_NODE:
            try sanitizeElement(node, depth: depth)
        case XML_COMMENT_NODE, XML_PI_NODE, XML_CDATA_SECTION_NODE:
            report.add(.comment)
        default:
            break // the doctype libxml2 implies, entity references: nothing a reader sees
        }
    }

    /// Writes text, making links of the bare http(s) addresses in it (as the Markdown converter
    /// does), except inside a link or code, or where a link would nest deeper than the limit.
    private mutating func text(_ content: UnsafeBufferPointer<UInt8>, depth: Int) {
        let linking = depth < maximumDepth && !openElements.contains { $0.element == .a || $0.element == .code || $0.element == .pre }
        let links = linking && content.contains(UInt8(ascii: ":")) ? BareLinks.ranges(in: Array(content)) : []
        var written = 0
        for link in links {
            let address = UnsafeBufferPointer(rebasing: content[link])
            guard let url = URLPolicy.link(address) else { continue }
            writer.text(UnsafeBufferPointer(rebasing: content[written..<link.lowerBound]))
            writer.beginStartTag(.a)
            writer.attribute("href", url.bytes)
            writer.attribute("rel", "noopener noreferrer nofollow")
            writer.endStartTag()
            writer.text(address)
            writer.endTag(.a)
            written = link.upperBound
        }
        writer.text(UnsafeBufferPointer(rebasing: content[written...]))
    }

    private mutating func sanitizeElement(_ node: UnsafeMutablePointer<xmlNode>, depth: Int) throws(NoteSanitizerError) {
        switch ElementRule.forName(node.pointee.name) {
        case .structural:
            countDangerousAttributes(of: node)
            try sanitizeChildren(of: node, depth: depth)
        case let .drop(category):
            report.add(category)
        case let .dropVoid(category):
            report.add(category)
            try sanitizeChildren(of: node, depth: depth)
        case .unwrap:
            try checkDepth(depth + 1)
            report.add(.unsupportedTag)
            countDangerousAttributes(of: node)
            try sanitizeChildren(of: node, depth: depth + 1)
        case let .keep(element):
            try checkDepth(depth + 1)
            try keep(element, node, depth: depth + 1)
        }
    }

    private func checkDepth(_ depth: Int) throws(NoteSanitizerError) {
        if depth > maximumDepth {
            throw .nestedTooDeeply(limit: maximumDepth)
        }
    }

    private mutating func keep(_ element: AllowedElement, _ node: UnsafeMutablePointer<xmlNode>, depth: Int) throws(NoteSanitizerError) {
        if element == .img, !hasAllowedImageSource(node) {
            report.add(.unsafeImage)
            countDangerousAttributes(of: node)
            return
        }
        if element == .input, !isCheckbox(node) {
            report.add(.formControl)
            countDangerousAttributes(of: node)
            return
        }
        if element == .a, !hasSafeLink(node) {
            // A link with no address left is its text: kept, it would look like a link and go nowhere.
            if has(.href, in: node) { report.add(.unsafeLink) }
            countDangerousAttributes(of: node)
            try sanitizeChildren(of: node, depth: depth)
            return
        }
        endElementsAutoClosed(by: element)
        writer.beginStartTag(element)
        if writeAllowedAttributes(of: element, node) {
            writer.attribute("rel", "noopener noreferrer nofollow")
        }
        writer.endStartTag()

        if element.isVoid {
            // libxml2 gives void elements no children; should one ever have some, they are
            // written as following siblings rather than lost.
            try sanitizeChildren(of: node, depth: depth)
            return
        }
        let serial = nextSerial
        nextSerial += 1
        openElements.append((element, serial))
        try sanitizeChildren(of: node, depth: depth)
        if openElements.last?.serial == serial {
            writer.endTag(element)
            openElements.removeLast()
        }
    }

    private mutating func endElementsAutoClosed(by element: AllowedElement) {
        while let open = openElements.last, AutoCloseTable.closes(open.element, whenOpening: element) {
            writer.endTag(open.element)
            openElements.removeLast()
        }
    }

    // MARK: - Attributes

    /// Writes the allowed attributes in their original order (a checkbox's in a fixed form) and
    /// counts the ones dropped. Returns true for a link that leaves PlanBoard (it then gets a `rel`).
    private mutating func writeAllowedAttributes(of element: AllowedElement, _ node: UnsafeMutablePointer<xmlNode>) -> Bool {
        var isExternalLink = false
        var isChecked = false
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard let rawName = current.pointee.name, let name = NameKey(rawName) else {
                report.add(.otherAttribute)
                continue
            }
            guard let rule = element.attributeRule(for: name) else {
                report.add(Self.category(ofDropped: name))
                continue
            }
            switch rule {
            case .linkAddress:
                Self.withValue(of: current) { value in
                    if let url = URLPolicy.link(value) {
                        writer.attribute("href", url.bytes)
                        isExternalLink = url.scheme.isExternal
                    } else {
                        report.add(.unsafeLink)
                    }
                }
            case .replacedByOwnRel:
                break
            case .imageAddress:
                // Known to be allowed: hasAllowedImageSource has been asked already.
                Self.withValue(of: current) { value in
                    if let url = URLPolicy.imageSource(value) {
                        writer.attribute("src", url.bytes)
                    }
                }
            case .text:
                Self.withValue(of: current) { writer.attribute(name == .alt ? "alt" : "title", $0) }
            case .number(let attributeName):
                Self.withValue(of: current) { value in
                    if let number = Self.digits(value) {
                        writer.attribute(attributeName, number)
                    } else {
                        report.add(.otherAttribute)
                    }
                }
            case .scope:
                writeKeyword(current, as: "scope", Self.scope)
            case .alignment:
                writeKeyword(current, as: "align", Self.alignment)
            case .checkbox:
                if name == .checked { isChecked = true }
            }
        }
        if element == .input {
            writer.attribute("type", "checkbox")
            if isChecked { writer.attribute("checked", "") }
            writer.attribute("disabled", "")
        }
        return isExternalLink
    }

    /// Writes an attribute whose value must be one of a few keywords, or counts it as removed.
    private mutating func writeKeyword(
        _ attribute: UnsafeMutablePointer<xmlAttr>, as name: StaticString,
        _ keyword: (UnsafeBufferPointer<UInt8>) -> StaticString?
    ) {
        Self.withValue(of: attribute) { value in
            if let allowed = keyword(value) {
                writer.attribute(name, allowed)
            } else {
                report.add(.otherAttribute)
            }
        }
    }

    /// An input is kept only when its `type` is `checkbox` (in any letter case, but not padded:
    /// a browser reads `"checkbox "` as a text field).
    private func isCheckbox(_ node: UnsafeMutablePointer<xmlNode>) -> Bool {
        has(.type, in: node) { value in
            value.count == 8 && zip(value, "checkbox".utf8).allSatisfy { $0 | 0x20 == $1 }
        }
    }

    private func hasAllowedImageSource(_ node: UnsafeMutablePointer<xmlNode>) -> Bool {
        has(.src, in: node) { URLPolicy.imageSource($0) != nil }
    }

    private func hasSafeLink(_ node: UnsafeMutablePointer<xmlNode>) -> Bool {
        has(.href, in: node) { URLPolicy.link($0) != nil }
    }

    /// Whether the element has the attribute and its (first) value passes `test`.
    private func has(
        _ name: NameKey, in node: UnsafeMutablePointer<xmlNode>,
        where test: (UnsafeBufferPointer<UInt8>) -> Bool = { _ in true }
    ) -> Bool {
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            if let rawName = current.pointee.name, NameKey(rawName) == name {
                return Self.withValue(of: current, test)
            }
        }
        return false
    }

    /// For elements that are not written: their event and style attributes are still worth
    /// reporting (`<img src=x onerror=…>` should say "event attribute"); other attributes go
    /// with the element without comment.
    private mutating func countDangerousAttributes(of node: UnsafeMutablePointer<xmlNode>) {
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard let rawName = current.pointee.name, let name = NameKey(rawName) else { continue }
            let category = Self.category(ofDropped: name)
            if category != .otherAttribute {
                report.add(category)
            }
        }
    }

    private static func category(ofDropped name: NameKey) -> RemovalReport.Category {
        if name.isEventHandlerName { return .eventAttribute }
        if name == .style { return .styleAttribute }
        return .otherAttribute
    }

    /// A non-negative whole number of at most six digits (surrounding spaces dropped), or nil.
    private static func digits(_ value: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        let trimmed = trimmingASCIIWhitespace(value)
        guard (1...6).contains(trimmed.count), trimmed.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return trimmed
    }

    /// One of the four values `th[scope]` may take, case-insensitively.
    private static func scope(_ value: UnsafeBufferPointer<UInt8>) -> StaticString? {
        switch lowercasedKeyword(value) {
        case "row": "row"
        case "col": "col"
        case "rowgroup": "rowgroup"
        case "colgroup": "colgroup"
        default: nil
        }
    }

    /// One of the three values `th[align]` and `td[align]` may take, case-insensitively.
    private static func alignment(_ value: UnsafeBufferPointer<UInt8>) -> StaticString? {
        switch lowercasedKeyword(value) {
        case "left": "left"
        case "center": "center"
        case "right": "right"
        default: nil
        }
    }

    /// A keyword attribute's value, trimmed and ASCII-lowercased.
    private static func lowercasedKeyword(_ value: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: trimmingASCIIWhitespace(value).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func trimmingASCIIWhitespace(_ value: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var slice = value[...]
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return slice
    }

    /// Calls `body` with the attribute's value as UTF-8; libxml2 has already decoded character
    /// references in it. The bytes are only valid during the call.
    private static func withValue<Result>(
        of attribute: UnsafeMutablePointer<xmlAttr>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard let first = attribute.pointee.children else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        if first.pointee.next == nil, first.pointee.type == XML_TEXT_NODE, let content = first.pointee.content {
            return body(UnsafeBufferPointer(start: content, count: cLength(content)))
        }
        // Several child nodes (not produced by the HTML parser today): let libxml2 join them.
        guard let joined = xmlNodeListGetString(attribute.pointee.doc, first, 1) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        defer { planboard_xmlFree(joined) }
        return body(UnsafeBufferPointer(start: joined, count: cLength(joined)))
    }
}

private func cLength(_ string: UnsafePointer<UInt8>) -> Int {
    strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self))
}
