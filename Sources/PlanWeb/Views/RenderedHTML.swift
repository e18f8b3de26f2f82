import Mustache

/// Markup drawn by this app's own templates (which escape every value), kept to be placed into a
/// larger page later: a card drawn once and reused, a column's cards joined. Besides
/// `SanitizedHTML`, the only HTML a template prints unescaped; only `PageRenderer` makes one.
struct RenderedHTML: Sendable, Equatable {
    let html: String

    fileprivate init(html: String) {
        self.html = html
    }

    /// Several drawn pieces one after another.
    static func joined(_ pieces: some Sequence<RenderedHTML>, capacity: Int = 0) -> RenderedHTML {
        var html = ""
        html.reserveCapacity(capacity)
        for piece in pieces { html += piece.html }
        return RenderedHTML(html: html)
    }
}

extension RenderedHTML: MustacheParent {
    func child(named name: String) -> Any? {
        name == "html" ? html : nil
    }
}

extension PageRenderer {
    /// Draws `object` with a partial and keeps the markup for placing into a page.
    func drawn(_ object: Any, template: String) throws -> RenderedHTML {
        RenderedHTML(html: try fragment(object, template: template))
    }
}
