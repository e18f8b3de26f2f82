import Testing
@testable import PlanNotes

/// Text survives intact but can never become markup.
struct TextTests {
    @Test(arguments: ["中文笔记", "👩‍💻 🇳🇿", "e\u{301}", "Z̤͔ͧ̑̓ä͖̭̈̇", "שלום", "\u{A0}non-breaking\u{2028}"])
    func unicodeTextIsKeptUnchanged(text: String) throws {
        #expect(try NoteSanitizer().sanitize("<p>\(text)</p>").html.html == "<p>\(text)</p>")
    }

    @Test func escapedMarkupStaysText() throws {
        let note = try NoteSanitizer().sanitize("&lt;script&gt;alert(1)&lt;/script&gt; &amp;lt;b&amp;gt;")
        #expect(note.html.html == "&lt;script&gt;alert(1)&lt;/script&gt; &amp;lt;b&amp;gt;")
        #expect(note.removed.isEmpty)
    }

    @Test func nulAndOtherControlsAreRemovedButTabAndNewlineStay() throws {
        let note = try NoteSanitizer().sanitize("<p>a\u{0}b\u{1}c\td\ne\u{7F}f\u{9F}g</p>")
        #expect(note.html.html == "<p>abc\td\nefg</p>")
        #expect(note.removed[.controlCharacter] == 4)
    }

    @Test func carriageReturnsBecomeLineFeeds() throws {
        #expect(try NoteSanitizer().sanitize("<p>a\r\nb\rc&#13;d</p>").html.html == "<p>a\nb\nc\nd</p>")
    }

    @Test(arguments: ["", " ", "\n\t  \r\n", "\u{0}"])
    func blankInputGivesEmptyOutput(input: String) throws {
        #expect(try NoteSanitizer().sanitize(input).html.isEmpty)
    }

    @Test func plainTextIsNotWrappedInAParagraph() throws {
        #expect(try NoteSanitizer().sanitize("buy milk <b>today</b>").html.html == "buy milk <b>today</b>")
    }
}
