import Foundation
import PlanMarkdown
import Testing

/// Every `Fixtures/NAME.md` is converted and compared with `Fixtures/NAME.html` byte for byte.
/// The fixtures are read from the source tree (found through `#filePath`), not bundled as
/// resources, so the folder is excluded from the target in Package.swift.
@Suite struct FixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
    }

    @Test func fixturesArePresentAndPaired() throws {
        #expect(Self.names.count >= 35)
        for name in Self.names {
            let expected = Self.directory.appendingPathComponent(name + ".html").path
            #expect(FileManager.default.fileExists(atPath: expected), "missing \(name).html")
        }
    }

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        let input = try String(contentsOf: Self.directory.appendingPathComponent(name + ".md"), encoding: .utf8)
        let expected = try String(contentsOf: Self.directory.appendingPathComponent(name + ".html"), encoding: .utf8)
        let output = Markdown.html(from: input)
        #expect(output == expected)
        #expect(HTMLBalance.problems(in: output).isEmpty)
    }
}
