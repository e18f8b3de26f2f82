import Testing

/// The auditor that judges the vector outputs must itself catch unsafe markup.
struct OutputAuditorTests {
    @Test(arguments: [
        "<script>alert(1)</script>",
        "<p onclick=\"x\">t</p>",
        "<a href=\"javascript:alert(1)\">t</a>",
        "<a href=\"/relative\">t</a>",
        "<img src=\"http://example.com/a.png\">",
        "<img src=\"https://example.com/a.png\" onerror=\"x\">",
        "<p id=\"x\">t</p>",
        "<p>a & b</p>",
        "<p>unterminated <b",
        "<a href=\"https://x\" rel=\"opener\">t</a>",
        "<svg></svg>",
        "<p>\u{1}</p>",
    ])
    func auditorFlagsUnsafeMarkup(html: String) {
        #expect(!OutputAuditor.problems(in: html).isEmpty)
    }

    @Test func auditorAcceptsSanitizerShapedMarkup() {
        let html = "<p>a &amp; b &lt;c&gt; \"q\"</p><a href=\"https://e.com/?a=1&amp;b=2\" title=\"&quot;t&quot;\" rel=\"noopener noreferrer nofollow\">x</a><img src=\"https://e.com/a.png\" width=\"10\"><th scope=\"col\"></th>"
        #expect(OutputAuditor.problems(in: html) == [])
    }
}
