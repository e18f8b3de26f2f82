import Testing
@testable import PlanNotes

/// Link and image addresses are read the way a browser reads them before the scheme is judged.
struct URLPolicyTests {
    @Test(arguments: [
        ("https://example.com/", "https://example.com/"),
        ("HTTP://EXAMPLE.COM/A", "http://EXAMPLE.COM/A"),
        ("  \u{1}https://example.com/\u{1f} ", "https://example.com/"),
        ("ht\ttp\ns:\r//example.com", "https://example.com"),
        ("mailto:ann@example.com", "mailto:ann@example.com"),
        ("https://example.com/a b", "https://example.com/a%20b"),
        ("https://example.com/\u{2028}", "https://example.com/%E2%80%A8"),
        ("https://example.com/\u{200B}", "https://example.com/%E2%80%8B"),
    ])
    func allowedLinksAreCleaned(raw: String, expected: String) {
        #expect(URLPolicy.link(raw)?.text == expected)
    }

    @Test(arguments: [
        "javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "\u{0}javascript:alert(1)",
        "java\u{0}script:alert(1)", "\u{2028}javascript:alert(1)", "\u{A0}javascript:alert(1)",
        "\u{FEFF}https://example.com", "java\u{200B}script:x", "ｊavascript:x", "vbscript:x",
        "data:text/html,x", "/relative", "relative", "//host", "/\\host", "\\\\host", "http:host",
        "https:/host", "https:///host", "https://", "mailto:", "ftp://example.com", "file:///etc/passwd",
        "https://example.com/\u{7F}", "https://example.com/\u{85}", "", "   ",
    ])
    func unsafeOrRelativeLinksAreRejected(raw: String) {
        #expect(URLPolicy.link(raw) == nil)
    }

    @Test func onlyHTTPAndHTTPSLinksCountAsExternal() {
        #expect(URLPolicy.link("https://example.com")?.scheme.isExternal == true)
        #expect(URLPolicy.link("http://example.com")?.scheme.isExternal == true)
        #expect(URLPolicy.link("mailto:a@example.com")?.scheme.isExternal == false)
    }

    @Test func imagesNeedHTTPS() {
        #expect(URLPolicy.imageSource("https://example.com/a.png")?.text == "https://example.com/a.png")
        #expect(URLPolicy.imageSource("http://example.com/a.png") == nil)
        #expect(URLPolicy.imageSource("mailto:a@example.com") == nil)
        #expect(URLPolicy.imageSource("data:image/png;base64,AAAA") == nil)
    }
}
