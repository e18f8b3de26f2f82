import Foundation

/// One of the board's three fixed columns, in display order. (Its name is written for people in
/// their language by the web layer: `Strings.column(_:)`.)
public enum BoardColumn: String, CaseIterable, Codable, Sendable, Comparable {
    case today
    case next
    case later

    /// Parses a column name as it arrives from a form or a script; unknown names are a person's error, not a crash.
    public init(parsing raw: String) throws(PlanError) {
        guard let column = BoardColumn(rawValue: raw.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .unknownColumn(raw)
        }
        self = column
    }

    public static func < (lhs: BoardColumn, rhs: BoardColumn) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
