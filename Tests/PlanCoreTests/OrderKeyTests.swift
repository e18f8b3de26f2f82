import Testing
@testable import PlanCore

@Suite struct OrderKeyTests {
    @Test func firstKeyOfAnEmptyColumnIsTheMiddleDigit() {
        #expect(OrderKey.between(nil, nil).rawValue == "V")
    }

    @Test func keyBetweenTwoKeysSortsBetweenThem() throws {
        let pairs: [(String?, String?)] = [
            ("1", "2"), ("1", "1V"), ("0V", "1"), ("a", "b"), ("az", "b"), ("zzz", nil), (nil, "01"), ("V", "V1"),
            ("A0001", "A0002"), ("y", "z"), ("z", nil), (nil, "1"),
        ]
        for (lower, upper) in pairs {
            let lo = try lower.map { try #require(OrderKey(rawValue: $0)) }
            let hi = try upper.map { try #require(OrderKey(rawValue: $0)) }
            let key = OrderKey.between(lo, hi)
            if let lo { #expect(lo < key, "\(lo) < \(key)") }
            if let hi { #expect(key < hi, "\(key) < \(hi)") }
            #expect(OrderKey(rawValue: key.rawValue) != nil, "\(key) is a valid key (no trailing 0)")
        }
    }

    @Test func keysCompareByteByByteLikeSQLite() throws {
        let sorted = ["0V", "1", "9", "A", "Z", "a", "az", "b", "z", "zz"]
        let keys = try sorted.map { try #require(OrderKey(rawValue: $0)) }
        #expect(keys.sorted() == keys)
    }

    @Test func malformedKeysAreRefused() {
        for raw in ["", "a0", "a-b", "é", "a b", "~a"] {
            #expect(OrderKey(rawValue: raw) == nil, "\(raw)")
        }
    }

    @Test func appendingStepsOneDigitInsteadOfHalving() {
        var last = OrderKey.between(nil, nil)
        var keys = [last]
        for _ in 0..<100 {
            last = OrderKey.between(last, nil)
            keys.append(last)
        }
        #expect(keys == keys.sorted())
        // 100 appends fit in two characters when each append takes the next digit.
        #expect(keys.map(\.length).max()! <= 3)
    }

    @Test func insertingAlwaysRightAfterOneTaskGrowsKeysSlowly() {
        // The worst spot for plain halving: always between a fixed task and the last insert.
        let fixed = OrderKey.between(nil, nil)
        var upper = OrderKey.between(fixed, nil)
        for _ in 0..<600 {
            let key = OrderKey.between(fixed, upper)
            #expect(fixed < key && key < upper)
            upper = key
        }
        // Halving would need about 600 / 6 = 100 characters; stepping needs about 600 / 60.
        #expect(upper.length <= 14, "length \(upper.length)")
    }

    @Test func spreadKeysAreSortedUniqueShortAndLeaveRoom() {
        for count in [1, 2, 61, 62, 1_000, 10_000] {
            let keys = OrderKey.spread(count: count)
            #expect(keys.count == count)
            #expect(keys == keys.sorted())
            #expect(Set(keys).count == count)
            #expect(keys.allSatisfy { $0.length <= 5 })
            // Room on both sides of every key, including before the first and after the last.
            #expect(OrderKey.between(nil, keys[0]).isWithinBound)
            #expect(OrderKey.between(keys[count - 1], nil).isWithinBound)
        }
        #expect(OrderKey.spread(count: 0).isEmpty)
    }

    @Test func keysAppendedToAnEmptyColumnAreSpread() throws {
        let keys = try #require(OrderKey.appending(3_000, after: nil))
        #expect(keys == OrderKey.spread(count: 3_000))
    }

    @Test func keysAppendedAfterATaskStepOnFromItUntilTheyWouldPassTheBound() throws {
        let last = OrderKey.between(nil, nil)
        let keys = try #require(OrderKey.appending(500, after: last))
        #expect(keys.count == 500)
        #expect(zip([last] + keys, keys).allSatisfy { $0 < $1 }, "each after the one before")
        #expect(keys.allSatisfy { $0.isWithinBound })
        // So many that stepping on would pass the bound: none are given, the column must be spread.
        #expect(OrderKey.appending(5_000, after: last) == nil)
        #expect(OrderKey.appending(0, after: last) == [])
    }

    @Test func randomInsertsKeepEveryKeyInOrder() {
        var generator = SeededGenerator(seed: 7)
        var keys: [OrderKey] = []
        for _ in 0..<3_000 {
            let index = Int.random(in: 0...keys.count, using: &generator)
            let key = OrderKey.between(index > 0 ? keys[index - 1] : nil, index < keys.count ? keys[index] : nil)
            keys.insert(key, at: index)
        }
        #expect(keys == keys.sorted())
        #expect(Set(keys).count == keys.count)
        #expect(keys.allSatisfy { $0.isWithinBound })
    }
}

/// A small deterministic generator (SplitMix64) so property tests replay exactly from their seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
