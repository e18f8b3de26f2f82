/// The link reference definitions of a document (`[label]: destination "title"`), by label.
///
/// Labels match as CommonMark says: case-insensitively (a Unicode case fold, approximated by
/// lowering, raising and lowering again, so that `ẞ` matches `SS`), with runs of whitespace read as
/// one space and the ends trimmed. The first definition of a label wins.
struct LinkReferences {
    /// Labels longer than this (in bytes, as typed) never match: CommonMark's limit of 999
    /// characters, which also bounds the work of each lookup.
    static let maximumLabelLength = 999

    private var targets: [[UInt8]: BracketRecord.Target] = [:]

    var isEmpty: Bool { targets.isEmpty }

    /// Records a definition unless its label is already defined.
    mutating func define(label: ArraySlice<UInt8>, target: BracketRecord.Target) {
        guard let key = Self.key(label), targets[key] == nil else { return }
        targets[key] = target
    }

    /// The target defined for `label` (the text between its brackets, as typed).
    func target(for label: ArraySlice<UInt8>) -> BracketRecord.Target? {
        guard !targets.isEmpty, let key = Self.key(label) else { return nil }
        return targets[key]
    }

    /// The normalized form of a label, or nil for one that is empty, blank or too long.
    static func key(_ label: ArraySlice<UInt8>) -> [UInt8]? {
        guard label.count <= maximumLabelLength else { return nil }
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(label.count)
        var pendingSpace = false
        var isASCII = true
        for byte in label {
            if byte == Byte.space || byte == Byte.tab || byte == Byte.newline {
                pendingSpace = !collapsed.isEmpty
                continue
            }
            if pendingSpace {
                collapsed.append(Byte.space)
                pendingSpace = false
            }
            if byte >= 0x80 { isASCII = false }
            collapsed.append(byte)
        }
        guard !collapsed.isEmpty else { return nil }
        if isASCII {
            return collapsed.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        }
        return Array(String(decoding: collapsed, as: UTF8.self).lowercased().uppercased().lowercased().utf8)
    }
}
