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
