/// A fractional position inside a column.
///
/// Keys are strings over the 62 ASCII letters and digits, compared byte by byte (which is how
/// SQLite's default collation compares them too). Read as a base-62 fraction `0.d1d2d3…`, there is
/// always room for another key between two keys, so a move writes one new key for the moved task
/// and never renumbers its neighbours. A key never ends in `0`, which keeps room below every key.
public struct OrderKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The text stored and compared.
    public let rawValue: String

    /// Keys longer than this are not handed out; the column is rebalanced instead.
    ///
    /// With the placement rule below, 10,000 inserts at one spot pass it only a few times
    /// (see `OrderKeyAbuseTests`), while random moves stay far below it.
    public static let maxLength = 48

    static let alphabet: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    static let base = 62

    /// Accepts a stored key; refuses text that could not have been produced by `between`.
    public init?(rawValue: String) {
        guard let last = rawValue.utf8.last, last != UInt8(ascii: "0"),
              rawValue.utf8.allSatisfy({ Self.value(of: $0) != nil })
        else { return nil }
        self.rawValue = rawValue
    }

    private init(digits: [UInt8]) {
        rawValue = String(decoding: digits.map { Self.alphabet[Int($0)] }, as: UTF8.self)
    }

    /// Length in characters (all ASCII).
    public var length: Int { rawValue.utf8.count }

    /// Whether this key may be stored without rebalancing its column first.
    public var isWithinBound: Bool { length <= Self.maxLength }

    public var description: String { rawValue }

    public static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    /// A key strictly between `lower` and `upper` (nil means the column's start or end).
    ///
    /// Among the shortest keys that fit, it takes the one next to the neighbour with the longer key,
    /// or the middle one when both are as long. A longer key marks the side where the last inserts
    /// went, so repeated inserts at one spot walk away from it one digit step at a time (about 60
    /// inserts per character) instead of halving the gap each time (about 6 per character).
    /// - Precondition: `lower < upper` when both are given.
    public static func between(_ lower: OrderKey?, _ upper: OrderKey?) -> OrderKey {
        if let lower, let upper { precondition(lower < upper, "order keys out of order: \(lower) !< \(upper)") }
        let lo = lower?.digits ?? []
        let hi = upper?.digits
        let lean: Lean
        switch (lower, upper) {
        case (nil, nil): return OrderKey(digits: [UInt8(base / 2)])
        case (nil, _): lean = .upper
        case (_, nil): lean = .lower
        case let (lower?, upper?):
            lean = lower.length > upper.length ? .lower : lower.length < upper.length ? .upper : .middle
        }
        return OrderKey(digits: place(lo[...], hi?[...], lean: lean))
    }

    /// A key between `lower` and `upper` within `maxLength`, or nil when there is no such key
    /// left and the column must be spread again (the one decision every store's placing makes).
    public static func within(_ lower: OrderKey?, _ upper: OrderKey?) -> OrderKey? {
        let key = between(lower, upper)
        return key.isWithinBound ? key : nil
    }

    /// Keys for `count` tasks added after `last` (nil: to an empty column), in order; nil when
    /// they would pass `maxLength`, and the column must be spread again to make room. An empty
    /// column gets keys spread evenly; after a task they step on from its key.
    public static func appending(_ count: Int, after last: OrderKey?) -> [OrderKey]? {
        guard let last else {
            let keys = spread(count: count)
            return keys.allSatisfy(\.isWithinBound) ? keys : nil
        }
        var keys: [OrderKey] = []
        keys.reserveCapacity(count)
        var previous = last
        for _ in 0..<count {
            previous = between(previous, nil)
            guard previous.isWithinBound else { return nil }
            keys.append(previous)
        }
        return keys
    }

    /// `count` keys spread evenly with room between them, for rebalancing a column.
    public static func spread(count: Int) -> [OrderKey] {
        guard count > 0 else { return [] }
        // Enough digits that every gap holds at least 64 further keys of the same length.
        var length = 1
        var capacity = base
        while capacity / 64 < count + 1 {
            length += 1
            capacity *= base
        }
        let step = capacity / (count + 1)
        return (1...count).map { index in
            var value = step * index
            var digits = [UInt8](repeating: 0, count: length)
            for position in stride(from: length - 1, through: 0, by: -1) {
                digits[position] = UInt8(value % base)
                value /= base
            }
            while digits.last == 0 { digits.removeLast() }
            return OrderKey(digits: digits)
        }
    }

    // MARK: - Digits

    private enum Lean { case lower, middle, upper }

    private var digits: [UInt8] { rawValue.utf8.map { Self.value(of: $0)! } }

    private static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 36
        default: nil
        }
    }

    /// Digits strictly between the fractions `lo` (empty = 0) and `hi` (nil = 1).
    private static func place(_ lo: ArraySlice<UInt8>, _ hi: ArraySlice<UInt8>?, lean: Lean) -> [UInt8] {
        func loDigit(_ index: Int) -> Int { index < lo.count ? Int(lo[lo.startIndex + index]) : 0 }
        var shared = 0
        if let hi {
            while shared < hi.count, loDigit(shared) == Int(hi[hi.startIndex + shared]) { shared += 1 }
        }
        let prefix = hi.map { Array($0.prefix(shared)) } ?? []
        let low = loDigit(shared)
        let high = hi.map { Int($0[$0.startIndex + shared]) } ?? base
        // `prefix + high` itself is below `hi` when `hi` goes on after that digit.
        let highFits = (hi?.count ?? 0) > shared + 1
        let first = low + 1
        let last = high - 1 + (highFits ? 1 : 0)
        if first <= last {
            let digit = switch lean {
            case .lower: first
            case .upper: last
            case .middle: (first + last) / 2
            }
            return prefix + [UInt8(digit)]
        }
        // No room at this length: stay just above `lo` and go one digit deeper.
        return prefix + [UInt8(low)] + place(lo.dropFirst(shared + 1), nil, lean: lean)
    }
}

extension OrderKey: Codable {
    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let key = OrderKey(rawValue: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an order key: \(raw)"))
        }
        self = key
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
