import Foundation
import PlanCore

/// The board's own settings, kept with it so that every server in front of it agrees: its time
/// zone and the hour its day starts, and the last day it turned to.
public struct BoardSettings: Sendable, Equatable {
    /// The zone's name (Europe/Berlin); nil: the server's own zone.
    public var timeZone: String?
    /// The hour a new day starts (0–23).
    public var dayStartsAt: Int
    /// The board day the day's turn last brought the board to (nil: it never turned).
    public var lastTurnedDay: BoardDay?

    public init(timeZone: String? = nil, dayStartsAt: Int = 0, lastTurnedDay: BoardDay? = nil) {
        self.timeZone = timeZone
        self.dayStartsAt = dayStartsAt
        self.lastTurnedDay = lastTurnedDay
    }

    /// The board's calendar; `serverZone` stands in when the board names no zone (or one this
    /// server no longer knows).
    public func calendar(serverZone: TimeZone) -> BoardCalendar {
        let zone = timeZone.flatMap(BoardCalendar.zone(named:)) ?? serverZone
        return BoardCalendar(timeZone: zone, dayStartsAt: BoardCalendar.hours.contains(dayStartsAt) ? dayStartsAt : 0)
    }

    /// Checks settings a person chose: a zone the server knows (nil: the server's), a whole hour.
    public static func checked(timeZone: String?, dayStartsAt: Int) throws(PlanError) -> BoardSettings {
        let name = timeZone?.trimmingCharacters(in: .whitespaces)
        let zone = name.flatMap { $0.isEmpty ? nil : $0 }
        _ = try BoardCalendar(timeZone: zone ?? "UTC", dayStartsAt: dayStartsAt)
        return BoardSettings(timeZone: zone, dayStartsAt: dayStartsAt)
    }
}

/// Where a page of the logbook ends: the last entry it showed, and that entry's day (used alone when
/// the entry has left the logbook since).
public struct LogbookCursor: Sendable, Equatable, Hashable {
    public let id: TaskID
    public let day: BoardDay

    public init(id: TaskID, day: BoardDay) {
        self.id = id
        self.day = day
    }
}

/// One page of the logbook: finished tasks by the day they were finished, newest first.
public struct LogbookPage: Sendable, Equatable {
    public let entries: [PlanTask]
    /// Where the next page starts; nil on the last page.
    public let next: LogbookCursor?

    public init(entries: [PlanTask], next: LogbookCursor?) {
        self.entries = entries
        self.next = next
    }
}
