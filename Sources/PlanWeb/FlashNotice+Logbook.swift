import Foundation
import Hummingbird
import PlanCore

/// The notices the logbook's changes leave for the next page: a task put back, a column's finished
/// tasks cleared. They ride in the same cookie as a deletion's, marked by a leading `~` (which a
/// deletion's percent-encoded title never starts with), and are worded when shown.
extension FlashNotice {
    /// `title` was put back at the top of `column`.
    static func putBack(_ title: String, to column: BoardColumn) -> Cookie {
        notice("~p.\(column.rawValue).\(title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
    }

    /// `title` was deleted from the logbook (its page says so, with Undo).
    static func deletedFromLogbook(_ title: String, column: BoardColumn) -> Cookie {
        notice("~d.\(column.rawValue).\(title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
    }

    /// `count` finished tasks of `column` went to the logbook.
    static func cleared(_ count: Int, from column: BoardColumn) -> Cookie {
        notice("~c.\(column.rawValue).\(count)")
    }

    private static func notice(_ value: String) -> Cookie {
        Cookie(name: cookieName, value: value, maxAge: 60, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// The sentence for a marked notice (`~KIND.COLUMN.VALUE`); nil for anything else.
    static func logbookMessage(_ raw: String, strings: Strings) -> String? {
        let parts = raw.dropFirst().split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard raw.first == "~", parts.count == 3, let column = BoardColumn(rawValue: String(parts[1])) else { return nil }
        let columnName = strings.column(column)
        switch parts[0] {
        case "p":
            guard let title = String(parts[2]).removingPercentEncoding, !title.isEmpty else { return nil }
            return strings("logbook.putBackDone", ["title": title, "column": columnName])
        case "d":
            guard let title = String(parts[2]).removingPercentEncoding, !title.isEmpty else { return nil }
            return strings("logbook.deleted", ["title": title])
        case "c":
            guard let count = Int(parts[2]), count >= 0 else { return nil }
            return count == 0 ? strings("board.clearedNone", ["column": columnName]) : strings.count("board.cleared", count, ["column": columnName])
        default:
            return nil
        }
    }
}
