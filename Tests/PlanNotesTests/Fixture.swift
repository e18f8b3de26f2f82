import Foundation
import Testing

/// One input → expected-output pair from `Fixtures/`: `NAME.html`, `NAME.expected.html` and
/// `NAME.summary.txt` (the expected removal summary). Files are read through `#filePath`, not
/// as package resources, so they are edited and diffed like any source file.
struct Fixture: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let expectedHTML: String
    let expectedSummary: String

    var testDescription: String { name }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every fixture, sorted by name. Fails loudly rather than returning none.
    static let all: [Fixture] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let inputs = names.filter { $0.hasSuffix(".html") && !$0.hasSuffix(".expected.html") }.sorted()
        precondition(!inputs.isEmpty, "no fixtures found in \(directory.path)")
        return inputs.map { file in
            let name = String(file.dropLast(".html".count))
            return Fixture(
                name: name,
                input: read(file),
                // Fixture files end with a newline for the sake of editors; outputs do not.
                expectedHTML: String(read("\(name).expected.html").dropLast()),
                expectedSummary: String(read("\(name).summary.txt").dropLast())
            )
        }
    }()

    private static func read(_ file: String) -> String {
        do {
            return try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        } catch {
            preconditionFailure("cannot read fixture \(file): \(error)")
        }
    }
}

/// The public XSS vectors in `shared/xss/public-vectors.jsonl`.
enum PublicVectors {
    /// Where the file is looked for: beside the repository (`<repo>/../shared`, as in the
    /// PlanBoard checkout and CI).
    static let candidates: [URL] = [
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/xss/public-vectors.jsonl"),
    ]

    private struct Line: Decodable {
        let input: String
    }

    /// The inputs, or nil when the file is in neither place.
    static func load() throws -> [String]? {
        guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            return nil
        }
        let decoder = JSONDecoder()
        return try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n")
            .map { try decoder.decode(Line.self, from: Data($0.utf8)).input }
    }
}
