import PlanMarkdown
import Testing

/// One-line block cases; longer ones are fixtures.
@Suite struct BlockTests {
    @Test func emptyAndBlankInputsGiveNothing() {
        #expect(Markdown.html(from: "") == "")
        #expect(Markdown.html(from: " \n\t\n   ") == "")
    }

    @Test func atxHeadingLevels() {
        #expect(Markdown.html(from: "# a\n###### f\n####### g") == "<h1>a</h1>\n<h6>f</h6>\n<p>####### g</p>\n")
    }

    @Test func atxClosingSequenceIsRemoved() {
        #expect(Markdown.html(from: "## b ##") == "<h2>b</h2>\n")
        #expect(Markdown.html(from: "# C#") == "<h1>C#</h1>\n")
    }

    @Test func setextHeadings() {
        #expect(Markdown.html(from: "A\n===\nB\n---") == "<h1>A</h1>\n<h2>B</h2>\n")
    }

    @Test func thematicBreaks() {
        #expect(Markdown.html(from: "***\n- - -\n___") == "<hr />\n<hr />\n<hr />\n")
    }

    @Test func nestedBlockQuotes() {
        #expect(Markdown.html(from: "> a\n>> b")
            == "<blockquote>\n<p>a</p>\n<blockquote>\n<p>b</p>\n</blockquote>\n</blockquote>\n")
    }

    @Test func fencedCodeWithInfoString() {
        #expect(Markdown.html(from: "~~~ruby x\n<a>\n~~~")
            == "<pre><code class=\"language-ruby\">&lt;a&gt;\n</code></pre>\n")
    }

    @Test func unclosedFenceRunsToTheEnd() {
        #expect(Markdown.html(from: "```\na\n\nb") == "<pre><code>a\n\nb\n</code></pre>\n")
    }

    @Test func indentedCode() {
        #expect(Markdown.html(from: "    a\n\n      b\n\n") == "<pre><code>a\n\n  b\n</code></pre>\n")
    }

    @Test func orderedListStartAttribute() {
        #expect(Markdown.html(from: "7) a\n8) b") == "<ol start=\"7\">\n<li>a</li>\n<li>b</li>\n</ol>\n")
    }

    @Test func bulletCharacterChangeStartsANewList() {
        #expect(Markdown.html(from: "- a\n* b") == "<ul>\n<li>a</li>\n</ul>\n<ul>\n<li>b</li>\n</ul>\n")
    }

    @Test func twoSpaceNestingUnderOrderedItems() {
        #expect(Markdown.html(from: "1. a\n  - b\n2. c")
            == "<ol>\n<li>a\n<ul>\n<li>b</li>\n</ul>\n</li>\n<li>c</li>\n</ol>\n")
    }

    @Test func looseListGetsParagraphs() {
        #expect(Markdown.html(from: "- a\n\n- b") == "<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>\n")
    }

    @Test func windowsAndOldMacLineEndings() {
        #expect(Markdown.html(from: "a\r\nb\rc\r\n\r\n# d") == "<p>a<br />\nb<br />\nc</p>\n<h1>d</h1>\n")
    }

    @Test func nulAndOtherForbiddenCharactersBecomeReplacementCharacters() {
        #expect(Markdown.html(from: "a\u{0}b\u{B}c\u{1B}d") == "<p>a\u{FFFD}b\u{FFFD}c\u{FFFD}d</p>\n")
        #expect(Markdown.html(from: "x\u{FFFE}y\u{FFFF}z\u{FFFD}") == "<p>x\u{FFFD}y\u{FFFD}z\u{FFFD}</p>\n")
        #expect(Markdown.html(from: "\u{EFBF}\u{FFBF}") == "<p>\u{EFBF}\u{FFBF}</p>\n")
    }
}
