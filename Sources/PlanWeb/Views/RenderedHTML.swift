import Foundation
import Mustache
import NIOCore

/// Markup drawn by this app's own templates (which escape every value), kept to be placed into a
/// larger page later: a card drawn once and reused, a column's cards joined. Besides
/// `SanitizedHTML`, the only HTML a template prints unescaped; only `PageRenderer` makes one.
struct RenderedHTML: Sendable, Equatable {
    let html: String

    fileprivate init(html: String) {
        self.html = html
    }

    /// An HTML comment that marks where something is to be spliced in. No value a template prints
    /// can contain one (`<` is always escaped), so only a template can have put it there.
    static func marker(named name: String) -> RenderedHTML {
        RenderedHTML(html: "<!--planboard:\(name)-->")
    }

    /// Nothing.
    static let empty = RenderedHTML(html: "")

    /// A table for the scripts, as JSON safe inside a `<script type="application/json">` element:
    /// sorted keys, and every `<`, `>` and `&` escaped, so nothing in it can close the element.
    static func script(_ table: [String: String]) throws -> RenderedHTML {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(table), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
        return RenderedHTML(html: json)
    }
}

extension RenderedHTML {
    /// A search's highlighted text: every piece escaped as the templates escape (`HTMLEscaping`),
    /// the matched ones in `<mark>`. One value for the page to print, where a section per piece
    /// cost Mustache three lookups a piece (most of a search page's drawing).
    static func marked(_ highlight: Highlight) -> RenderedHTML {
        let escaping = HTMLEscaping()
        var html = ""
        for piece in highlight.pieces {
            let text = escaping.escapeText(piece.text)
            html += piece.marked ? "<mark>" + text + "</mark>" : text
        }
        return RenderedHTML(html: html)
    }
}

extension RenderedHTML {
    /// A search's results as the list's items, one line per element, every value escaped as the
    /// templates escape (`HTMLEscaping`). Written here rather than by a section of `search.mustache`:
    /// a page of 50 results cost Mustache a dozen dynamic lookups a result, half of the page's
    /// drawing (perf, release build); `PageSnapshotTests.searchResultsPage` holds the markup.
    static func searchResults(_ results: [SearchResultsPage.Result], strings: Strings) -> RenderedHTML {
        let escaping = HTMLEscaping()
        let important = escaping.escapeText(strings("search.important"))
        let finished = escaping.escapeText(strings("search.finished"))
        var html = ""
        for result in results {
            if !html.isEmpty { html += "\n" }
            html += "    <li class=\"search-result"
            if result.finished { html += " is-finished" }
            if result.inLogbook { html += " in-logbook" }
            html += "\">\n      <a class=\"search-result-title\" href=\"" + escaping.escapeText(result.path) + "\">"
            if result.important { html += "<span class=\"search-important\" title=\"" + important + "\">!</span> " }
            html += marked(result.title).html + "</a>\n"
            html += "      <span class=\"search-result-place\">" + escaping.escapeText(result.place)
            if result.finished, !result.inLogbook { html += " · " + finished }
            html += "</span>\n"
            if let snippet = result.snippet {
                html += "      <p class=\"search-result-snippet\">" + marked(snippet).html + "</p>\n"
            }
            html += "    </li>"
        }
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

    /// The board page: drawn around its columns' markers, with each column's cards written in
    /// where its marker is, straight into the response's buffer (one copy of every card).
    func board(_ page: BoardPage, for reader: Reader) throws -> ByteBuffer {
        var frame = try html(page, for: reader)
        var buffer = ByteBufferAllocator().buffer(capacity: frame.utf8.count + page.columns.reduce(0) { total, column in
            total + column.drawn.reduce(0) { $0 + $1.html.utf8.count }
        })
        // The markers are found among the frame's bytes: Foundation's `range(of:)` took a tenth
        // of a small board's request.
        try frame.withUTF8 { bytes in
            var rest = 0
            for column in page.columns {
                guard let marker = Self.range(of: Array(column.cards.html.utf8), in: bytes, from: rest) else {
                    throw MarkerMissing(name: column.cards.html)
                }
                buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[rest..<marker.lowerBound]))
                var groupEnd: String?
                for (index, card) in column.drawn.enumerated() {
                    // Groups of `cardsPerGroup`, one split where the markup ends.
                    if index % BoardPage.cardsPerGroup == 0 || index == column.markupEnd {
                        if let groupEnd { buffer.writeString(groupEnd) }
                        let later = index >= column.markupEnd
                        buffer.writeString(later ? Self.laterStart + Self.groupStart : Self.groupStart)
                        groupEnd = later ? Self.groupEnd + Self.laterEnd : Self.groupEnd
                    }
                    // A card the filter leaves out is drawn `hidden` (its cached drawing is shared, so
                    // the attribute is written in here rather than into the drawing).
                    if index < column.shownCards.count, !column.shownCards[index],
                        let start = card.html.prefix(8).range(of: "<li ") {
                        buffer.writeSubstring(card.html[..<start.upperBound])
                        buffer.writeString("hidden ")
                        buffer.writeSubstring(card.html[start.upperBound...])
                    } else {
                        buffer.writeString(card.html)
                    }
                }
                if let groupEnd { buffer.writeString(groupEnd) }
                rest = marker.upperBound
            }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[rest...]))
        }
        return buffer
    }

    /// A group of a list's cards (`BoardPage.cardsPerGroup`). The list is one list to assistive
    /// technology: the list says `role="list"` itself (so a group inside it is allowed) and a group is
    /// `role="none"`, left out of the accessibility tree, so each card is an item of the list.
    static let groupStart = "<div class=\"task-group\" role=\"none\">\n"
    static let groupEnd = "</div>\n"

    /// Each group past a list's first cards (`ColumnView.markupEnd`) comes inside a `noscript`.
    /// Without scripts it is ordinary markup (board.css lays it out as if it were not there); with
    /// scripts the browser reads it as text, not elements, so a board of thousands of cards is
    /// parsed, styled and painted at the size of its first cards, and `unfold.js` puts the rest on
    /// the page after the first paint, or at once when anything needs them. A card's markup never
    /// holds `</noscript`: its text is escaped and notes' markup never keeps a `noscript`.
    static let laterStart = "<noscript class=\"later-cards\">"
    static let laterEnd = "</noscript>\n"

    /// Where `needle` first occurs in `bytes` at or after `start`.
    static func range(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int>? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var at = start
        while at + needle.count <= bytes.count {
            if bytes[at] == first, bytes[at..<at + needle.count].elementsEqual(needle) { return at..<at + needle.count }
            at += 1
        }
        return nil
    }

    /// The board template lost a column's marker (a broken template, not a person's doing).
    struct MarkerMissing: Error, CustomStringConvertible {
        let name: String
        var description: String { "the board template has no \(name) where the cards go" }
    }
}
