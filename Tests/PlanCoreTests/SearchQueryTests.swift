import Foundation
import Foundation
@testable import PlanCore
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

    /// `fold` carries out ICU's `Hant-Hans` rules itself (`SimplifiedRules`); on the same text it
    /// must say what ICU says, phrases and all, or stored text and highlights would disagree.
    @Test func foldingByTheRulesAgreesWithICUsTransformOnMixedText() throws {
        #expect(SimplifiedRules.shared != nil, "ICU's rules were not read: every fold asks ICU")
        let icu = StringTransform(rawValue: "Hant-Hans")
        func byICU(_ text: String) -> String {
            let plain = text.precomposedStringWithCompatibilityMapping.lowercased()
            guard plain.unicodeScalars.contains(where: SearchText.isHan) else { return plain }
            return plain.applyingTransform(icu, reverse: false) ?? plain
        }
        // Characters changed alone and inside phrases (著 / 著名, 乾 / 乾隆, 薑 / 生薑, 于 / 單于),
        // their neighbours in the block, and the ASCII, full-width and punctuation among them.
        let pool = Array("報稅會議室後天週一買菜乾淨隆髮型著名作急藥個們這裡臺灣鬱憂發財干后发里台郁着药个们这于飛單鮮薑片末生崑崙山曲餘地額茶飯" + "ＡＢ１，。、 aZ-!\n")
            + (0..<400).compactMap { Unicode.Scalar(0x4E00 + $0 * 47) }.map(Character.init)
        var seed: UInt64 = 0x5EED
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var disagreements: [String] = []
        for _ in 0..<5_000 {
            let text = String((0..<(1 + next() % 12)).map { _ in pool[next() % pool.count] })
            if !SearchText.fold(text).unicodeScalars.elementsEqual(byICU(text).unicodeScalars) { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        // A Han character outside the unified blocks (Extension B) goes through the rules too.
        for text in ["卓著", "著", "顯著的成果", "看著", "乾隆", "乾淨", "單于", "生薑片", "𠀀報稅", "軏", "髮", "發"] {
            #expect(SearchText.fold(text).unicodeScalars.elementsEqual(byICU(text).unicodeScalars), "\(text)")
        }
        // Every rule's own source, alone, as ICU reads it.
        let rules = try #require(SimplifiedRules.shared)
        let sources = rules.byFirst.values.flatMap { $0.map { String(String.UnicodeScalarView($0.source)) } }
        let differing = sources.filter { !SearchText.fold($0).unicodeScalars.elementsEqual(byICU($0).unicodeScalars) }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// NFKC and lower case are done without Foundation for ASCII, Chinese and full-width text
    /// (`compatibilityLowercased`); every character of the Basic Multilingual Plane, alone and
    /// after a letter, a kana and a Hangul syllable it could combine with, must come out as
    /// Foundation says.
    @Test func compatibilityFoldingAgreesWithFoundationOnEveryCharacter() {
        func byFoundation(_ text: String) -> String { text.precomposedStringWithCompatibilityMapping.lowercased() }
        var disagreements: [String] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // Compared scalar by scalar: String's == holds canonically equivalent text equal (豈 and
            // its compatibility twin), where the stores compare bytes.
            let character = String(Character(scalar))
            for text in [character, "e" + character, "中" + character + "，", "Ａ" + character + "中"]
            where !SearchText.compatibilityLowercased(text).unicodeScalars.elementsEqual(byFoundation(text).unicodeScalars) {
                disagreements.append(text)
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5).map { $0.unicodeScalars.map(\.value) })")
        #expect(SearchText.compatibilityLowercased("ＭｉＬＫ　牛奶，ＡＢＣ") == "milk 牛奶,abc")
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
