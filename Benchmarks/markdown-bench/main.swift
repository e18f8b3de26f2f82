// Throughput of the Markdown converter on realistic card descriptions and on inputs that make
// backtracking parsers blow up, each at 100 KB and 1 MB. Linear behaviour shows as similar MB/s at
// both sizes; a quadratic case would be ten times slower per byte at the larger one.
//
//   swift run -c release markdown-bench

import Foundation
import PlanMarkdown

/// A card description of the kind Trello users write, varied by `seed` so cards differ.
func card(_ seed: Int) -> String {
    """
    ## Sprint \(seed) goal
    Ship the **board export** for team \(seed % 7) before _Friday_.
    Owner: @user\(seed) — see https://trello.com/c/card\(seed)/export and the \
    [spec](https://docs.example.com/spec?v=\(seed)&lang=en "Spec v\(seed)").

    ### Checklist
    - parse the `cards` JSON
    - map labels and colours
      - red → *urgent*
      - green → done ~~maybe~~
    - write tests for card \(seed)

    1. Export
    2. Review with 中文 and émoji 🎉 names
    3. Import again

    > From the client call:
    > "We need the *old* cards too, including #\(seed)."

    ```swift
    let cards = board.cards.filter { $0.list == "Done" && $0.id > \(seed) }
    print(cards.count)
    ```

    ---
    _Last updated by user \(seed)_ <mailto:user\(seed)@example.com>

    """
}

/// Repeats `unit` (after an optional `prefix`) until the text reaches `bytes`.
func repeated(_ unit: String, bytes: Int, prefix: String = "") -> String {
    let count = max(1, (bytes - prefix.utf8.count) / unit.utf8.count)
    return prefix + String(repeating: unit, count: count)
}

struct Case {
    let name: String
    /// The inputs converted in one timed round (many small cards, or one big text).
    let inputs: [String]
    var bytes: Int { inputs.reduce(0) { $0 + $1.utf8.count } }
}

func cases(bytes: Int) -> [Case] {
    var cards: [String] = []
    var total = 0
    var seed = 0
    while total < bytes {
        let text = card(seed)
        cards.append(text)
        total += text.utf8.count
        seed += 1
    }
    return [
        Case(name: "realistic cards (\(cards.count) separate)", inputs: cards),
        Case(name: "realistic cards (one text)", inputs: [cards.joined()]),
        Case(name: "[ repeated", inputs: [repeated("[", bytes: bytes)]),
        Case(name: "a then * repeated", inputs: [repeated("*", bytes: bytes, prefix: "a")]),
        Case(name: "_* repeated", inputs: [repeated("_*", bytes: bytes)]),
        Case(name: "*a  repeated (openers)", inputs: [repeated("*a ", bytes: bytes)]),
        Case(name: "a then ` repeated", inputs: [repeated("`", bytes: bytes, prefix: "a")]),
        Case(name: "` `` ``` repeated", inputs: [repeated("` `` ``` ", bytes: bytes)]),
        Case(name: "[a](b repeated", inputs: [repeated("[a](b", bytes: bytes)]),
        Case(name: "[a](b \" repeated", inputs: [repeated("[a](b \"", bytes: bytes)]),
        Case(name: "![[ repeated", inputs: [repeated("![[", bytes: bytes)]),
        Case(name: "<http: repeated", inputs: [repeated("<http:", bytes: bytes, prefix: "x")]),
        Case(name: "(https://x.y repeated", inputs: [repeated("(https://x.y", bytes: bytes)]),
        Case(name: "> repeated (one line)", inputs: [repeated(">", bytes: bytes)]),
        Case(name: "- repeated (one line)", inputs: [repeated("- ", bytes: bytes)]),
        Case(name: "nested list lines", inputs: [repeated("- a\n  - b\n    - c\n", bytes: bytes)]),
        Case(name: "> > > lines", inputs: [repeated("> > > a\n", bytes: bytes)]),
        Case(name: "table, 8 columns", inputs: [repeated("| a | **b** | `c` | d | e | f | g | h |\n",
                                                          bytes: bytes, prefix: "|a|b|c|d|e|f|g|h|\n|-|:-|-:|:-:|-|-|-|-|\n")]),
        Case(name: "wide header over x rows", inputs: [repeated("x\n", bytes: bytes, prefix: String(repeating: "|a", count: 2_000)
                                                               + "|\n" + String(repeating: "|-", count: 2_000) + "|\n")]),
        Case(name: "| - | rows that never match", inputs: [repeated("| a | b |\n| - |\n", bytes: bytes)]),
        Case(name: "www._ repeated", inputs: [repeated("www._", bytes: bytes)]),
        Case(name: "a@ repeated", inputs: [repeated("a@", bytes: bytes)]),
        Case(name: "a@b.co repeated", inputs: [repeated("a@b.co ", bytes: bytes)]),
        Case(name: "[a] repeated, one long address", inputs: [repeated("[a]", bytes: bytes)
                                                                  + "\n\n[a]: /" + String(repeating: "u", count: 10_000)]),
        Case(name: "[ repeated, a defined label", inputs: [repeated("[", bytes: bytes / 2) + "a" + repeated("]", bytes: bytes / 2)
                                                             + "\n\n[a]: /u"]),
        Case(name: "&copy; &#42; repeated", inputs: [repeated("&copy; &#42; ", bytes: bytes)]),
        Case(name: "- [ ] task lines", inputs: [repeated("- [ ] a task\n", bytes: bytes)]),
    ]
}

/// Best of several rounds, in seconds: the minimum is the least disturbed by other processes.
func measure(_ benchCase: Case, rounds: Int) -> Double {
    var best = Double.infinity
    var sink = 0
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        for input in benchCase.inputs {
            sink &+= Markdown.html(from: input).utf8.count
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = min(best, seconds)
    }
    // Keeps the conversions from being optimized away.
    if sink == -1 {
        print(sink)
    }
    return best
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

print(pad("input", 36) + pad("size", 10) + pad("best ms", 11) + "MB/s")
for size in [100_000, 1_000_000] {
    for benchCase in cases(bytes: size) {
        let seconds = measure(benchCase, rounds: size > 100_000 ? 5 : 20)
        let megabytes = Double(benchCase.bytes) / 1_000_000
        print(pad(benchCase.name, 36)
              + pad(String(format: "%.2f MB", megabytes), 10)
              + pad(String(format: "%.2f", seconds * 1000), 11)
              + String(format: "%.1f", megabytes / seconds))
    }
    print("")
}
