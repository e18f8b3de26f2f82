/// Note markup that has been through `NoteSanitizer`: the only HTML a template may print unescaped.
///
/// It has no public initializer and is deliberately not `Codable`, so holding one proves the
/// markup came out of the sanitizer. Markup read back from storage must be sanitized again
/// (the sanitizer is idempotent, so this changes nothing for markup it wrote).
public struct SanitizedHTML: Sendable, Equatable {
    /// The sanitized markup, safe to insert into a page as HTML.
    public let html: String

    /// Only the sanitizer may call this; anything else would defeat the type's purpose.
    init(sanitizerOutput html: String) {
        self.html = html
    }

    /// True when the sanitized note has no markup or text at all.
    public var isEmpty: Bool {
        html.isEmpty
    }
}
