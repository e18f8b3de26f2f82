import Testing
@testable import PlanNotes

/// Every rule of the sanitizer has at least one fixture in `Fixtures/`; these tests hold each
/// input to its expected output and removal summary.
struct FixtureTests {
    @Test("fixture sanitizes to its expected output", arguments: Fixture.all)
    func fixtureSanitizesToExpectedOutput(_ fixture: Fixture) throws {
        let note = try NoteSanitizer().sanitize(fixture.input)
        #expect(note.html.html == fixture.expectedHTML)
    }

    @Test("fixture reports what was removed", arguments: Fixture.all)
    func fixtureReportsWhatWasRemoved(_ fixture: Fixture) throws {
        let note = try NoteSanitizer().sanitize(fixture.input)
        #expect(note.removed.summary == fixture.expectedSummary)
    }

    @Test("fixture expected outputs pass the independent audit", arguments: Fixture.all)
    func expectedOutputPassesAudit(_ fixture: Fixture) {
        #expect(OutputAuditor.problems(in: fixture.expectedHTML) == [])
    }

    @Test func fixturesCoverEveryRemovalCategory() throws {
        var seen = RemovalReport()
        for fixture in Fixture.all {
            seen.merge(try NoteSanitizer().sanitize(fixture.input).removed)
        }
        let missing = RemovalReport.Category.allCases.filter { seen[$0] == 0 }
        #expect(missing == [])
    }
}
