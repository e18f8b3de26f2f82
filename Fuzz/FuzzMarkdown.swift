// libFuzzer entry point over the Markdown converter. Built by scripts/fuzz-markdown together with
// the PlanMarkdown sources and Tests/PlanMarkdownTests/HTMLBalance.swift as one module, with
// -sanitize=fuzzer,address. A broken invariant aborts and libFuzzer saves the input; a slow input
// is caught by libFuzzer's -timeout, which is how "no exponential cases" is checked.

/// Converts the fuzzer's bytes and checks what must hold of every result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    // Swift strings are valid UTF-8, as every card description is; invalid bytes become U+FFFD.
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    check(Markdown.html(from: input), of: input, "default")
    // Shallow nesting limits and no bare links reach the flattening and plain-text paths.
    let shallow = MarkdownConfiguration(maximumNestingDepth: 3, maximumEmphasisDepth: 2, linksBareURLs: false)
    check(Markdown.html(from: input, configuration: shallow), of: input, "shallow")
    check(Markdown.html(from: input, configuration: .trello), of: input, "trello")
    checkTaskList(input)
    return 0
}

/// Every task list item found has a checkbox in the HTML, in order, and ticking one changes only
/// its mark.
private func checkTaskList(_ input: String) {
    let items = Markdown.taskListItems(in: input)
    let html = Markdown.html(from: input)
    let boxes = html.utf8.split(separator: UInt8(ascii: "<"), omittingEmptySubsequences: false)
        .filter { $0.starts(with: "input ".utf8) }
        .map { String(decoding: $0, as: UTF8.self).contains("checked") }
    if boxes != items.map(\.isChecked) {
        fail("task list: checkboxes \(boxes) but items \(items)", input, html)
    }
    guard let first = items.first, let ticked = Markdown.settingTaskListItem(0, checked: !first.isChecked, in: input) else {
        return
    }
    let before = Array(input.utf8)
    let after = Array(ticked.utf8)
    let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
    if before.count != after.count || changed != [first.markerOffset + 1]
        || Markdown.taskListItems(in: ticked).map(\.isChecked) != [!first.isChecked] + items.dropFirst().map(\.isChecked) {
        fail("task list: ticking item 0 changed \(changed)", input, ticked)
    }
}

private func check(_ html: String, of input: String, _ label: String) {
    let problems = HTMLBalance.problems(in: html)
    if !problems.isEmpty {
        fail("\(label): malformed output: \(problems)", input, html)
    }
    // Output grows at most by a constant factor: the largest expansion is a one-byte `>` opening
    // a block quote (27 bytes of tags) or `&` in an autolink written twice as `&amp;`.
    let inputBytes = input.utf8.count
    if html.utf8.count > 64 * inputBytes + 64 {
        fail("\(label): output of \(html.utf8.count) bytes for \(inputBytes) bytes of input", input, html)
    }
    let isBlank = !input.utf8.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    if isBlank, !html.isEmpty {
        fail("\(label): output for blank input", input, html)
    }
}

private func fail(_ message: String, _ input: String, _ output: String) -> Never {
    fatalError("\(message)\ninput: \(input.debugDescription)\noutput: \(output.debugDescription)")
}
