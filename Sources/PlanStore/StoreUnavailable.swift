/// The board's database cannot be reached just now (a database server restarting, a network
/// between them down): nothing about the request was wrong, and the same request may succeed in a
/// moment. The web layer answers 503; `reason` is for the log, not for people.
public struct StoreUnavailable: Error, Sendable, CustomStringConvertible {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "the board's database is unavailable: \(reason)" }
}
