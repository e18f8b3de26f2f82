// libFuzzer entry point over the notes sanitizer. Built by scripts/fuzz together with the
// PlanNotes sources and Tests/PlanNotesTests/OutputAuditor.swift as one module, with
// -sanitize=fuzzer,address. Any invariant broken here aborts, and libFuzzer saves the input.

/// Sanitizes the fuzzer's bytes and checks what must always hold of the result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNotes(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    // Swift strings are valid UTF-8, as every note is; invalid bytes become U+FFFD here.
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let sanitizer = NoteSanitizer()
    let first: SanitizedNote
    do {
        first = try sanitizer.sanitize(input)
    } catch {
        return 0 // a typed refusal (size, depth) is a correct answer
    }
    let html = first.html.html
    check(!html.lowercased().contains("<script"), "output contains <script", input, html)
    for (name, value) in attributes(in: html) {
        check(!name.hasPrefix("on"), "output has an event attribute \(name)", input, html)
        // "javascript:" is harmless as words in text, in a title, or inside the path of an
        // http address ("https://example.com/javascript:x"); it executes only as the scheme.
        let squeezed = String(value.lowercased().unicodeScalars.filter { $0.value > 0x20 })
        check(!((name == "href" || name == "src") && squeezed.hasPrefix("javascript:")),
              "output has a javascript: address", input, html)
    }
    let problems = OutputAuditor.problems(in: html)
    check(problems.isEmpty, "audit: \(problems)", input, html)

    let second: SanitizedNote
    do {
        second = try sanitizer.sanitize(html)
    } catch {
        fail("sanitized output was refused: \(error)", input, html)
    }
    check(second.html == first.html, "not idempotent: second pass gave \(second.html.html.debugDescription)", input, html)
    check(second.removed.isEmpty, "second pass removed: \(second.removed.summary)", input, html)
    _ = first.html.plainText(limit: 40)
    return 0
}

/// The attributes of every tag, read by the grammar the sanitizer writes: `<name a="v" b="v">`.
/// Works on Unicode scalars: as Characters, a `>` followed by a combining mark is not a `>`.
private func attributes(in html: String) -> [(name: String, value: String)] {
    let scalars = Array(html.unicodeScalars)
    func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
    var found: [(name: String, value: String)] = []
    var index = 0
    while let open = scalars[index...].firstIndex(of: "<"), let close = scalars[open...].firstIndex(of: ">") {
        var position = open
        while let space = scalars[position..<close].firstIndex(of: " "),
              let equals = scalars[space..<close].firstIndex(of: "=") {
            let valueStart = min(equals + 2, close)
            let valueEnd = scalars[valueStart..<close].firstIndex(of: "\"") ?? close
            found.append((text((space + 1)..<equals), text(valueStart..<valueEnd)))
            position = min(valueEnd + 1, close)
        }
        index = close + 1
    }
    return found
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String, _ input: String, _ output: String) {
    if !condition {
        fail(message(), input, output)
    }
}

private func fail(_ message: String, _ input: String, _ output: String) -> Never {
    fatalError("\(message)\ninput: \(input.debugDescription)\noutput: \(output.debugDescription)")
}
