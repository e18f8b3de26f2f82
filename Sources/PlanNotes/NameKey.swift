/// An element or attribute name, ASCII-lowercased and packed into 16 bytes, so that looking up
/// the rule for a libxml2 node needs neither a `String` nor an allocation.
struct NameKey: Hashable, Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The longest name that fits; every name the rules mention is shorter.
    static let capacity = 16

    /// Packs a NUL-terminated name from libxml2; nil when it is empty or longer than `capacity`.
    init?(_ name: UnsafePointer<UInt8>) {
        var index = 0
        while name[index] != 0 {
            guard index < Self.capacity else { return nil }
            set(name[index], at: index)
            index += 1
        }
        guard index > 0 else { return nil }
    }

    /// Packs a name written in this module's tables.
    init(_ name: String) {
        let bytes = Array(name.utf8)
        precondition(!bytes.isEmpty && bytes.count <= Self.capacity, "rule name out of range: \(name)")
        for (index, byte) in bytes.enumerated() {
            set(byte, at: index)
        }
    }

    private mutating func set(_ byte: UInt8, at index: Int) {
        // libxml2 lower-cases HTML names already; doing it again costs nothing and
        // keeps the rules right should that ever change.
        let lowered = UInt64((byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte)
        if index < 8 {
            low |= lowered << (8 * UInt64(index))
        } else {
            high |= lowered << (8 * UInt64(index - 8))
        }
    }

    /// True for `on…` names: every event-handler attribute, known today or added to HTML later.
    var isEventHandlerName: Bool {
        low & 0xFFFF == 0x6E6F // "on", little end first
    }
}
