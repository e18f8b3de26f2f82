import PlanMarkdown
import Testing

/// Inputs that crash or stall backtracking parsers (the two Ink failures among them), scaled up.
/// These assert the exact output; speed is watched by the fuzzer's per-input timeout and by
/// Benchmarks/markdown-bench, not by timed assertions here.
@Suite struct PathologicalTests {
    private static let size = 100_000

    private func expectWellFormed(_ html: String) {
        #expect(HTMLBalance.problems(in: html).isEmpty)
    }

    @Test func inkListCrash() {
        #expect(Markdown.html(from: "* \n ") == "<ul>\n<li></li>\n</ul>\n")
    }

    @Test func inkBracketBlowup() {
        let input = "Blo work on" + String(repeating: "[", count: 22)
        #expect(Markdown.html(from: input) == "<p>\(input)</p>\n")
    }

    @Test func manyOpenBrackets() {
        let input = String(repeating: "[", count: Self.size)
        #expect(Markdown.html(from: input) == "<p>\(input)</p>\n")
    }

    @Test func manyNestedBracketsAroundOneWord() {
        let brackets = 20_000
        let input = String(repeating: "[", count: brackets) + "a" + String(repeating: "]", count: brackets)
        #expect(Markdown.html(from: input) == "<p>\(input)</p>\n")
    }

    @Test func manyStarsAfterAWord() {
        let input = "a" + String(repeating: "*", count: Self.size)
        #expect(Markdown.html(from: input) == "<p>\(input)</p>\n")
    }

    @Test func manyOpenersThatNeverClose() {
        let input = String(repeating: "*a ", count: Self.size / 3)
        #expect(Markdown.html(from: input) == "<p>\(input.dropLast())</p>\n")
    }

    @Test func alternatingUnderscoresAndStars() {
        // Runs pair up three characters at a time: "_*_" is <em>*</em>, "*_*" is <em>_</em>.
        let pairs = Self.size / 2
        let input = String(repeating: "_*", count: pairs)
        let characters = Array(input)
        var expected = "<p>"
        var index = 0
        while index + 3 <= characters.count {
            expected += "<em>\(characters[index + 1])</em>"
            index += 3
        }
        expected += String(characters[index...]) + "</p>\n"
        #expect(Markdown.html(from: input) == expected)
    }

    @Test func strongPairsInARow() {
        let input = String(repeating: "a**", count: 30_001)
        let expected = "<p>" + String(repeating: "a<strong>a</strong>", count: 15_000) + "a**</p>\n"
        #expect(Markdown.html(from: input) == expected)
    }

    @Test func manyBackticksAfterAWord() {
        let input = "a" + String(repeating: "`", count: Self.size)
        #expect(Markdown.html(from: input) == "<p>\(input)</p>\n")
    }

    @Test func backtickRunsOfGrowingLength() {
        // No run length repeats, so no code span can close.
        var input = ""
        for length in 1...400 {
            input += String(repeating: "`", count: length) + "x"
        }
        #expect(Markdown.html(from: input) == "<p>\(input)</p>\n")
    }

    @Test func unclosedLinkTails() {
        let input = String(repeating: "[a](b", count: 20_000)
        #expect(Markdown.html(from: input) == "<p>\(input)</p>\n")
    }

    @Test func unclosedTitles() {
        let input = String(repeating: "[a](b \"", count: 20_000)
        #expect(Markdown.html(from: input) == "<p>\(input.replacingQuotes)</p>\n")
    }

    @Test func unclosedAutolinks() {
        let input = "x" + String(repeating: "<http:", count: 20_000)
        #expect(Markdown.html(from: input) == "<p>x\(String(repeating: "&lt;http:", count: 20_000))</p>\n")
    }

    @Test func deepBlockQuotesAreFlattenedPastTheLimit() {
        let input = String(repeating: ">", count: 10_000) + " x"
        let expected = String(repeating: "<blockquote>\n", count: 32) + "<p>"
            + String(repeating: "&gt;", count: 10_000 - 32) + " x</p>\n"
            + String(repeating: "</blockquote>\n", count: 32)
        #expect(Markdown.html(from: input) == expected)
    }

    @Test func deepListsAreFlattenedPastTheLimit() {
        let input = String(repeating: "- ", count: 5_000) + "x"
        let output = Markdown.html(from: input)
        #expect(output.components(separatedBy: "<ul>").count - 1 == 32)
        #expect(output.contains("<li>" + String(repeating: "- ", count: 5_000 - 32) + "x</li>"))
        expectWellFormed(output)
    }

