import Testing
@testable import PlanNotes

/// sanitize(sanitize(x)) == sanitize(x), the second pass removes nothing, and every output
/// passes the independent audit: over all fixtures and all public XSS vectors.
struct IdempotenceTests {
    @Test("sanitizing a fixture's output again changes and removes nothing", arguments: Fixture.all)
    func fixtureOutputIsStable(_ fixture: Fixture) throws {
        let sanitizer = NoteSanitizer()
        let once = try sanitizer.sanitize(fixture.input)
        let twice = try sanitizer.sanitize(once.html.html)
        #expect(twice.html == once.html)
        #expect(twice.removed.isEmpty, "second pass removed: \(twice.removed.summary)")
    }

    @Test func publicVectorsSanitizeStablyAndPassTheAudit() throws {
        let vectors = try #require(
            try PublicVectors.load(),
            "public-vectors.jsonl not found in \(PublicVectors.candidates.map(\.path))"
        )
        #expect(vectors.count == 1_531)
        let sanitizer = NoteSanitizer()
        var unstable: [Int] = []
        var unsafe: [(Int, [String])] = []
        var secondPassRemovals: [Int] = []
        for (index, vector) in vectors.enumerated() {
            let once = try sanitizer.sanitize(vector)
            let twice = try sanitizer.sanitize(once.html.html)
            if twice.html != once.html { unstable.append(index) }
            if !twice.removed.isEmpty { secondPassRemovals.append(index) }
            let problems = OutputAuditor.problems(in: once.html.html)
            if !problems.isEmpty { unsafe.append((index, problems)) }
        }
        #expect(unstable == [], "vectors whose output changed when sanitized again (line numbers - 1)")
        #expect(secondPassRemovals == [], "vectors whose output still had something to remove")
        #expect(unsafe.isEmpty, "vectors whose output failed the audit: \(unsafe.prefix(10))")
    }
}
