/// Builds the benchmark corpus deterministically, so every run and every machine measures the
/// same notes: many small notes of realistic markup with some junk to remove, and one large note.
struct CorpusGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    // SplitMix64: tiny, fast and the same everywhere, unlike the system generator.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    private static let words = [
        "plan", "review", "ship", "draft", "call", "the", "team", "about", "budget", "release", "notes",
        "check", "with", "design", "before", "Friday", "and", "update", "tests", "deploy", "server", "fix",
        "bug", "in", "login", "page", "write", "docs", "for", "import", "export", "board", "café", "naïve",
        "日本語", "中文", "émigré", "😀", "ok", "a", "of", "to", "next", "week", "customer", "feedback",
    ]

    private mutating func sentence(_ count: Int) -> String {
        (0..<count).map { _ in pick(Self.words) }.joined(separator: " ")
    }

    private mutating func inline() -> String {
        switch below(10) {
        case 0: "<b>\(sentence(2))</b>"
        case 1: "<em>\(sentence(2))</em>"
        case 2: "<a href=\"https://example.com/\(pick(Self.words))?id=\(below(1000))\">\(sentence(2))</a>"
        case 3: "<code>\(pick(Self.words))()</code>"
        case 4: "<span style=\"color:red\">\(sentence(2))</span>"
        case 5: "<a href=\"javascript:alert(\(below(9)))\" onclick=\"steal()\">\(sentence(1))</a>"
        case 6: "<font face=\"Arial\">\(sentence(2))</font>"
        case 7: "AT&amp;T &lt;3 “quotes”"
        default: sentence(3)
        }
    }

    private mutating func paragraph() -> String {
        "<p class=\"note\">" + (0..<(2 + below(4))).map { _ in "\(sentence(3 + below(5))) \(inline())" }
            .joined(separator: " ") + ".</p>"
    }

    private mutating func block() -> String {
        switch below(12) {
        case 0, 1, 2, 3: paragraph()
        case 4: "<ul>" + (0..<(2 + below(4))).map { _ in "<li>\(sentence(2 + below(4))) \(inline())</li>" }.joined() + "</ul>"
        case 5: "<ol start=\"2\">" + (0..<(2 + below(3))).map { _ in "<li>\(sentence(3))</li>" }.joined() + "</ol>"
        case 6: "<h3 id=\"h\(below(99))\">\(sentence(3))</h3>"
        case 7: "<blockquote><p>\(sentence(8))</p></blockquote>"
        case 8: "<pre><code>let x = \(below(99)) &lt; y &amp;&amp; z</code></pre>"
        case 9: "<!-- pasted from somewhere --><div><img src=\"https://example.com/i/\(below(99)).png\" alt=\"\(sentence(2))\" onerror=\"x()\"></div>"
        case 10: "<script>track(\(below(99)))</script><p>\(sentence(5))</p>"
        default: "<table><tr><th>\(sentence(1))</th><td>\(sentence(2))</td></tr><tr><td colspan=\"2\">\(sentence(3))</td></tr></table>"
        }
    }

    /// A note of roughly `bytes` UTF-8 bytes.
    mutating func note(around bytes: Int) -> String {
        var note = ""
        while note.utf8.count < bytes {
            note += block() + "\n"
        }
        return note
    }

    /// `count` small notes of 150–800 bytes, and one note of about 100 KB.
    mutating func corpus(smallNotes count: Int) -> (small: [String], large: String) {
        let small = (0..<count).map { _ in note(around: 150 + below(650)) }
        return (small, note(around: 100_000))
    }
}
