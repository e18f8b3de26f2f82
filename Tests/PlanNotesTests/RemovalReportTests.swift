import Testing
@testable import PlanNotes

/// The removal summary is plain English with the right singular and plural.
struct RemovalReportTests {
    @Test func summaryIsEmptyWhenNothingWasRemoved() throws {
        let note = try NoteSanitizer().sanitize("<p>Hello <b>world</b></p>")
        #expect(note.removed.isEmpty)
        #expect(note.removed.summary == "")
    }

    @Test func summaryUsesSingularForOne() throws {
        let note = try NoteSanitizer().sanitize("<script>x</script><p onclick=y>t</p>")
        #expect(note.removed.summary == "Removed 1 script and 1 event attribute.")
    }

    @Test func summaryUsesPluralAndListsKindsInOrder() throws {
        let note = try NoteSanitizer().sanitize(
            "<p onclick=a onmouseover=b>x</p><a href='javascript:c()'>y</a><script>d</script><script>e</script>"
        )
        #expect(note.removed.summary == "Removed 2 scripts, 2 event attributes and 1 unsafe link.")
        #expect(note.removed[.script] == 2)
        #expect(note.removed.total == 5)
    }

    @Test func aLinkLeftWithoutAnAddressIsShownAsItsText() throws {
        let sanitizer = NoteSanitizer()
        let unsafe = try sanitizer.sanitize(#"<p>See <a href="javascript:alert(1)" title="t" onclick="x()">the <b>form</b></a>.</p>"#)
        #expect(unsafe.html.html == "<p>See the <b>form</b>.</p>")
        #expect(unsafe.removed.summary == "Removed 1 event attribute and 1 unsafe link.")
        let bare = try sanitizer.sanitize(#"<p><a name="top">Top</a> <a href="https://example.com">kept</a></p>"#)
        #expect(bare.html.html == #"<p>Top <a href="https://example.com" rel="noopener noreferrer nofollow">kept</a></p>"#)
        #expect(bare.removed.isEmpty, "\(bare.removed.summary)")
    }

    @Test func reformattingAloneIsNotARemoval() throws {
        let note = try NoteSanitizer().sanitize(
            "  <P>caf&eacute; <A HREF=' https://example.com/a b ' rel=nofollow>x</A>\r\n<br/></P>  "
        )
        #expect(note.removed.isEmpty, "\(note.removed.summary)")
        #expect(note.html.html == "<p>café <a href=\"https://example.com/a%20b\" rel=\"noopener noreferrer nofollow\">x</a>\n<br></p>")
    }

    @Test func reportsMergeForAnImportSummary() throws {
        let sanitizer = NoteSanitizer()
        var total = RemovalReport()
        total.merge(try sanitizer.sanitize("<script></script>").removed)
        total.merge(try sanitizer.sanitize("<script></script><!-- c -->").removed)
        #expect(total.summary == "Removed 2 scripts and 1 comment.")
    }

    @Test func everyCategoryHasDistinctSingularAndPluralNouns() {
        for category in RemovalReport.Category.allCases {
            #expect(category.singular != category.plural, "\(category)")
        }
    }
}
