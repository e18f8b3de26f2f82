import Foundation
import PlanMarkdown
import Testing

/// The examples of the CommonMark spec (0.31.2) and of GitHub's extensions (cmark-gfm's spec file),
/// rendered as notes typed here are rendered, and compared with the reference HTML after
/// ``ComparableHTML`` has taken layout out of both.
///
/// Every example must pass except those on ``SpecDeviations``' lists, and every listed example
/// must fail, so the list stays true. The spec files come from `scripts/install-deps`; without
/// them these tests fail and say so. Set `PLANMARKDOWN_SPEC_FAILURES` to a file path to get every
/// failing example written there (Markdown, expected, got), for keeping the lists.
@Suite struct SpecTests {
    @Test func commonMarkExamples() {
        check(.commonMark, kinds: [""], deviations: SpecDeviations.commonMark)
    }

    @Test func gfmExtensionExamples() {
        check(.gfm, kinds: SpecDeviations.gfmExtensionKinds, deviations: SpecDeviations.gfm)
    }

    private func check(_ fixture: SpecFixture, kinds: Set<String>, deviations: [SpecDeviations.Deviation]) {
        let text: String
        switch fixture.text() {
        case .success(let found): text = found
        case .failure(let missing):
            Issue.record(Comment(rawValue: missing.description))
            return
        }
        let examples = SpecExample.examples(inSpec: text).filter { kinds.contains($0.kind) }
        #expect(!examples.isEmpty, "no examples found in \(fixture.rawValue)")

        var failed: [SpecExample: String] = [:]
        var sections: [(name: String, passed: Int, total: Int)] = []
        for example in examples {
            let output = Markdown.html(from: example.markdown, configuration: .notes)
            let passed = ComparableHTML.normalized(output) == ComparableHTML.normalized(example.html)
            if !passed { failed[example] = output }
            if sections.last?.name != example.section {
                sections.append((example.section, 0, 0))
            }
            sections[sections.count - 1].total += 1
            if passed { sections[sections.count - 1].passed += 1 }
        }

        let listed = Dictionary(deviations.flatMap { deviation in deviation.examples.map { ($0, deviation) } },
                                uniquingKeysWith: { first, _ in first })
        #expect(listed.count == deviations.reduce(0) { $0 + $1.examples.count }, "an example is listed twice")
        print(report(fixture, examples: examples, sections: sections, failed: failed, deviations: deviations))
        writeFailures(failed, listed: listed)

        for (example, output) in failed.sorted(by: { $0.key.number < $1.key.number }) where listed[example.number] == nil {
            Issue.record("""
                \(example) fails and is not a listed deviation
                --- Markdown
                \(example.markdown)--- expected
                \(example.html)--- got
                \(output)
                """)
        }
        // Line breaks are the one deviation whose reason can be checked mechanically: read as the
        // newline it stands for, each `<br />` leaves the reference output.
        for (example, output) in failed where listed[example.number]?.reason == SpecDeviations.lineBreaks.reason {
            let softened = output.replacingOccurrences(of: "<br />\n", with: "\n")
            #expect(ComparableHTML.normalized(softened) == ComparableHTML.normalized(example.html),
                    "\(example) differs by more than its line breaks")
        }
        let failedNumbers = Set(failed.keys.map(\.number))
        for (number, deviation) in listed.sorted(by: { $0.key < $1.key }) where !failedNumbers.contains(number) {
            Issue.record("example \(number) passes but is listed under \"\(deviation.reason)\": take it off the list")
        }
    }

    private func report(
        _ fixture: SpecFixture, examples: [SpecExample], sections: [(name: String, passed: Int, total: Int)],
        failed: [SpecExample: String], deviations: [SpecDeviations.Deviation]
    ) -> String {
        var lines = ["\(fixture.rawValue): \(examples.count - failed.count) of \(examples.count) examples pass"]
        for section in sections {
            lines.append("  \(section.name): \(section.passed)/\(section.total)")
        }
        lines.append("  deviations:")
        for deviation in deviations {
            lines.append("    \(deviation.examples.count) \(deviation.reason)")
        }
        return lines.joined(separator: "\n")
    }

    private func writeFailures(_ failed: [SpecExample: String], listed: [Int: SpecDeviations.Deviation]) {
        guard let path = ProcessInfo.processInfo.environment["PLANMARKDOWN_SPEC_FAILURES"] else { return }
        var text = ""
        for (example, output) in failed.sorted(by: { $0.key.number < $1.key.number }) {
            text += "=== \(example) listed: \(listed[example.number]?.reason ?? "NO")\n"
            text += example.markdown + "--- expected\n" + example.html + "--- got\n" + output
        }
        let url = URL(fileURLWithPath: path)
        let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        try? (existing + text).write(to: url, atomically: true, encoding: .utf8)
    }
}

extension SpecExample: Hashable {
    static func == (lhs: SpecExample, rhs: SpecExample) -> Bool { lhs.number == rhs.number && lhs.kind == rhs.kind }
    func hash(into hasher: inout Hasher) { hasher.combine(number) }
}
