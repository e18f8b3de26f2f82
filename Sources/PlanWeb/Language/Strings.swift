import Foundation
import Mustache

/// Every text a page, a message or the drag layer shows, in one language: a catalog read from
/// `Templates/strings/LANGUAGE.json` (flat keys, `{name}` placeholders, `.one`/`.other` for
/// counts) when the app starts. A key missing in a language falls back to English; the tests
/// check that none is missing.
struct Strings: Sendable {
    let language: Language
    private let table: [String: String]
    private let fallback: [String: String]

    init(language: Language, table: [String: String], fallback: [String: String]) {
        self.language = language
        self.table = table
        self.fallback = fallback
    }

    /// The text for `key` with its placeholders filled in, in one pass over the catalog's text: a
    /// value is never read again for placeholders (a title holding "{day}" stays as typed), and a
    /// placeholder with no value stays as written. Foundation's `replacingOccurrences`, once per
    /// value, was a tenth of a search page's drawing.
    func callAsFunction(_ key: String, _ values: [String: any CustomStringConvertible] = [:]) -> String {
        let template = table[key] ?? fallback[key] ?? key
        guard !values.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let name = rest[rest.index(after: open)...].prefix { $0 != "}" && $0 != "{" }
            if name.endIndex < rest.endIndex, rest[name.endIndex] == "}", let value = values[String(name)] {
                text += value.description
                rest = rest[rest.index(after: name.endIndex)...]
            } else {
                text += "{"
                rest = rest[rest.index(after: open)...]
            }
        }
        text += rest
        return text
    }

    /// A text that counts something: `KEY.one` for one where the language has such a form, else `KEY.other`.
    func count(_ key: String, _ count: Int, _ values: [String: any CustomStringConvertible] = [:]) -> String {
        let form = count == 1 && (table["\(key).one"] != nil || (language == .english && fallback["\(key).one"] != nil)) ? "one" : "other"
        return self("\(key).\(form)", values.merging(["count": count]) { own, _ in own })
    }

    /// Whether the catalog has `key` itself (not through the fallback).
    func has(_ key: String) -> Bool { table[key] != nil }

    /// Every key of this language's own catalog.
    var keys: Dictionary<String, String>.Keys { table.keys }

    /// The texts the drag layer uses (keys starting `js.`), for the page's
    /// `<script type="application/json" id="planboard-strings">` (`RenderedHTML.script`).
    var scriptTable: [String: String] {
        var merged = fallback.filter { $0.key.hasPrefix("js.") }
        for (key, value) in table where key.hasPrefix("js.") { merged[key] = value }
        return merged
    }

    /// Reads every language's catalog from `folder`.
    static func load(from folder: URL) throws -> [Language: Strings] {
        func read(_ language: Language) throws -> [String: String] {
            let file = folder.appendingPathComponent("\(language.tag).json")
            do {
                return try JSONDecoder().decode([String: String].self, from: Data(contentsOf: file))
            } catch {
                throw CatalogUnreadable(file: file.path, reason: String(describing: error))
            }
        }
        let english = try read(.english)
        var all: [Language: Strings] = [:]
        for language in Language.allCases {
            all[language] = Strings(language: language, table: language == .english ? english : try read(language), fallback: english)
        }
        return all
    }

    struct CatalogUnreadable: Error, CustomStringConvertible {
        let file: String
        let reason: String
        var description: String { "the message catalog \(file) could not be read: \(reason)" }
    }
}

/// `{{t.board.add}}` in a template: `t` answers `board`, which answers `add`, so dotted catalog
/// keys read naturally in Mustache (which splits names at dots).
struct StringsScope: MustacheParent, Sendable {
    let strings: Strings
    let prefix: String

    func child(named name: String) -> Any? {
        let key = prefix + name
        if strings.has(key) || strings(key) != key { return strings(key) }
        return StringsScope(strings: strings, prefix: key + ".")
    }
}
