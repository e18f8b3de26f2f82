import Foundation

/// One example of a Markdown specification: the Markdown, the HTML a reference renderer writes for
/// it, and where it stands in the file.
struct SpecExample: Sendable, CustomStringConvertible {
    /// Its number, counted from 1 over every example of the file (as the spec's own tools count).
    let number: Int
    /// The heading the example stands under.
    let section: String
    /// The word after `example` on its opening line (`table`, `autolink`, …), empty for none.
    let kind: String
    let markdown: String
    let html: String

    var description: String { "example \(number) (\(section))" }

    /// Reads the examples of a spec file written in the CommonMark spec's format: each example sits
    /// between a line of 32 backticks followed by `example` and a line of 32 backticks, its Markdown
    /// and HTML separated by a line holding only `.`, tabs written as `→`.
    static func examples(inSpec text: String) -> [SpecExample] {
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var section = ""
        var kind: String?
        var markdown: [Substring] = []
        var html: [Substring] = []
        var inHTML = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let current = kind {
                if line == fence {
                    examples.append(SpecExample(
                        number: examples.count + 1, section: section, kind: current,
                        markdown: joined(markdown), html: joined(html)))
                    kind = nil
                } else if !inHTML, line == "." {
                    inHTML = true
                } else if inHTML {
                    html.append(line)
                } else {
                    markdown.append(line)
                }
            } else if line.hasPrefix(fence + " example") {
                kind = line.dropFirst(fence.count + " example".count).trimmingCharacters(in: .whitespaces)
                markdown = []
                html = []
                inHTML = false
            } else if line.hasPrefix("#"), let space = line.firstIndex(of: " "),
                      line[..<space].allSatisfy({ $0 == "#" }) {
                section = line[space...].trimmingCharacters(in: .whitespaces)
            }
        }
        return examples
    }

    /// Lines joined back, each ending with a newline, with the spec's `→` made a tab again.
    private static func joined(_ lines: [Substring]) -> String {
        lines.map { $0.replacingOccurrences(of: "→", with: "\t") + "\n" }.joined()
    }
}

/// The spec files the spec tests read. They are not kept in this repository (their text is not
/// ours): `scripts/install-deps` takes them out of a published package into `.build-fixtures/`.
enum SpecFixture: String, CaseIterable {
    /// The CommonMark spec, version 0.31.2 (CC BY-SA 4.0).
    case commonMark = "commonmark-spec-0.31.2.txt"
    /// GitHub's Flavored Markdown spec as kept in cmark-gfm's test folder (CC BY-SA 4.0), for the
    /// examples of its extensions.
    case gfm = "gfm-spec-0.29.txt"

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build-fixtures")

    /// The file's text, or a message saying how to get it.
    func text() -> Result<String, FixtureMissing> {
        let url = Self.directory.appendingPathComponent(rawValue)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            return .failure(FixtureMissing(path: url.path))
        }
        return .success(text)
    }

    struct FixtureMissing: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "\(path) is missing: run scripts/install-deps, which takes the spec files out of a published package"
        }
    }
}
