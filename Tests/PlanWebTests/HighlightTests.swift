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

    /// Text of plain characters (ASCII, Chinese, full-width) is marked scalar by scalar without
    /// breaking it into characters; beside a character that is several scalars (a combining
    /// accent, an emoji with a skin tone, CR LF) the whole text is marked character by character.
    /// Both ways mark the same words and give back the text as typed.
    @Test func plainAndComposedTextAreMarkedAlike() throws {
        #expect(try marked("Cafe 報稅 ＡＢＣ, tax", "报税 abc") == "Cafe [報稅] [ＡＢＣ], tax")
        #expect(try marked("Cafe\u{301} 報稅 ＡＢＣ, tax", "报税 abc") == "Cafe\u{301} [報稅] [ＡＢＣ], tax")
        #expect(try marked("👍🏽 報稅 ＡＢＣ", "报税 abc") == "👍🏽 [報稅] [ＡＢＣ]")
        #expect(try marked("牛奶\r\n報稅\tabc", "报税 abc") == "牛奶\r\n[報稅]\t[abc]")
        #expect(try marked("e\u{301}報稅", "é") == "[e\u{301}]報稅", "a letter and its accent are one")
        #expect(try marked("e\u{301}報稅", "e") == "e\u{301}報稅", "accents are kept: e is not é")
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
