import CLibXML2

/// Which allowed elements libxml2 closes by itself when another allowed element starts inside them.
///
/// libxml2 follows HTML 4's optional end tags: `<p><ul>` ends the paragraph, `<b><p>` ends the
/// bold. Unwrapping can produce such a pair from a tree where it was harmless (a `<p>` around an
/// unwrapped `<section>` around another `<p>`); written out naively, the next parse would build
/// a different tree and sanitizing would not be idempotent. The writer therefore ends the outer
/// element itself, exactly where libxml2 would.
///
/// The table is measured from the installed libxml2 (one tiny parse per pair, a few
/// milliseconds once) rather than copied from its source, so it cannot drift from the parser
/// actually in use.
enum AutoCloseTable {
    /// True when libxml2 would end an open `outer` on reading the start tag of `inner`.
    static func closes(_ outer: AllowedElement, whenOpening inner: AllowedElement) -> Bool {
        table[outer.rawValue * AllowedElement.allCases.count + inner.rawValue]
    }

    private static let table: [Bool] = {
        let elements = AllowedElement.allCases
        var table = [Bool](repeating: false, count: elements.count * elements.count)
        for outer in elements where !outer.isVoid {
            for inner in elements {
                let markup = Array("<body><\(outer.name)><\(inner.name)>".utf8)
                let nested = try? LibXML2.withDocument(parsing: markup, options: .sanitizer) { document in
                    isNested(inner, in: outer, document: document)
                }
                table[outer.rawValue * elements.count + inner.rawValue] = (nested == false)
            }
        }
        return table
    }()

    /// Looks for html > body > outer > inner.
    private static func isNested(_ inner: AllowedElement, in outer: AllowedElement, document: UnsafeMutablePointer<xmlDoc>) -> Bool {
        guard let html = xmlDocGetRootElement(document),
              let body = firstChildElement(of: html, named: "body"),
              let outerNode = firstChildElement(of: body, named: outer.name)
        else { return false }
        return firstChildElement(of: outerNode, named: inner.name) != nil
    }

    private static func firstChildElement(of node: UnsafeMutablePointer<xmlNode>, named name: String) -> UnsafeMutablePointer<xmlNode>? {
        let key = NameKey(name)
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, let childName = current.pointee.name, NameKey(childName) == key {
                return current
            }
            child = current.pointee.next
        }
        return nil
    }
}
