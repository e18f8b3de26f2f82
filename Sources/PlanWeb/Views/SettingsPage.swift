import Foundation
import Mustache
import PlanCore
import PlanStore

/// The board's settings: its time zone and the hour its day starts, with what they mean now.
package struct SettingsPage: PageView {
    package static let template = "settings"

    let csrf: String
    /// "On the board's clock it is now …".
    let now: String
    let timeZone: String
    let dayStarts: String
    let timeZoneHint: String
    let timeZoneError: String?
    let dayStartsError: String?
    let banner: Banner?
    /// Every zone the server knows, offered as the field is typed in.
    let zones: [String]

    init(
        settings: BoardSettings, clock: BoardClockText, now instant: Date, serverZone: TimeZone, csrf: String,
        typed: SettingsForm? = nil, refusal: PlanError? = nil, saved: Bool = false
    ) {
        let strings = clock.strings
        self.csrf = csrf
        now = strings("settings.now", ["date": clock.day(clock.calendar.day(of: instant)), "time": clock.time(instant)])
        timeZone = typed?.typedZone ?? settings.timeZone ?? ""
        dayStarts = typed?.typedHour ?? String(settings.dayStartsAt)
        timeZoneHint = strings("settings.timeZoneHint", ["zone": serverZone.identifier])
        var timeZoneError: String?
        var dayStartsError: String?
        if let refusal {
            let reason: String
            switch refusal {
            case .invalidField(_, let problem): reason = strings.message(problem)
            default: reason = strings.message(refusal)
            }
            let (field, typedText) = refusal.field == "day_starts"
                ? (strings("settings.field.dayStarts"), dayStarts) : (strings("settings.field.timeZone"), timeZone)
            let message = strings("settings.notSaved", ["field": field, "reason": reason, "typed": typedText])
            if refusal.field == "day_starts" { dayStartsError = message } else { timeZoneError = message }
            banner = .error(message)
        } else if saved {
            let zone = settings.timeZone ?? strings("settings.serverZone", ["zone": serverZone.identifier])
            banner = .notice(strings("settings.saved", ["zone": zone, "hour": clock.dayStart]))
        } else {
            banner = nil
        }
        self.timeZoneError = timeZoneError
        self.dayStartsError = dayStartsError
        zones = TimeZone.knownTimeZoneIdentifiers.sorted()
    }
}

/// The board's settings as scripts see them.
struct SettingsJSON: Encodable, Sendable {
    /// The zone the board names; nil: it follows the server's.
    let timeZone: String?
    /// The zone its days follow now (its own, or the server's).
    let timeZoneInEffect: String
    let dayStartsAt: Int
    /// The board's day now.
    let today: BoardDay

    init(_ settings: BoardSettings, serverZone: TimeZone, now: Date) {
        let calendar = settings.calendar(serverZone: serverZone)
        timeZone = settings.timeZone
        timeZoneInEffect = calendar.timeZone.identifier
        dayStartsAt = calendar.dayStartsAt
        today = calendar.day(of: now)
    }

    private enum CodingKeys: String, CodingKey { case timeZone, timeZoneInEffect, dayStartsAt, today }

    /// `timeZone` is written as null when the board follows the server's zone (not left out).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(timeZoneInEffect, forKey: .timeZoneInEffect)
        try container.encode(dayStartsAt, forKey: .dayStartsAt)
        try container.encode(today, forKey: .today)
    }
}

extension SettingsPage: MustacheParent {
    package func child(named name: String) -> Any? {
        switch name {
        case "csrf": csrf
        case "now": now
        case "timeZone": timeZone
        case "dayStarts": dayStarts
        case "timeZoneHint": timeZoneHint
        case "timeZoneError": timeZoneError
        case "dayStartsError": dayStartsError
        case "banner": banner
        case "zones": zones
        default: nil
        }
    }
}
