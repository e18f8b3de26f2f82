import PlanCore

/// How a typed title is read, for the add field's chip: the parts (`TypedTitle`) and the chip's
/// words in the reader's language ("“Call the bank” for Monday 23 November"); `chip` is absent
/// when nothing was read, and the field shows no chip.
struct ReadingJSON: Encodable, Sendable {
    let title: String
    let when: String?
    let repeats: String?
    /// The phrase read, as typed.
    let phrase: String?
    let quoted: Bool
    let chip: String?

    init(_ reading: TypedTitle, today: BoardDay, strings: Strings) {
        title = reading.title
        when = reading.when?.iso
        repeats = reading.repeats?.code
        phrase = reading.phrase
        quoted = reading.quoted
        chip = if reading.quoted {
            strings("days.chip.quoted", ["title": reading.title])
        } else if let rule = reading.repeats {
            strings("days.chip.repeat", [
                "title": reading.title, "rule": strings.repeatRule(rule),
                "day": reading.when.map { strings.longDay($0, today: today) } ?? "–",
            ])
        } else if let day = reading.when {
            // Today and tomorrow are named as such, then in full; other days in full only.
            strings((0...1).contains(today.days(to: day)) ? "days.chip.whenNear" : "days.chip.when", [
                "title": reading.title, "day": strings.longDay(day, today: today), "relative": strings.shortDay(day, today: today),
            ])
        } else {
            nil
        }
    }
}
