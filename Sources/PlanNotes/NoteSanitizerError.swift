/// Why a note could not be sanitized; each message tells a person what to do about it.
public enum NoteSanitizerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The note's UTF-8 encoding is longer than `limit` bytes.
    case tooLarge(bytes: Int, limit: Int)
    /// The note fits, but its sanitized form (escaped text, added `rel` values) is longer than
    /// `limit` bytes, so it could not be sanitized again when read back from storage.
    case tooLargeOnceCleaned(bytes: Int, limit: Int)
    /// Elements in the note are nested more than `limit` levels deep.
    case nestedTooDeeply(limit: Int)
    /// libxml2 could not set up a parser (it is out of memory).
    case parserUnavailable

    /// A sentence to show the person who wrote the note.
    public var message: String {
        switch self {
        case let .tooLarge(bytes, limit):
            // Round up so a note one byte over the limit never reads as "256 KB; the limit is 256 KB".
            let size = (bytes + 1023) / 1024
            return "Notes are \(size) KB; the limit is \(limit / 1024) KB. Shorten them or split them across tasks."
        case let .tooLargeOnceCleaned(bytes, limit):
            return "Notes come to \((bytes + 1023) / 1024) KB once cleaned up (links and characters such as < take "
                + "more room when stored); the limit is \(limit / 1024) KB. Shorten them or split them across tasks."
        case let .nestedTooDeeply(limit):
            return "Notes are nested more than \(limit) levels deep (lists in lists, quotes in quotes, and so on). "
                + "Flatten them and try again."
        case .parserUnavailable:
            return "Notes could not be read because the server is short of memory. Try again in a moment."
        }
    }

    /// The same sentence as `message`, so the error reads well in logs.
    public var description: String { message }
}