    @Test func nestingLimitIsConfigurable() {
        let configuration = MarkdownConfiguration(maximumNestingDepth: 2)
        #expect(Markdown.html(from: "> > > a", configuration: configuration)
            == "<blockquote>\n<blockquote>\n<p>&gt; a</p>\n</blockquote>\n</blockquote>\n")
        let huge = MarkdownConfiguration(maximumNestingDepth: .max)
        let output = Markdown.html(from: String(repeating: ">", count: 1_000), configuration: huge)
        #expect(output.components(separatedBy: "<blockquote>").count - 1 == 64)
    }

    @Test func emphasisNestedPastTheLimitStaysAsTheCharactersTyped() {
        // 200 stars each side pair up as 100 nested strong elements; 32 are kept.
        let stars = String(repeating: "*", count: 200)
        let output = Markdown.html(from: stars + "a" + stars)
        #expect(output == "<p>" + String(repeating: "<strong>", count: 32) + String(repeating: "**", count: 68) + "a"
            + String(repeating: "**", count: 68) + String(repeating: "</strong>", count: 32) + "</p>\n")
        expectWellFormed(output)
    }

    @Test func emphasisLimitIsConfigurable() {
        let configuration = MarkdownConfiguration(maximumEmphasisDepth: 1)
        #expect(Markdown.html(from: "*a **b ~~c~~** d*", configuration: configuration) == "<p><em>a **b ~~c~~** d</em></p>\n")
        let none = MarkdownConfiguration(maximumEmphasisDepth: 0)
        #expect(Markdown.html(from: "_a_ and **b**", configuration: none) == "<p>_a_ and **b**</p>\n")
        // Below the limit nothing changes.
        #expect(Markdown.html(from: "*a **b** c*") == "<p><em>a <strong>b</strong> c</em></p>\n")
    }

    // MARK: - Tables, autolinks and references

    @Test func aWideHeaderOverManyShortRowsDoesNotMultiplyTheOutput() {
        // Filling every row to 2,000 cells would write 100 million; empty cells are added only
        // up to 4,096 and one for every four bytes of input.
        let header = String(repeating: "|a", count: 2_000) + "|\n" + String(repeating: "|-", count: 2_000) + "|\n"
        let input = header + String(repeating: "x\n", count: 50_000)
        let output = Markdown.html(from: input)
        let cells = output.components(separatedBy: "<td>").count - 1
        #expect(cells == 50_000 + 4_096 + input.utf8.count / 4)
        #expect(output.components(separatedBy: "<tr>").count - 1 == 50_001)
        expectWellFormed(output)
    }

    @Test func manyRowsOfManyColumns() {
        let row = String(repeating: "| x ", count: 300) + "|\n"
        let input = row + String(repeating: "|---", count: 300) + "|\n" + String(repeating: row, count: 300)
        let output = Markdown.html(from: input)
        #expect(output.components(separatedBy: "<td>x</td>").count - 1 == 90_000)
        expectWellFormed(output)
    }

    @Test func manyDelimiterRowsThatNeverMatch() {
        let input = String(repeating: "| a | b |\n| - |\n", count: 20_000)
        let output = Markdown.html(from: input)
        #expect(!output.contains("<table>"))
        expectWellFormed(output)
    }

    @Test func wwwStartsInsideOtherCandidates() {
        // Every "www." starts a word (after "_") inside the previous candidate's domain.
        let output = Markdown.html(from: String(repeating: "www._", count: 20_000))
        #expect(!output.contains("<a "))
        expectWellFormed(output)
    }

    @Test func manyAtSigns() {
        let input = String(repeating: "a@", count: Self.size / 2)
        #expect(Markdown.html(from: input) == "<p>\(input)</p>\n")
        let dotted = String(repeating: "a.", count: Self.size / 2) + "@" + String(repeating: "b-", count: 1_000)
        #expect(Markdown.html(from: dotted) == "<p>\(dotted)</p>\n")
    }

    @Test func manyEmailAddresses() {
        let output = Markdown.html(from: String(repeating: "a@b.co ", count: 20_000))
        #expect(output.components(separatedBy: "href=\"mailto:a@b.co\"").count - 1 == 20_000)
    }

    @Test func manyDefinitionsAndReferences() {
        var input = ""
        for number in 0..<10_000 {
            input += "[\(number)] "
        }
        input += "\n\n"
        for number in 0..<10_000 {
            input += "[\(number)]: /u\(number)\n"
        }
        let output = Markdown.html(from: input)
        #expect(output.components(separatedBy: "<a href=").count - 1 == 10_000)
        #expect(!output.contains("]:"))
    }

    @Test func aLongAddressUsedByManyReferencesDoesNotMultiplyTheOutput() {
        // 20,000 uses of a 30 KB address would write 600 MB; past four times the input's size in
        // copied addresses, references stay text.
        let address = "/" + String(repeating: "a", count: 30_000)
        let input = String(repeating: "[a]", count: 20_000) + "\n\n[a]: " + address
        let output = Markdown.html(from: input)
        let links = output.components(separatedBy: "<a href=").count - 1
        #expect(links > 0 && links <= 4 * input.utf8.count / address.utf8.count)
        #expect(output.utf8.count < 8 * input.utf8.count)
    }

    @Test func nestedBracketsAroundADefinedLabel() {
        let brackets = 20_000
        let input = String(repeating: "[", count: brackets) + "a" + String(repeating: "]", count: brackets) + "\n\n[a]: /u"
        let expected = "<p>" + String(repeating: "[", count: brackets - 1) + "<a href=\"/u\">a</a>"
            + String(repeating: "]", count: brackets - 1) + "</p>\n"
        #expect(Markdown.html(from: input) == expected)
    }

    @Test func definitionWithAnUnclosedTitleOnTheNextLine() {
        let input = "[a]: /u\n\"" + String(repeating: "x ", count: Self.size / 2) + "\n\n[a]"
        let output = Markdown.html(from: input)
        #expect(output.hasSuffix("<p><a href=\"/u\">a</a></p>\n"))
    }

    @Test func manyTaskListItems() {
        let input = String(repeating: "- [ ] a\n- [x] b\n", count: 10_000)
        #expect(Markdown.taskListItems(in: input).count == 20_000)
        #expect(Markdown.html(from: input).components(separatedBy: "<input ").count - 1 == 20_000)
    }

    @Test func manyListItemsAndLines() {
        let input = String(repeating: "- item\n", count: 20_000)
        let expected = "<ul>\n" + String(repeating: "<li>item</li>\n", count: 20_000) + "</ul>\n"
        #expect(Markdown.html(from: input) == expected)
    }
}

private extension String {
    /// The converter writes `"` in text as `&quot;`, as CommonMark's reference renderer does.
    var replacingQuotes: String { String(flatMap { $0 == "\"" ? Array("&quot;") : [$0] }) }
}
