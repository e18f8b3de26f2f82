import Foundation
import Hummingbird

/// A notice carried over one redirect: after a form deletes a task, the board it lands on says so
/// and offers Undo. It lives in a short-lived cookie that the next board page reads and clears, so
/// reloading that page does not show it again and the address stays `/`.
enum FlashNotice {
    static let cookieName = "pb_notice"

    /// The cookie that carries `message` to the next page.
    static func cookie(_ message: String) -> Cookie {
        let value = message.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return Cookie(name: cookieName, value: value, maxAge: 60, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// The notice the request carries, if any (limited to what a notice can hold; shown as text).
    static func message(in request: Request) -> String? {
        guard let raw = request.cookies[cookieName]?.value, !raw.isEmpty, raw.utf8.count <= 2048,
              let message = raw.removingPercentEncoding, !message.isEmpty
        else { return nil }
        return message
    }

    /// The cookie that removes the notice once shown.
    static var cleared: Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax)
    }
}
