/// Cleans HTML notes down to PlanBoard's allowlist, using libxml2's HTML parser to read them.
///
/// The note is parsed (malformed markup is repaired, never rejected), the tree is walked, and
/// new markup is written from the allowlist in `AllowedElement`; everything else is dropped or
/// unwrapped and counted in a `RemovalReport`. The result is idempotent: sanitizing sanitized
/// output returns it unchanged and removes nothing. Safe to use from many tasks at once: each
/// call has its own parser context and no state is shared.
public struct NoteSanitizer: Sendable {
    /// Notes longer than this many UTF-8 bytes are refused (256 KiB).
    public static let maximumBytes = 256 * 1024
    /// Notes whose elements nest deeper than this are refused. It must stay well under
    /// libxml2's own limit of 256, where libxml2 silently stops reading the rest of the input.
    public static let maximumDepth = 64

    /// A sanitizer; it holds no state, so one can be shared freely.
    public init() {}

    /// Sanitizes one note, or throws when it is too large or nested too deeply.
    public func sanitize(_ note: String) throws(NoteSanitizerError) -> SanitizedNote {
        let size = note.utf8.count
        guard size <= Self.maximumBytes else {
            throw .tooLarge(bytes: size, limit: Self.maximumBytes)
        }
        let prepared = InputNormalizer.prepare(note)
        var removed = RemovalReport()
        removed.add(.controlCharacter, count: prepared.removedControlCharacters)
        guard !prepared.isBlank else {
            return SanitizedNote(html: SanitizedHTML(sanitizerOutput: ""), removed: removed)
        }

        let (bytes, treeRemovals) = try LibXML2.withDocument(parsing: prepared.bytes, options: .sanitizer) {
            document throws(NoteSanitizerError) in
            var walker = TreeSanitizer(maximumDepth: Self.maximumDepth, capacity: prepared.bytes.count + 64)
            try walker.sanitize(document: document)
            var report = walker.report
            report.add(.controlCharacter, count: walker.writer.removedControlCharacters)
            return (walker.writer.bytes, report)
        }
        removed.merge(treeRemovals)
        let html = Self.trimmedString(bytes)
        // Escaping can make the output larger than the input ("<" becomes "&lt;"). Output over
        // the limit would be refused when sanitized again, e.g. when read back from storage, so
        // it is refused now: the limit holds for what is stored, and idempotence holds for it.
        let outputSize = html.utf8.count
        guard outputSize <= Self.maximumBytes else {
            throw .tooLargeOnceCleaned(bytes: outputSize, limit: Self.maximumBytes)
        }
        return SanitizedNote(html: SanitizedHTML(sanitizerOutput: html), removed: removed)
    }

    /// Leading and trailing whitespace outside any element carries no meaning in a note.
    private static func trimmedString(_ bytes: [UInt8]) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
              let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}
