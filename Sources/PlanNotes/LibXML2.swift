import CLibXML2

/// The libxml2 calls the sanitizer makes, wrapped so that every allocation is freed on every path.
enum LibXML2 {
    // xmlInitParser must run once before parsers are used from several threads; a static
    // let's initializer runs exactly once, whichever task gets here first.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses `bytes` (UTF-8) with a parser context of its own, hands the tree to `body`, then
    /// frees the tree and the context.
    ///
    /// libxml2's error handlers are per thread; they are silenced for the parse and put back
    /// afterwards, so a handler some other code installed on this thread sees nothing of the
    /// note and is still there when we return. Nothing here suspends, so the Swift task stays
    /// on one thread from set to reset.
    static func withDocument<Result>(
        parsing bytes: [UInt8],
        options: HTMLParseOptions,
        _ body: (UnsafeMutablePointer<xmlDoc>) throws(NoteSanitizerError) -> Result
    ) throws(NoteSanitizerError) -> Result {
        precondition(initialized)
        let savedHandlers = planboard_silenceErrors()
        defer { planboard_restoreErrors(savedHandlers) }

        guard let context = htmlNewParserCtxt() else { throw .parserUnavailable }
        defer { htmlFreeParserCtxt(context) }

        // Network access stays off whatever the caller asked for.
        let flags = options.union(.noNetwork).rawValue
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                htmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), nil, "UTF-8", flags)
            }
        }
        guard let document else { throw .parserUnavailable }
        defer { xmlFreeDoc(document) }
        // A parser that ran out of memory returns whatever it had built so far; a truncated
        // note must not be stored as if it were the whole note.
        guard context.pointee.errNo != Int32(XML_ERR_NO_MEMORY.rawValue) else { throw .parserUnavailable }
        // libxml2 halts (and silently drops the rest of the input) when elements nest past 256,
        // which it reports as an internal error. The walker's own depth limit is far lower,
        // but elements it does not count (e.g. 300 nested <embed>) can still get there.
        if context.pointee.disableSAX != 0 {
            throw context.pointee.errNo == Int32(XML_ERR_INTERNAL_ERROR.rawValue)
                ? .nestedTooDeeply(limit: NoteSanitizer.maximumDepth) : .parserUnavailable
        }
        return try body(document)
    }
}
