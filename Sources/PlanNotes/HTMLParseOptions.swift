import CLibXML2

/// The libxml2 `HTML_PARSE_*` flags the sanitizer parses with, named so the settings read as a list.
struct HTMLParseOptions: OptionSet, Sendable {
    let rawValue: Int32

    init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    private init(_ option: htmlParserOption) {
        self.rawValue = Int32(bitPattern: option.rawValue)
    }

    /// `HTML_PARSE_RECOVER`: repair malformed markup instead of giving up on it.
    static let recover = HTMLParseOptions(HTML_PARSE_RECOVER)
    /// `HTML_PARSE_NOERROR`: parse errors are expected in pasted HTML and are not reported.
    static let noError = HTMLParseOptions(HTML_PARSE_NOERROR)
    /// `HTML_PARSE_NOWARNING`: likewise for warnings.
    static let noWarning = HTMLParseOptions(HTML_PARSE_NOWARNING)
    /// `HTML_PARSE_NONET`: a note must never make the server fetch anything.
    static let noNetwork = HTMLParseOptions(HTML_PARSE_NONET)
    /// `HTML_PARSE_IGNORE_ENC`: the bytes are UTF-8 because Swift made them; a `<meta charset>`
    /// inside a note must not switch the decoder halfway through.
    static let ignoreEncoding = HTMLParseOptions(HTML_PARSE_IGNORE_ENC)

    /// What every note is parsed with.
    ///
    /// Deliberately absent: `HTML_PARSE_NOBLANKS` (would drop spaces between words in inline
    /// markup), `HTML_PARSE_NOIMPLIED` (libxml2 then builds odd trees, e.g. a `<p>` inside a
    /// `<title>`), and `HTML_PARSE_HUGE` (its depth and size caps are a second line of defence), and
    /// `HTML_PARSE_COMPACT` (measured with callgrind: no fewer instructions on the benchmark corpus).
    static let sanitizer: HTMLParseOptions = [.recover, .noError, .noWarning, .noNetwork, .ignoreEncoding]
}
