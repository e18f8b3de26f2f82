import Hummingbird
import PlanCore

/// What this browser chose for how the board looks, kept in a cookie so it works without
/// JavaScript and survives reloads: the columns whose finished tasks are folded away, whether the
/// first-visit explanation was dismissed, and how many cards its screen shows.
struct BoardPreferences: Sendable, Equatable {
    static let cookieName = "pb_hide_finished"
    /// Set once the first-visit explanation was dismissed, or a first task added from this browser.
    static let welcomeCookieName = "pb_welcome"
    /// How many cards this browser's column shows at once, as the board page's script measured it
    /// (unfold.js writes it; not HttpOnly for that reason): the page sends that many of each
    /// column's cards as markup for the first paint and the rest for the scripts to put on the page.
    static let screenfulCookieName = "pb_screenful"
    private(set) var hiddenFinished: Set<BoardColumn> = []
    private(set) var welcomed = false
    /// How many of each column's cards the board page sends as markup (`BoardPage.markupEnd`):
    /// what the cookie says, at most a group (`BoardPage.cardsPerGroup`), or
    /// `BoardPage.screenfulByDefault` when it says nothing a count can be read from.
    private(set) var screenful = BoardPage.screenfulByDefault

    init() {}

    /// Reads the cookies; unknown column names are ignored.
    init(_ request: Request) {
        welcomed = request.cookies[Self.welcomeCookieName] != nil
        screenful = Self.screenful(request.cookies[Self.screenfulCookieName]?.value)
        guard let value = request.cookies[Self.cookieName]?.value else { return }
        hiddenFinished = Set(value.split(separator: ".").compactMap { BoardColumn(rawValue: String($0)) })
    }

    /// The cookie that keeps the first-visit explanation away for good.
    static var welcomedCookie: Cookie {
        Cookie(name: welcomeCookieName, value: "done", maxAge: 400 * 24 * 60 * 60, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// The screenful a cookie's value says: a count of 1 or more (at most a group), else the default.
    static func screenful(_ value: String?) -> Int {
        guard let value, value.utf8.count <= 4, let count = Int(value), count > 0 else { return BoardPage.screenfulByDefault }
        return min(count, BoardPage.cardsPerGroup)
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
        BoardColumn.allCases.map { hiddenFinished.contains($0) ? "1" : "0" }.joined() + (welcomed ? "w" : "") + "s\(screenful)"
    }
}
