import Foundation
import Hummingbird

/// The reader's time zone, as their browser told it: the drag layer puts the zone's name
/// (`Intl.DateTimeFormat().resolvedOptions().timeZone`) in the cookie `pb_tz` once, and again only
/// if it changes. Without it, times are shown in UTC and say so.
enum ReaderTimeZone {
    static let cookieName = "pb_tz"

    static func of(_ request: Request) -> TimeZone? {
        guard let value = request.cookies[cookieName]?.value.removingPercentEncoding,
              value.count <= 64, value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 })
        else { return nil }
        return TimeZone(identifier: value)
    }
}
