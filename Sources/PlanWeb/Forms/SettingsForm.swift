import Foundation
import PlanCore
import PlanStore

/// The settings page's form: the board's time zone (`time_zone`: an IANA name; empty: the server's)
/// and the hour its day starts (`day_starts`: 0–23). A field not sent keeps the board's own value,
/// so a script may change one alone. What was typed is kept for the page that refuses it.
struct SettingsForm {
    /// As typed, for the form shown again.
    let typedZone: String
    let typedHour: String
    let timeZone: String?
    let dayStartsAt: Int?

    init(_ fields: FormFields, current: BoardSettings) {
        typedZone = fields["time_zone"] ?? current.timeZone ?? ""
        typedHour = fields["day_starts"] ?? String(current.dayStartsAt)
        let zone = typedZone.trimmingCharacters(in: .whitespaces)
        timeZone = zone.isEmpty ? nil : zone
        let hour = typedHour.trimmingCharacters(in: .whitespaces)
        // Only ASCII digits: "٤" or "+4" is not how the field asks for an hour.
        dayStartsAt = hour.utf8.count <= 2 && !hour.isEmpty && hour.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            ? Int(hour) : nil
    }

    /// The hour to save, or the refusal that names the field.
    func hour() throws(PlanError) -> Int {
        guard let dayStartsAt else { throw .invalidField(name: "day_starts", problem: .notAnHour) }
        return dayStartsAt
    }
}
