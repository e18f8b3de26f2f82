import PlanCore
import Testing

/// How a query is read and what it matches, before any store is involved.
@Suite struct SearchQueryTests {
    @Test func nothingButSpacesIsNoQuery() throws {
        for typed in ["", " ", "\t \n", "\u{3000}"] {
            #expect(try SearchQuery(typed) == nil, "\(typed.unicodeScalars.map(\.value))")
        }
    }

    @Test func termsAreFoldedDeduplicatedAndLongestFirst() throws {
        let query = try #require(try SearchQuery("  Milk  ＢＲＥＡＤ milk 報稅 a "))
        #expect(query.text == "Milk  ＢＲＥＡＤ milk 報稅 a")
        #expect(query.terms == ["bread", "milk", "报税", "a"])
    }

    @Test func foldingIgnoresCaseWidthAndChineseScriptButKeepsAccents() {
        #expect(SearchText.fold("ＤＥＮＴＩＳＴ １２") == "dentist 12")
        #expect(SearchText.fold("後天 週一 買菜") == "后天 周一 买菜")
        #expect(SearchText.fold("Café") == "café")
        #expect(SearchText.fold("Café") != SearchText.fold("Cafe"))
        #expect(SearchText.of(title: "Title", notesSource: "") == "title")
        #expect(SearchText.of(title: "Title", notesSource: "Notes") == "title\nnotes")
    }

    @Test func aMatchHoldsEveryTermAsASubstring() throws {
        let text = SearchText.of(title: "Call the Dentist", notesSource: "買牛奶 on Friday")
        #expect(try #require(try SearchQuery("dent fri")).matches(text))
        #expect(try #require(try SearchQuery("牛奶")).matches(text))
        #expect(try #require(try SearchQuery("买牛")).matches(text))
        #expect(!(try #require(try SearchQuery("dentist saturday")).matches(text)))
    }

    @Test func tooLongControlCharactersAndTooManyWordsAreRefusedWithTheirReason() {
        #expect(throws: PlanError.invalidField(name: "q", problem: .tooLong(limit: SearchQuery.maxLength))) {
            try SearchQuery(String(repeating: "x", count: 10_000))
        }
        #expect(throws: PlanError.invalidField(name: "q", problem: .controlCharacters)) { try SearchQuery("milk\u{0}") }
        #expect(throws: PlanError.invalidField(name: "q", problem: .tooManyWords(limit: SearchQuery.maxTerms))) {
            try SearchQuery("a b c d e f g h i")
        }
        // At the limits, a query is read.
        #expect((try? SearchQuery(String(repeating: "x", count: SearchQuery.maxLength))) != nil)
        #expect((try? SearchQuery("a b c d e f g h")) != nil)
    }
}
