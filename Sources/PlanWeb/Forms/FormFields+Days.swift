import Foundation
import PlanCore

extension FormFields {
    /// A day field (`when`, `deadline`) as an edit changes it: absent keeps the task's day, empty
    /// clears it, `YYYY-MM-DD` sets it. Anything else is the person's error: a date outside the
    /// years 1–9999 (`99999-01-01`) is out of range, any other text (`2026-02-30`, `tomorrow`) is not a day.
    func dayChange(_ name: String) throws(PlanError) -> FieldChange<BoardDay> {
        guard let raw = self[name] else { return .keep }
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .set(nil) }
        if let day = BoardDay(iso: text) { return .set(day) }
        throw .invalidField(name: name, problem: Self.looksLikeADateOutOfRange(text) ? .dateOutOfRange : .notADate)
    }

    /// The repeat field as an edit changes it: absent keeps the task's repeat, empty stops it, a
    /// phrase or code (`RepeatRule.fromField`) sets it.
    func repeatChange(_ name: String = "repeat") throws(PlanError) -> FieldChange<RepeatRule> {
        guard let raw = self[name] else { return .keep }
        return .set(try RepeatRule.fromField(raw))
    }

    /// `Y…Y-MM-DD` with a year of any length that is not 1–9999 (year 0, year 99999).
    private static func looksLikeADateOutOfRange(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].count == 2, parts[2].count == 2, parts[0].count >= 4, parts[0].count <= 12,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }), let year = Int(parts[0])
        else { return false }
        return !BoardDay.years.contains(year)
    }
}
