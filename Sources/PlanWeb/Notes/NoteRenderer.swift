import Foundation
import PlanCore
import PlanMarkdown
import PlanNotes

/// Notes as the person wrote them — plain text, Markdown or HTML — made into what the store keeps
/// and the pages show: sanitized HTML (bare links made links in every format), the card's
/// excerpt, and what the sanitizer removed.
struct NoteRenderer: Sendable {
    let sanitizer: NoteSanitizer

    /// One note, rendered.
    struct Rendered: Sendable {
        let notes: TaskNotes
        /// The same HTML, as the only type a template may print unescaped.
        let shown: SanitizedHTML
        let removed: RemovalReport
    }

    /// Markdown as notes typed here read it (PlanMarkdown's `notes` flavour), with the nesting limits
    /// notes keep.
    static let markdownNesting = MarkdownConfiguration(maximumNestingDepth: 20, maximumEmphasisDepth: 16)

    /// Trello card descriptions, as they are imported: the same, except that `[label]: url` lines
    /// stay text, as Trello shows them (PlanMarkdown's `trello` flavour).
    static let trelloMarkdown = MarkdownConfiguration(maximumNestingDepth: 20, maximumEmphasisDepth: 16, linkReferenceDefinitions: false)

    /// Renders `source` as `format` (Markdown read as `markdown` says); a note over the size limit
    /// (measured as written) or nested too deeply is refused with a message the person can act on.
    func render(_ source: String, as format: NoteFormat, markdown: MarkdownConfiguration = markdownNesting) throws(PlanError) -> Rendered {
        let size = source.utf8.count
        if size > NoteSanitizer.maximumBytes {
            throw .notesRejected(NoteSanitizerError.tooLarge(bytes: size, limit: NoteSanitizer.maximumBytes).limit)
        }
        let html = switch format {
        case .plain: Self.paragraphs(fromPlainText: source)
        case .markdown: source.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "" : Markdown.html(from: source, configuration: markdown)
        case .html: source
        }
        let clean: SanitizedNote
        do {
            clean = try sanitizer.sanitize(html)
        } catch {
            throw .notesRejected(error.limit)
        }
        let stored = clean.html.html
        return Rendered(
            notes: TaskNotes(source: source, format: format, html: stored, excerpt: Excerpt.of(storedNotes: stored)),
            shown: clean.html, removed: clean.removed)
    }

    /// The format a form or a script named (`plain`, `markdown`, `html`); when none is named, HTML if
    /// the text has a tag and plain text otherwise, as notes were read before formats were chosen.
    static func format(named name: String?, for source: String) throws(PlanError) -> NoteFormat {
        guard let name, !name.isEmpty else { return looksLikeHTML(source) ? .html : .plain }
        guard let format = NoteFormat(rawValue: name.lowercased()) else {
            throw .invalidField(name: "notes_format", problem: .unknownNotesFormat)
        }
        return format
    }

    /// A `<` that opens a tag, comment or declaration (`<p`, `</`, `<!`, `<?`); "a < b" is not one.
    static func looksLikeHTML(_ text: String) -> Bool {
        var previousWasOpen = false
        for byte in text.utf8 {
            if previousWasOpen {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "?"):
                    return true
                default:
                    break
                }
            }
            previousWasOpen = byte == UInt8(ascii: "<")
        }
        return false
    }

    /// Plain text as HTML: blank lines separate paragraphs, single line breaks stay line breaks
    /// (which HTML parsing alone would fold into spaces).
    static func paragraphs(fromPlainText text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var html = ""
        for block in normalized.components(separatedBy: "\n\n") {
            let paragraph = block.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !paragraph.isEmpty else { continue }
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
            html += "<p>" + lines.joined(separator: "<br>") + "</p>"
        }
        return html
    }

    /// Text made safe to place between tags, for notes that are built here before the sanitizer reads them.
    static func escaped(_ text: String) -> String {
        HTMLEscaping().escapeText(text)
    }

    /// What an older version stored (sanitized HTML only) made into notes as written: HTML that is
    /// nothing but paragraphs and line breaks was plain text when it was typed, so it becomes plain
    /// text again; anything else stays HTML.
    static func legacy(_ html: String) -> LegacyNotes {
        let excerpt = Excerpt.of(storedNotes: html)
        if let text = plainText(ofParagraphs: html) { return LegacyNotes(source: text, format: .plain, excerpt: excerpt) }
        return LegacyNotes(source: html, format: .html, excerpt: excerpt)
    }

    /// The text of `<p>…<br>…</p>` markup with only the sanitizer's four references in it; nil for anything else.
    static func plainText(ofParagraphs html: String) -> String? {
        guard html.hasPrefix("<p>"), html.hasSuffix("</p>") else { return html.isEmpty ? "" : nil }
        var paragraphs: [String] = []
        for chunk in html.dropFirst(3).dropLast(4).components(separatedBy: "</p><p>") {
            let lines = chunk.components(separatedBy: "<br>")
            guard lines.allSatisfy({ !$0.contains("<") && !$0.contains(">") }) else { return nil }
            paragraphs.append(lines.map(unescaped).joined(separator: "\n"))
        }
        return paragraphs.joined(separator: "\n\n")
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

extension NoteSanitizerError {
    /// The limit a note went over, as the board's rules name it.
    var limit: NotesLimit {
        switch self {
        case let .tooLarge(bytes, limit):
            // Rounded up, so a note one byte over never reads as "256 KB; the limit is 256 KB".
            .tooLarge(kilobytes: (bytes + 1023) / 1024, limitKilobytes: limit / 1024)
        case let .tooLargeOnceCleaned(bytes, limit):
            .tooLargeOnceCleaned(kilobytes: (bytes + 1023) / 1024, limitKilobytes: limit / 1024)
        case let .nestedTooDeeply(limit):
            .nestedTooDeeply(levels: limit)
        case .parserUnavailable:
            .unreadable
        }
    }
}
