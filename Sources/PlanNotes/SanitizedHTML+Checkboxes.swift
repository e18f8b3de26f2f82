extension SanitizedHTML {
    /// The sanitizer writes every checkbox it keeps in this one form, attributes in this order
    /// (`TreeSanitizer.writeAllowedAttributes`); a quote inside an attribute value is always
    /// `&quot;`, so the text cannot appear inside a value, and `<` in text is always `&lt;`.
    private static let checkboxOpening = Array(#"<input type="checkbox""#.utf8)
    private static let checkedAttribute = Array(#" checked="""#.utf8)

    /// How many checkboxes notes as stored (sanitizer output) hold, and how many of them are
    /// ticked: one pass over the bytes, cheap enough to run for every card of a board.
    public static func checkboxCount(ofStoredNotes html: String) -> (checked: Int, total: Int) {
        var checked = 0
        var total = 0
        for tag in checkboxTags(in: html) {
            total += 1
            if tag.isChecked { checked += 1 }
        }
        return (checked, total)
    }

    /// The markup cut at its checkboxes: `pieces` has one more element than `checked`, and
    /// checkbox *n* (ticked when `checked[n]`) stood between `pieces[n]` and `pieces[n + 1]`. A page
    /// may put a control of its own in each checkbox's place; every piece is the sanitizer's
    /// markup as it was, only cut between two tags.
    public func splitAtCheckboxes() -> (pieces: [SanitizedHTML], checked: [Bool]) {
        let bytes = Array(html.utf8)
        var pieces: [SanitizedHTML] = []
        var checked: [Bool] = []
        var start = 0
        for tag in Self.checkboxTags(in: html) {
            pieces.append(SanitizedHTML(sanitizerOutput: String(decoding: bytes[start..<tag.range.lowerBound], as: UTF8.self)))
            checked.append(tag.isChecked)
            start = tag.range.upperBound
        }
        pieces.append(SanitizedHTML(sanitizerOutput: String(decoding: bytes[start...], as: UTF8.self)))
        return (pieces, checked)
    }

    /// Every checkbox tag of sanitizer output: where it is (UTF-8 offsets, from `<` to just past
    /// `>`) and whether it is ticked.
    private static func checkboxTags(in html: String) -> [(range: Range<Int>, isChecked: Bool)] {
        var text = html
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { checkboxTags(inBytes: $0) } ?? checkboxTags(inBytes: Array(text.utf8))
    }

    private static func checkboxTags<Bytes: RandomAccessCollection<UInt8>>(inBytes bytes: Bytes) -> [(range: Range<Int>, isChecked: Bool)]
    where Bytes.Index == Int {
        var found: [(range: Range<Int>, isChecked: Bool)] = []
        let opening = checkboxOpening
        var index = 0
        while index + opening.count <= bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "i"),
                  bytes[index..<index + opening.count].elementsEqual(opening) else {
                index += 1
                continue
            }
            var end = index + opening.count
            while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
            let isChecked = bytes[(index + opening.count)..<end].starts(with: checkedAttribute)
            end = min(end + 1, bytes.count)
            found.append((index..<end, isChecked))
            index = end
        }
        return found
    }
}
