import Testing
@testable import PlanNotes

/// The board shows a short plain-text excerpt of each note.
struct PlainTextTests {
    private func excerpt(_ html: String, limit: Int) throws -> String {
        try NoteSanitizer().sanitize(html).html.plainText(limit: limit)
    }

    @Test func tagsAreRemovedAndReferencesDecoded() throws {
        #expect(try excerpt("<p>Fish &amp; chips &lt;3</p>", limit: 100) == "Fish & chips <3")
        #expect(try excerpt("<p>買牛奶&amp;麵包 &quot;早&quot;</p><p>👍🏽 好&gt;</p>", limit: 100) == "買牛奶&麵包 \"早\" 👍🏽 好>",
                "characters of several bytes are copied whole between references and tags")
    }

    @Test func blocksAreSeparatedButInlineMarkupIsNot() throws {
        #expect(try excerpt("<h1>Title</h1><p>Some <b>bold</b>er text</p><ul><li>one</li><li>two</li></ul>", limit: 100)
            == "Title · Some bolder text · one · two", "a heading and list items stay apart")
        #expect(try excerpt("<h2>Packing</h2><h3>Bags</h3><p>Two <b>small</b></p>", limit: 100) == "Packing · Bags · Two small")
        #expect(try excerpt("<p>Read <code>h1</code> here</p>", limit: 100) == "Read h1 here", "only the end of a heading separates")
    }

    @Test func whitespaceIsCollapsed() throws {
        #expect(try excerpt("<p>  a \n\n\t b  </p><br><br><p>c</p>", limit: 100) == "a b c")
    }

    @Test func longTextIsCutAtAWordBoundaryWithAnEllipsis() throws {
        let text = try excerpt("<p>The quick brown fox jumps over the lazy dog</p>", limit: 20)
        #expect(text == "The quick brown fox…")
        #expect(text.count <= 20)
    }

    @Test func punctuationBeforeTheCutIsDropped() throws {
        #expect(try excerpt("<p>one, two, three, four</p>", limit: 12) == "one, two…")
    }

    @Test func textWithoutSpacesIsCutBetweenCharacters() throws {
        let text = try excerpt("<p>中文笔记很长很长很长很长</p>", limit: 6)
        #expect(text == "中文笔记很…")
    }

    @Test func graphemeClustersAreNeverSplit() throws {
        let text = try excerpt("<p>👩‍💻👩‍💻👩‍💻👩‍💻</p>", limit: 3)
        #expect(text == "👩‍💻👩‍💻…")
    }

    @Test func shortTextIsReturnedWhole() throws {
        #expect(try excerpt("<p>short</p>", limit: 5) == "short")
    }

    @Test func attributeValuesAreNotText() throws {
        #expect(try excerpt("<a href=\"https://example.com/\" title=\"hidden\">shown</a><img src=\"https://e.com/a.png\" alt=\"alt\">", limit: 50)
            == "shown")
    }

    @Test func zeroLimitGivesEmptyText() throws {
        #expect(try excerpt("<p>text</p>", limit: 0) == "")
    }
}
