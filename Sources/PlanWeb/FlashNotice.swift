import Foundation
import Hummingbird

/// A notice carried over one redirect: after a form deletes a task, the board it lands on says so
/// and offers Undo. It lives in a short-lived cookie that the next board page reads and clears, so
/// reloading that page does not show it again and the address stays `/`. The cookie holds the
/// deleted task's title; the sentence is worded when shown, in the reader's language.
enum FlashNotice {
    static let cookieName = "pb_notice"

    /// The cookie that tells the next page that the task titled `title` was deleted.
    static func deleted(_ title: String) -> Cookie {
        let value = title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return Cookie(name: cookieName, value: value, maxAge: 60, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// The notice the request carries, if any (limited to what a title can hold; shown as text).
    static func message(in request: Request, strings: Strings) -> String? {
        guard let raw = request.cookies[cookieName]?.value, !raw.isEmpty, raw.utf8.count <= 2048 else { return nil }
        // The logbook's own notices (FlashNotice+Logbook.swift) are marked.
        if raw.hasPrefix("~") { return logbookMessage(raw, strings: strings) }
        guard let title = raw.removingPercentEncoding, !title.isEmpty
        else { return nil }
        return strings("board.deleted", ["title": title])
    }

    /// The cookie that removes the notice once shown.
    static var cleared: Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax)
    }
}
