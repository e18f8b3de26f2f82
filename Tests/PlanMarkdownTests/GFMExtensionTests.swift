import Foundation
import PlanMarkdown
import Testing

/// GitHub's extensions: tables, `www.` and e-mail autolinks, strikethrough and task lists.
@Suite struct GFMExtensionTests {
    private func html(_ markdown: String) -> String {
        Markdown.html(from: markdown)
    }

    private func table(head: String, body: String? = nil) -> String {
        "<table>\n<thead>\n<tr>\n\(head)</tr>\n</thead>\n" + (body.map { "<tbody>\n\($0)</tbody>\n" } ?? "") + "</table>\n"
    }

    // MARK: - Tables

    @Test func aTableHasAHeaderAndBodyRows() {
        #expect(html("| a | b |\n| - | - |\n| 1 | 2 |")
            == table(head: "<th>a</th>\n<th>b</th>\n", body: "<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n"))
    }

    @Test func columnsAreAlignedByTheirColons() {
        #expect(html("a | b | c | d\n:- | :-: | -: | --")
            == table(head: "<th align=\"left\">a</th>\n<th align=\"center\">b</th>\n<th align=\"right\">c</th>\n<th>d</th>\n"))
    }

    @Test func escapedPipesStayInTheirCellEvenInCode() {
        #expect(html("| a |\n|---|\n| x \\| y `p\\|q` |")
            == table(head: "<th>a</th>\n", body: "<tr>\n<td>x | y <code>p|q</code></td>\n</tr>\n"))
    }

    @Test func cellsHoldInlineMarkdown() {
        #expect(html("| a |\n|---|\n| **b** [c](https://x.example) ~~d~~ |")
            == table(head: "<th>a</th>\n", body: "<tr>\n<td><strong>b</strong> <a href=\"https://x.example\">c</a> <del>d</del></td>\n</tr>\n"))
    }

    @Test func chineseCellsAreKeptWhole() {
        #expect(html("| 任务 | 負責人 |\n| --- | --- |\n| 写测试 | 小明 |")
            == table(head: "<th>任务</th>\n<th>負責人</th>\n", body: "<tr>\n<td>写测试</td>\n<td>小明</td>\n</tr>\n"))
    }

    @Test func rowsAreCutOrFilledToTheHeader() {
        #expect(html("| a | b |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |")
            == table(head: "<th>a</th>\n<th>b</th>\n",
                     body: "<tr>\n<td>1</td>\n<td></td>\n</tr>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n"))
    }

    @Test func withoutMatchingCellCountsThereIsNoTable() {
        #expect(html("| a | b |\n| - |\n| 1 |") == "<p>| a | b |<br />\n| - |<br />\n| 1 |</p>\n")
    }

    @Test func aBlankLineOrAnotherBlockEndsTheTable() {
        #expect(html("| a |\n| - |\n| 1 |\n\nafter") == table(head: "<th>a</th>\n", body: "<tr>\n<td>1</td>\n</tr>\n") + "<p>after</p>\n")
        #expect(html("| a |\n| - |\n> q") == table(head: "<th>a</th>\n") + "<blockquote>\n<p>q</p>\n</blockquote>\n")
    }

    @Test func linesBeforeTheHeaderStayAParagraph() {
        #expect(html("intro\n| a |\n| - |") == "<p>intro</p>\n" + table(head: "<th>a</th>\n"))
    }

    // MARK: - Autolinks

    @Test func wwwAddressesLinkToHTTP() {
        #expect(html("see www.example.com/help.") == "<p>see <a href=\"http://www.example.com/help\">www.example.com/help</a>.</p>\n")
    }

    @Test func wwwAddressesNeedAValidDomain() {
        #expect(html("www.a_b.c_d.com and www. and swww.x.com")
            == "<p>www.a_b.c_d.com and www. and swww.x.com</p>\n")
    }

    @Test func trailingPunctuationParenthesesAndReferencesAreLeftOut() {
        #expect(html("(www.x.com/a_(b)) www.x.com/q?a&hl; www.x.com/q?a&hl=en")
            == "<p>(<a href=\"http://www.x.com/a_(b)\">www.x.com/a_(b)</a>) <a href=\"http://www.x.com/q?a\">www.x.com/q?a</a>&amp;hl; <a href=\"http://www.x.com/q?a&amp;hl=en\">www.x.com/q?a&amp;hl=en</a></p>\n")
    }

    @Test func bareEmailAddressesLinkToMailto() {
        #expect(html("write to ann.lee+plan@mail.example.org.")
            == "<p>write to <a href=\"mailto:ann.lee+plan@mail.example.org\">ann.lee+plan@mail.example.org</a>.</p>\n")
    }

    @Test func notEveryAtSignIsAnAddress() {
        #expect(html("a@b @x.com x@y- x@y_ x@-y.com") == "<p>a@b @x.com x@y- x@y_ x@-y.com</p>\n")
    }

    @Test func onlyWebAddressesAreLinked() {
        #expect(html("ftp://files.example.com") == "<p>ftp://files.example.com</p>\n")
    }

    @Test func bareLinksCanBeTurnedOff() {
        let off = MarkdownConfiguration(linksBareURLs: false)
        #expect(Markdown.html(from: "www.x.com a@b.com https://x.com", configuration: off) == "<p>www.x.com a@b.com https://x.com</p>\n")
    }

    // MARK: - Strikethrough

    @Test func twoTildesStrikeThrough() {
        #expect(html("~~b~~ and ~~a **b** c~~") == "<p><del>b</del> and <del>a <strong>b</strong> c</del></p>\n")
    }

    // MARK: - Task lists

    @Test func taskListItemsStartWithADisabledCheckbox() {
        #expect(html("- [ ] open\n- [x] done\n- [X] done too")
            == "<ul>\n<li><input type=\"checkbox\" disabled=\"\" /> open</li>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done too</li>\n</ul>\n")
    }

    @Test func aMarkerNeedsASpaceAfterIt() {
        #expect(html("- [ ]x\n- [y] z\n- [ ]") == "<ul>\n<li>[ ]x</li>\n<li>[y] z</li>\n<li>[ ]</li>\n</ul>\n")
    }

    @Test func taskListItemsAreFoundByTheirMarkersInTheText() {
        let text = "Plan\n\n- [ ] one\n- [x] two\n  - [ ] nested\n\n1. [X] ordered\n"
        let items = Markdown.taskListItems(in: text)
        let bytes = Array(text.utf8)
        #expect(items.map(\.isChecked) == [false, true, false, true])
        #expect(items.map { String(decoding: bytes[$0.markerOffset..<($0.markerOffset + 3)], as: UTF8.self) }
            == ["[ ]", "[x]", "[ ]", "[X]"])
        let rendered = Markdown.html(from: text)
        #expect(rendered.components(separatedBy: "<input ").count - 1 == items.count)
        #expect(rendered.components(separatedBy: "checked=\"\"").count - 1 == 2)
    }

    @Test func markerOffsetsCountTheTextAsGiven() {
        // "\r\n" is one byte shorter once read, a control character two bytes longer (U+FFFD).
        let text = "\u{1}\r\n- [ ] a\r\n- [x] 中\u{2}\r\n- [ ] c"
        let bytes = Array(text.utf8)
        let items = Markdown.taskListItems(in: text)
        #expect(items.count == 3)
        for item in items {
            #expect(bytes[item.markerOffset] == UInt8(ascii: "["))
            #expect(bytes[item.markerOffset + 2] == UInt8(ascii: "]"))
        }
    }

    @Test func tickingAnItemChangesOnlyItsMark() {
        let text = "- [ ] one\n- [x] two\n\n```\n- [ ] code, not a task\n```\n"
        #expect(Markdown.settingTaskListItem(0, checked: true, in: text) == text.replacingFirst("- [ ] one", "- [x] one"))
        #expect(Markdown.settingTaskListItem(1, checked: false, in: text) == text.replacingFirst("- [x] two", "- [ ] two"))
        #expect(Markdown.settingTaskListItem(2, checked: true, in: text) == nil)
        #expect(Markdown.settingTaskListItem(-1, checked: true, in: text) == nil)
    }

    @Test func itemsPastTheNestingLimitAreNeitherDrawnNorCounted() {
        let configuration = MarkdownConfiguration(maximumNestingDepth: 1)
        let text = "- [ ] a\n  - [ ] b"
        #expect(Markdown.taskListItems(in: text, configuration: configuration).count == 1)
        #expect(Markdown.html(from: text, configuration: configuration).components(separatedBy: "<input ").count == 2)
    }
}

private extension String {
    func replacingFirst(_ target: String, _ replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
