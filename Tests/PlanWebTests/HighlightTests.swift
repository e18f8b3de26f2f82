import PlanCore
import Testing
@testable import PlanWeb

/// Search's marks cover exactly the characters the person typed, however folding changed them.
@Suite struct HighlightTests {
    /// The text with each marked piece in brackets.
    func marked(_ text: String, _ query: String) throws -> String {
        let terms = try #require(try SearchQuery(query)).terms
        return Highlight(text, terms: terms).pieces.map { $0.marked ? "[" + $0.text + "]" : $0.text }.joined()
    }

    @Test func everyOccurrenceOfEveryTermIsMarkedWhateverItsCase() throws {
        #expect(try marked("Dentist: call the DENTIST", "dentist") == "[Dentist]: call the [DENTIST]")
        #expect(try marked("tax return for the tax office", "tax office") == "[tax] return for the [tax] [office]")
        #expect(try marked("nothing here", "dentist") == "nothing here")
    }

    @Test func widthAndScriptVariantsAreMarkedAsTyped() throws {
        #expect(try marked("Ｄｅｎｔｉｓｔ ＡＢＣ", "dentist") == "[Ｄｅｎｔｉｓｔ] ＡＢＣ")
        #expect(try marked("記得報稅和買牛奶", "报税") == "記得[報稅]和買牛奶")
        #expect(try marked("记得报税", "報稅") == "记得[报税]")
    }

    @Test func aCharacterThatFoldsIntoSeveralIsMarkedWhole() throws {
        // "ﬁ" folds to "fi": the whole ligature is marked, and the characters after it stay in place.
        #expect(try marked("ﬁle the ﬁnal report", "final") == "ﬁle the [ﬁnal] report")
        #expect(try marked("ﬁle", "i") == "[ﬁ]le")
    }

    @Test func aSnippetIsCutAroundTheFirstMatch() throws {
        let terms = try #require(try SearchQuery("crown")).terms
        let notes = String(repeating: "filler words ", count: 40) + "ask about the crown\n\non Friday " + String(repeating: "more ", count: 60)
        let snippet = try #require(Highlight.snippet(of: notes, terms: terms, width: 60))
        let text = snippet.pieces.map(\.text).joined()
        #expect(text.hasPrefix("…") && text.hasSuffix("…"))
        #expect(text.contains("ask about the crown on Friday"))
        #expect(text.count <= 62)
        #expect(snippet.pieces.filter(\.marked).map(\.text) == ["crown"])
        #expect(Highlight.snippet(of: notes, terms: try #require(try SearchQuery("zebra")).terms) == nil)
    }

    @Test func aMatchIsFoundWhereverItLiesAcrossTheStretchesFoldedAtOnce() throws {
        let terms = try #require(try SearchQuery("報稅單")).terms
        // Every place around the first stretches' seams, and one far along.
        for at in [0, Highlight.scannedAtOnce - 5, Highlight.scannedAtOnce - 1, Highlight.scannedAtOnce, 2 * Highlight.scannedAtOnce - 30, 15_000] {
            let notes = String(repeating: "字", count: at) + "記得報稅單" + String(repeating: "。", count: 50)
            let snippet = try #require(Highlight.snippet(of: notes, terms: terms), "a match at \(at)")
            #expect(snippet.pieces.filter(\.marked).map(\.text) == ["報稅單"], "a match at \(at)")
        }
        #expect(Highlight.snippet(of: String(repeating: "字", count: Highlight.maxScanned) + "報稅單", terms: terms) == nil,
                "past what a snippet looks through")
    }

    @Test func theTitleSaysWhetherItHoldsEveryTerm() throws {
        let terms = try #require(try SearchQuery("dentist bill")).terms
        #expect(Highlight("Pay the dentist bill", terms: terms).matchedEveryTerm)
        #expect(!Highlight("Call the dentist", terms: terms).matchedEveryTerm)
        #expect(Highlight("Call the dentist", terms: terms).matched)
    }

    @Test func theMarkedHTMLEscapesEveryPieceAndMarksOnlyMatches() throws {
        let terms = try #require(try SearchQuery("tom")).terms
        let html = RenderedHTML.marked(Highlight(#"<b>Tom & "Jerry's"</b> <mark>tom</mark>"#, terms: terms)).html
        #expect(html == "&lt;b&gt;<mark>Tom</mark> &amp; &quot;Jerry&#39;s&quot;&lt;/b&gt; &lt;mark&gt;<mark>tom</mark>&lt;/mark&gt;")
    }
}
