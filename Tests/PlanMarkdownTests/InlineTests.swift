import PlanMarkdown
import Testing

/// One-line inline cases; longer ones are fixtures.
@Suite struct InlineTests {
    private func paragraph(_ markdown: String) -> String {
        Markdown.html(from: markdown)
    }

    @Test func plainTextIsWrappedInAParagraph() {
        #expect(paragraph("hello") == "<p>hello</p>\n")
    }

    @Test func emphasisAndStrong() {
        #expect(paragraph("*a* _b_ **c** __d__")
            == "<p><em>a</em> <em>b</em> <strong>c</strong> <strong>d</strong></p>\n")
    }

    @Test func tripleDelimitersNestStrongInsideEmphasis() {
        #expect(paragraph("***x***") == "<p><em><strong>x</strong></em></p>\n")
    }

    @Test func underscoresInsideWordsAreText() {
        #expect(paragraph("snake_case_word") == "<p>snake_case_word</p>\n")
    }

    @Test func strikethroughNeedsExactlyTwoTildes() {
        #expect(paragraph("~~gone~~") == "<p><del>gone</del></p>\n")
        #expect(paragraph("~one~ ~~~three~~~") == "<p>~one~ ~~~three~~~</p>\n")
    }

    @Test func codeSpansOfAnyLength() {
        #expect(paragraph("`a` ``b`c`` ```d``e```") == "<p><code>a</code> <code>b`c</code> <code>d``e</code></p>\n")
    }

    @Test func codeSpanContentIsEscapedAndNotParsed() {
        #expect(paragraph("`<b>*x*</b> & [y](z)`") == "<p><code>&lt;b&gt;*x*&lt;/b&gt; &amp; [y](z)</code></p>\n")
    }

    @Test func unmatchedBackticksAreText() {
        #expect(paragraph("``a`") == "<p>``a`</p>\n")
    }

    @Test func backslashEscapes() {
        #expect(paragraph(##"\# \* \_ \[ \] \\ \` \~ \>"##) == "<p># * _ [ ] \\ ` ~ &gt;</p>\n")
    }

    @Test func textIsEscaped() {
        #expect(paragraph(#"a & b < c > d "e""#) == "<p>a &amp; b &lt; c &gt; d &quot;e&quot;</p>\n")
    }

    @Test func rawHTMLIsEscapedNotPassedThrough() {
        #expect(paragraph("<img src=x onerror=alert(1)>") == "<p>&lt;img src=x onerror=alert(1)&gt;</p>\n")
    }

    @Test func linkWithTitle() {
        #expect(paragraph(#"[a](https://x.example "T")"#) == "<p><a href=\"https://x.example\" title=\"T\">a</a></p>\n")
    }

    @Test func quotesAreEscapedInAttributes() {
        // In an address a quote is percent-encoded, as CommonMark's reference renderer does.
        #expect(paragraph(#"[a](x"y 't"q')"#) == "<p><a href=\"x%22y\" title=\"t&quot;q\">a</a></p>\n")
    }

    @Test func linkDestinationWithBalancedParentheses() {
        #expect(paragraph("[a](b(c)d)") == "<p><a href=\"b(c)d\">a</a></p>\n")
        #expect(paragraph("[a](b(c)") == "<p>[a](b(c)</p>\n")
    }

    @Test func linksCannotContainLinks() {
        #expect(paragraph("[a [b](c) d](e)") == "<p>[a <a href=\"c\">b</a> d](e)</p>\n")
    }

    @Test func referenceLinksStayText() {
        #expect(paragraph("[a][b] [c]") == "<p>[a][b] [c]</p>\n")
    }

    @Test func imageAltIsPlainText() {
        #expect(paragraph("![*a* `b` [c](d)](e.png \"t\")")
            == "<p><img src=\"e.png\" alt=\"a b c\" title=\"t\" /></p>\n")
    }

    @Test func imageInsideLink() {
        #expect(paragraph("[![i](s.png)](u)") == "<p><a href=\"u\"><img src=\"s.png\" alt=\"i\" /></a></p>\n")
    }

    @Test func angleAutolinks() {
        #expect(paragraph("<https://x.example/a?b=1&c=2>")
            == "<p><a href=\"https://x.example/a?b=1&amp;c=2\">https://x.example/a?b=1&amp;c=2</a></p>\n")
        #expect(paragraph("<me@x.example>") == "<p><a href=\"mailto:me@x.example\">me@x.example</a></p>\n")
    }

    @Test func bareURLsBecomeLinksWithoutTrailingPunctuation() {
        #expect(paragraph("see https://x.example/a.")
            == "<p>see <a href=\"https://x.example/a\">https://x.example/a</a>.</p>\n")
        #expect(paragraph("(http://x.example/b)") == "<p>(<a href=\"http://x.example/b\">http://x.example/b</a>)</p>\n")
    }

    @Test func backslashesInAutolinksAreKept() {
        // Kept, not read as an escape; percent-encoded in the address like any backslash.
        #expect(paragraph(#"<https://x.example/a\*b>"#)
            == "<p><a href=\"https://x.example/a%5C*b\">https://x.example/a\\*b</a></p>\n")
    }

    @Test func bareURLsCanBeTurnedOff() {
        let configuration = MarkdownConfiguration(linksBareURLs: false)
        #expect(Markdown.html(from: "https://x.example", configuration: configuration) == "<p>https://x.example</p>\n")
    }

    @Test func autolinkInsideLinkTextIsText() {
        #expect(paragraph("[see <https://a.example>](https://b.example)")
            == "<p><a href=\"https://b.example\">see https://a.example</a></p>\n")
    }

    @Test func newlinesInsideAParagraphAreLineBreaks() {
        #expect(paragraph("a\nb  \nc\\\nd") == "<p>a<br />\nb<br />\nc<br />\nd</p>\n")
    }

    @Test func emphasisDoesNotCrossLinkBoundaries() {
        #expect(paragraph("*a [b* c](d)") == "<p>*a <a href=\"d\">b* c</a></p>\n")
    }

    @Test func ruleOfThree() {
        #expect(paragraph("*foo**bar**baz*") == "<p><em>foo<strong>bar</strong>baz</em></p>\n")
        #expect(paragraph("*foo**bar*") == "<p><em>foo**bar</em></p>\n")
    }
}
