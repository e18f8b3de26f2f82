import Foundation
import Hummingbird
import PlanCore

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
        if raw.hasPrefix("~b.") { return batchMessage(raw, strings: strings) }
        if raw.hasPrefix("~i."), let count = Int(raw.dropFirst(3)) { return strings.count("imported.undo.done", count) }
        // The logbook's own notices (FlashNotice+Logbook.swift) are marked.
        if raw.hasPrefix("~") { return logbookMessage(raw, strings: strings) }
        guard let title = raw.removingPercentEncoding, !title.isEmpty
        else { return nil }
        return strings("board.deleted", ["title": title])
    }

    /// The cookie that tells the next page that `count` tasks had `action` done to them at once.
    static func batch(_ action: BatchAction, count: Int) -> Cookie {
        Cookie(name: cookieName, value: "~b.\(action.name).\(count)", maxAge: 60, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// The cookie that tells the next page that an import was taken back, removing `count` tasks.
    static func importUndone(count: Int) -> Cookie {
        Cookie(name: cookieName, value: "~i.\(count)", maxAge: 60, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// The sentence for a change of several tasks (`~b.ACTION.COUNT`).
    private static func batchMessage(_ raw: String, strings: Strings) -> String? {
        let parts = raw.split(separator: ".")
        guard parts.count == 3, let count = Int(parts[2]), let action = try? BatchAction(parsing: String(parts[1])) else { return nil }
        return batchMessage(action, count: count, strings: strings)
    }

    /// What was done to `count` tasks at once, as the board says it.
    static func batchMessage(_ action: BatchAction, count: Int, strings: Strings) -> String {
        switch action {
        case .finish(let finished): strings.count(finished ? "select.done.finish" : "select.done.reopen", count)
        case .important(let important): strings.count(important ? "select.done.important" : "select.done.unimportant", count)
        case .move(let column): strings.count("select.done.move", count, ["column": strings.column(column)])
        case .delete: strings.count("select.done.delete", count)
        }
    }

    /// The cookie that removes the notice once shown.
    static var cleared: Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax)
    }
}
