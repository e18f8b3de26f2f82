import Crypto
import Foundation
import Hummingbird

/// Signs the session tokens this server issues, and tells them from any other value.
///
/// A token is 16 random bytes followed by the first 16 bytes of their HMAC-SHA256 under the
/// board's session key (kept in its database, so every server in front of one board knows it):
/// 43 base64url characters. A cookie a client made up — or one another service on the same host
/// planted, since cookies are not kept apart by port — does not verify, so it is replaced by a
/// fresh token and a form sent with it is refused. The owner of an undo is a separate HMAC of the
/// token, so the change log never holds a token, nor a part of one.
public struct SessionSigner: Sendable {
    private let key: SymmetricKey
    private let pinnedNonce: (@Sendable () -> [UInt8])?

    /// `nonce` pins the random part of new tokens, for tests.
    public init(key: [UInt8], nonce: (@Sendable () -> [UInt8])? = nil) {
        self.key = SymmetricKey(data: key)
        pinnedNonce = nonce
    }

    /// A new token; `nonce` (16 bytes) pins it for tests.
    public func issue(nonce: [UInt8]? = nil) -> String {
        let nonce = nonce ?? pinnedNonce?() ?? RandomToken.randomBytes(16)
        return RandomToken.base64URL(nonce + signature(of: nonce))
    }

    /// The session cookie carrying `token`.
    static func cookie(_ token: String) -> Cookie {
        Cookie(name: SessionMiddleware.cookieName, value: token, maxAge: 400 * 24 * 60 * 60, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// The request's session token if this server issued it.
    ///
    /// Several `pb_session` values arrive when another service on this host (cookies are not kept
    /// apart by port) planted one at a longer path, such as `/tasks`: the browser sends it before
    /// ours at `/`. Taking the first locked the person out of every task form; the one that
    /// verifies is used instead, and the last of those when several do — ours, at the shortest path.
    func ours(in request: Request) -> String? {
        Self.sessionValues(in: request).last(where: { isOurs($0) }).map(String.init)
    }

    /// Every value the request sends as `pb_session`, in the order the browser sent them.
    static func sessionValues(in request: Request) -> [Substring] {
        request.headers[values: .cookie].flatMap { header in
            header.split(separator: ";").compactMap { field -> Substring? in
                let pair = field.drop { $0 == " " || $0 == "\t" }
                guard let equals = pair.firstIndex(of: "="), pair[..<equals] == SessionMiddleware.cookieName else { return nil }
                return pair[pair.index(after: equals)...]
            }
        }
    }

    /// Cookies that remove `pb_session` at every path leading to `path` but `/` (where ours is):
    /// wherever a planted copy that this request carried could be.
    static func clearingCopies(on path: String) -> [Cookie] {
        var paths: [String] = []
        var prefix = ""
        for segment in path.split(separator: "/").prefix(8) {
            prefix += "/" + segment
            paths += [prefix, prefix + "/"]
        }
        return paths.map { Cookie(name: SessionMiddleware.cookieName, value: "", maxAge: 0, path: $0, httpOnly: true, sameSite: .lax) }
    }

    /// Whether this server issued `token` (checked in constant time).
    public func isOurs(_ token: some StringProtocol) -> Bool {
        guard token.utf8.count == 43, RandomToken.isWellFormed(token), let bytes = RandomToken.fromBase64URL(token), bytes.count == 32
        else { return false }
        let expected = signature(of: Array(bytes[..<16]))
        var difference: UInt8 = 0
        for index in 0..<16 { difference |= bytes[16 + index] ^ expected[index] }
        return difference == 0
    }

    /// Who owns the changes a session makes, for undo: not reversible to the token.
    public func owner(of token: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Array("undo-owner:\(token)".utf8), using: key)
        return RandomToken.base64URL(Array(mac).prefix(16))
    }

    private func signature(of nonce: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array("session:".utf8) + nonce, using: key).prefix(16))
    }
}
