import Foundation
import GRDB
import PlanCore
@testable import PlanSQLite
@testable import PlanStore

/// A clock that moves one second each time it is read, so timestamps are distinct and predictable.
final class TickingClock: Sendable {
    private let seconds = Mutex<Double>(1_795_000_000)

    func now() -> Date {
        seconds.withLock { value in
            value += 1
            return Date(timeIntervalSince1970: value)
        }
    }
}

import Synchronization

/// A clock a test sets to any moment (given as ISO 8601 with its offset); each reading moves it on a
/// second, so timestamps stay distinct and ordered.
final class DayClock: Sendable {
    private let seconds: Mutex<Double>

    init(_ moment: String) {
        seconds = Mutex(ISO8601DateFormatter().date(from: moment)!.timeIntervalSince1970)
    }

    func now() -> Date {
        seconds.withLock { value in
            value += 1
            return Date(timeIntervalSince1970: value)
        }
    }

    /// Moves the clock to `moment`.
    func set(_ moment: String) {
        seconds.withLock { $0 = ISO8601DateFormatter().date(from: moment)!.timeIntervalSince1970 }
    }
}

extension SQLiteBoardStore {
    static func forTesting() throws -> SQLiteBoardStore {
        let clock = TickingClock()
        return try .inMemory(now: { clock.now() })
    }
}

/// A temporary folder removed when the test is done with it.
struct TemporaryFolder: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
