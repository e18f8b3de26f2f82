import Testing
@testable import PlanNotes

/// Counting and cutting at the checkboxes of sanitized notes (a checklist's progress and its items' buttons).
@Suite struct CheckboxTests {
    let list = #"<ul><li><input type="checkbox" checked disabled> done</li><li><input type="checkbox"> open</li><li><input type="CHECKBOX" checked> too</li></ul>"#

    @Test func theSanitizersCheckboxesAreCountedWithTheTickedOnes() throws {
        let note = try NoteSanitizer().sanitize(list)
        #expect(SanitizedHTML.checkboxCount(ofStoredNotes: note.html.html) == (2, 3))
        #expect(SanitizedHTML.checkboxCount(ofStoredNotes: "") == (0, 0))
    }

    @Test func checkboxesWrittenAsTextOrInAttributesAreNotCounted() throws {
        let note = try NoteSanitizer().sanitize(#"<p>&lt;input type="checkbox"&gt;</p><p title='<input type="checkbox">'>x</p><pre><input type="checkbox"></pre>"#)
        #expect(SanitizedHTML.checkboxCount(ofStoredNotes: note.html.html).total == 1, "only the real element in the pre: \(note.html.html)")
    }

    @Test func cuttingAtCheckboxesKeepsEverythingElseAsItWas() throws {
        let note = try NoteSanitizer().sanitize(list).html
        let split = note.splitAtCheckboxes()
        #expect(split.checked == [true, false, true])
        #expect(split.pieces.count == 4)
        #expect(split.pieces.map(\.html) == ["<ul><li>", " done</li><li>", " open</li><li>", " too</li></ul>"])
        let none = try NoteSanitizer().sanitize("<p>no boxes</p>").html.splitAtCheckboxes()
        #expect(none.checked.isEmpty && none.pieces.map(\.html) == ["<p>no boxes</p>"])
    }
}
