import Hummingbird
import PlanCore

/// What this browser chose for how the board looks, kept in a cookie so it works without
/// JavaScript and survives reloads: for now, the columns whose finished tasks are folded away.
struct BoardPreferences: Sendable, Equatable {
    static let cookieName = "pb_hide_finished"
    /// Set once the first-visit explanation was dismissed, or a first task added from this browser.
    static let welcomeCookieName = "pb_welcome"
    private(set) var hiddenFinished: Set<BoardColumn> = []
    private(set) var welcomed = false

    init() {}

    /// Reads the cookies; unknown column names are ignored.
    init(_ request: Request) {
        welcomed = request.cookies[Self.welcomeCookieName] != nil
        guard let value = request.cookies[Self.cookieName]?.value else { return }
        hiddenFinished = Set(value.split(separator: ".").compactMap { BoardColumn(rawValue: String($0)) })
    }

    /// The cookie that keeps the first-visit explanation away for good.
    static var welcomedCookie: Cookie {
        Cookie(name: welcomeCookieName, value: "done", maxAge: 400 * 24 * 60 * 60, path: "/", httpOnly: true, sameSite: .lax)
    }

    func hidesFinished(in column: BoardColumn) -> Bool {
        hiddenFinished.contains(column)
    }

    mutating func setHidesFinished(_ hide: Bool, in column: BoardColumn) {
        if hide { hiddenFinished.insert(column) } else { hiddenFinished.remove(column) }
    }

    /// The cookie that remembers these choices (for 400 days, the longest browsers keep one).
    var cookie: Cookie {
        let value = BoardColumn.allCases.filter(hiddenFinished.contains).map(\.rawValue).joined(separator: ".")
        return Cookie(name: Self.cookieName, value: value, maxAge: value.isEmpty ? 0 : 400 * 24 * 60 * 60, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// Part of the board page's entity tag: the page differs with these choices.
    var fingerprint: String {
        BoardColumn.allCases.map { hiddenFinished.contains($0) ? "1" : "0" }.joined() + (welcomed ? "w" : "")
    }
}
