import PlanMarkdown
import Testing

/// Multi-byte characters must come through byte for byte, including next to syntax characters.
@Suite struct UnicodeTests {
    static let samples = [
        "中文段落，没有标记。",
        "emoji 👩‍👩‍👧‍👦 🇯🇵 🏳️‍🌈",
        "combining e\u{301} a\u{308} \u{1100}\u{1161}\u{11A8}",
        "right-to-left שלום العربية",
        "zero width\u{200B}joiner\u{200D}",
        "\u{FEFF}byte order mark",
    ]

    @Test(arguments: samples)
    func textWithoutSyntaxSurvives(_ text: String) {
        #expect(Markdown.html(from: text) == "<p>\(text)</p>\n")
    }

    @Test func syntaxNextToMultiByteCharacters() {
        #expect(Markdown.html(from: "**粗体**和*斜体*") == "<p><strong>粗体</strong>和<em>斜体</em></p>\n")
        #expect(Markdown.html(from: "é*é*é") == "<p>é<em>é</em>é</p>\n")
        #expect(Markdown.html(from: "# 🎉 *🎉*") == "<h1>🎉 <em>🎉</em></h1>\n")
        // The address is percent-encoded, as CommonMark's reference renderer writes it.
        #expect(Markdown.html(from: "[链接](https://例子.测试/路径)")
            == "<p><a href=\"https://%E4%BE%8B%E5%AD%90.%E6%B5%8B%E8%AF%95/%E8%B7%AF%E5%BE%84\">链接</a></p>\n")
    }

    @Test func combiningMarkAfterSyntaxCharacterStaysAttached() {
        // As Characters, "*\u{301}" is one grapheme; the converter works on bytes and keeps both.
        #expect(Markdown.html(from: "*\u{301}a*") == "<p><em>\u{301}a</em></p>\n")
        #expect(Markdown.html(from: "a >\u{338} b") == "<p>a &gt;\u{338} b</p>\n")
    }

    @Test func unicodePunctuationCountsForFlanking() {
        // Full-width punctuation before the opener lets "*" open after a letter-less context.
        #expect(Markdown.html(from: "：*強調*。") == "<p>：<em>強調</em>。</p>\n")
    }

    @Test func unicodeWhitespacePreventsOpening() {
        // U+3000 ideographic space after "*" means it cannot open.
        #expect(Markdown.html(from: "*\u{3000}a*") == "<p>*\u{3000}a*</p>\n")
    }

    @Test func bareURLsInChineseText() {
        #expect(Markdown.html(from: "请看https://x.example/a，谢谢")
            == "<p>请看<a href=\"https://x.example/a\">https://x.example/a</a>，谢谢</p>\n")
        #expect(Markdown.html(from: "见 https://zh.wikipedia.org/wiki/中文。")
            == "<p>见 <a href=\"https://zh.wikipedia.org/wiki/%E4%B8%AD%E6%96%87\">https://zh.wikipedia.org/wiki/中文</a>。</p>\n")
    }
}
