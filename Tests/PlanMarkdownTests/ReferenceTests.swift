import PlanMarkdown
import Testing

/// Character references, link reference definitions and how addresses are written.
@Suite struct ReferenceTests {
    private func html(_ markdown: String, _ configuration: MarkdownConfiguration = .notes) -> String {
        Markdown.html(from: markdown, configuration: configuration)
    }

    // MARK: - Character references

    @Test func namedReferencesAreDecoded() {
        #expect(html("&copy; &eacute;t&eacute; &nbsp;x &frac34;") == "<p>© été \u{A0}x ¾</p>\n")
    }

    @Test func namedReferencesWithTwoCodePointsAreDecoded() {
        #expect(html("&NotEqualTilde;") == "<p>\u{2242}\u{338}</p>\n")
    }

    @Test func decimalAndHexadecimalReferencesAreDecoded() {
        #expect(html("&#35; &#1234; &#x4E2D;&#X6587; &#42;not emphasis&#42;") == "<p># Ӓ 中文 *not emphasis*</p>\n")
    }

    @Test func decodedCharactersAreEscapedAgain() {
        #expect(html("&lt;b&gt; &amp;amp; &quot;") == "<p>&lt;b&gt; &amp;amp; &quot;</p>\n")
    }

    @Test func textPastedFromAWebPageShowsItsCharacters() {
        #expect(html("Tom&nbsp;&amp;&nbsp;Jerry") == "<p>Tom\u{A0}&amp;\u{A0}Jerry</p>\n")
    }

    @Test func invalidCodePointsBecomeTheReplacementCharacter() {
        #expect(html("&#0; &#x110000; &#xD800; &#1; &#xFFFF;") == "<p>\u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD}</p>\n")
    }

    @Test func notAReferenceStaysText() {
        #expect(html("&nosuch; &copy &#; &#x; &#12345678; & ;") == "<p>&amp;nosuch; &amp;copy &amp;#; &amp;#x; &amp;#12345678; &amp; ;</p>\n")
    }

    @Test func referencesAreReadInDestinationsTitlesAndInfoStrings() {
        #expect(html(#"[a](/f&ouml;&ouml; "f&ouml;&ouml;")"#) == "<p><a href=\"/f%C3%B6%C3%B6\" title=\"föö\">a</a></p>\n")
        #expect(html("``` f&ouml;&ouml;\nx\n```") == "<pre><code class=\"language-föö\">x\n</code></pre>\n")
    }

    @Test func referencesAreNotReadInCode() {
        #expect(html("`&copy;`") == "<p><code>&amp;copy;</code></p>\n")
        #expect(html("    &copy;") == "<pre><code>&amp;copy;\n</code></pre>\n")
    }

    // MARK: - Addresses

    @Test func addressesArePercentEncodedAsTheReferenceRendererDoes() {
        #expect(html(#"[a](foo\bar)"#) == "<p><a href=\"foo%5Cbar\">a</a></p>\n")
        #expect(html("[a](<a b>)") == "<p><a href=\"a%20b\">a</a></p>\n")
        #expect(html("[a](/路径)") == "<p><a href=\"/%E8%B7%AF%E5%BE%84\">a</a></p>\n")
        #expect(html("[a](/x?a=1&b=[2]%20{3}|^`)") == "<p><a href=\"/x?a=1&amp;b=%5B2%5D%20%7B3%7D%7C%5E%60\">a</a></p>\n")
        #expect(html("[a](-_.+!*'(),%#@?=;:/$~)") == "<p><a href=\"-_.+!*'(),%#@?=;:/$~\">a</a></p>\n")
    }

    @Test func autolinkAddressesAreEncodedToo() {
        #expect(html("<https://x.example/a\\b>") == "<p><a href=\"https://x.example/a%5Cb\">https://x.example/a\\b</a></p>\n")
        #expect(html("https://x.example/中文") == "<p><a href=\"https://x.example/%E4%B8%AD%E6%96%87\">https://x.example/中文</a></p>\n")
    }

    // MARK: - Reference links

    @Test func fullCollapsedAndShortcutReferencesLink() {
        let definitions = "\n\n[ref]: https://x.example \"T\""
        let link = "<a href=\"https://x.example\" title=\"T\">"
        #expect(html("[text][ref]" + definitions) == "<p>\(link)text</a></p>\n")
        #expect(html("[ref][]" + definitions) == "<p>\(link)ref</a></p>\n")
        #expect(html("[ref]" + definitions) == "<p>\(link)ref</a></p>\n")
        #expect(html("![alt][ref]" + definitions) == "<p><img src=\"https://x.example\" alt=\"alt\" title=\"T\" /></p>\n")
    }

    @Test func labelsMatchIgnoringCaseAndSpacing() {
        #expect(html("[Foo  Bar]\n\n[foo\nbar]: /u") == "<p><a href=\"/u\">Foo  Bar</a></p>\n")
        #expect(html("[ẞ]\n\n[SS]: /u") == "<p><a href=\"/u\">ẞ</a></p>\n")
    }

    @Test func theFirstDefinitionWins() {
        #expect(html("[a]\n\n[a]: /first\n[A]: /second") == "<p><a href=\"/first\">a</a></p>\n")
    }

    @Test func definitionsCanBeUsedBeforeTheyAreMadeAndLeaveNoText() {
        #expect(html("[a]\n\n[a]:\n  /u\n  'title'\n") == "<p><a href=\"/u\" title=\"title\">a</a></p>\n")
    }

    @Test func undefinedReferencesStayText() {
        #expect(html("[a][b] [c] [d][]\n\n[a]: /u") == "<p>[a][b] [c] [d][]</p>\n")
    }

    @Test func aDefinitionNeedsItsOwnLine() {
        #expect(html("text [a]: /u\n\n[a]") == "<p>text [a]: /u</p>\n<p>[a]</p>\n")
        #expect(html("[a]: /u \"t\" more\n\n[a]") == "<p>[a]: /u &quot;t&quot; more</p>\n<p>[a]</p>\n")
    }

    @Test func definitionsBeforeASetextUnderlineLeaveNoHeading() {
        #expect(html("[a]: /u\n===\n\n[a]") == "<p>===</p>\n<p><a href=\"/u\">a</a></p>\n")
        #expect(html("[a]: /u\nTitle\n===") == "<h1>Title</h1>\n")
    }

    @Test func trelloDescriptionsKeepDefinitionsAsText() {
        #expect(html("[a][b]\n\n[b]: https://x.example", .trello)
            == "<p>[a][b]</p>\n<p>[b]: <a href=\"https://x.example\">https://x.example</a></p>\n")
        #expect(MarkdownConfiguration.notes.linkReferenceDefinitions)
        #expect(!MarkdownConfiguration.trello.linkReferenceDefinitions)
    }
}
