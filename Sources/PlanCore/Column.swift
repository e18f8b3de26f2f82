import Foundation

/// One of the board's three fixed columns, in display order.
public enum Column: String, CaseIterable, Codable, Sendable, Comparable {
    case today
    case next
    case later

    /// The heading a person sees.
    public var title: String {
        switch self {
        case .today: "Today"
        case .next: "Next"
        case .later: "Later"
        }
    }

    /// Parses a column name as it arrives from a form or a script; unknown names are a person's error, not a crash.
    public init(parsing raw: String) throws(PlanError) {
        guard let column = Column(rawValue: raw.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .unknownColumn(raw)
        }
        self = column
    }

    public static func < (lhs: Column, rhs: Column) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
