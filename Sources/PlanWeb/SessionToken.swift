import Crypto
import Foundation
import Hummingbird

/// Random tokens, and the constant-time comparison that checks them.
public enum SessionToken {
    /// 32 bytes from the system's cryptographic generator, as 43 base64url characters.
    @Sendable public static func random() -> String {
        base64URL(randomBytes(32))
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// Whether `value` has the shape of a token this server hands out; anything else is ignored.
    static func isWellFormed(_ value: some StringProtocol) -> Bool {
        (16...128).contains(value.utf8.count) && value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }

    /// Compares without stopping at the first difference, so timing does not reveal how much of a guess was right.
    static func matches(_ sent: some StringProtocol, _ expected: some StringProtocol) -> Bool {
        let a = Array(sent.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func fromBase64URL(_ text: some StringProtocol) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map(Array.init)
    }
}

/// The session tokens this server issues, and telling them from any other value.
///
/// A token is 16 random bytes followed by the first 16 bytes of their HMAC-SHA256 under the
/// board's session key (kept in its database, so every server in front of one board knows it):
/// 43 base64url characters. A cookie a client made up — or one another service on the same host
/// planted, since cookies are not kept apart by port — does not verify, so it is replaced by a
/// fresh token and a form sent with it is refused. The owner of an undo is a separate HMAC of the
/// token, so the change log never holds a token, nor a part of one.
public struct SessionTokens: Sendable {
    private let key: SymmetricKey
    private let pinnedNonce: (@Sendable () -> [UInt8])?

    /// `nonce` pins the random part of new tokens, for tests.
    public init(key: [UInt8], nonce: (@Sendable () -> [UInt8])? = nil) {
        self.key = SymmetricKey(data: key)
        pinnedNonce = nonce
    }

    /// A new token; `nonce` (16 bytes) pins it for tests.
    public func issue(nonce: [UInt8]? = nil) -> String {
        let nonce = nonce ?? pinnedNonce?() ?? SessionToken.randomBytes(16)
        return SessionToken.base64URL(nonce + signature(of: nonce))
    }

    /// The session cookie carrying `token`.
    static func cookie(_ token: String) -> Cookie {
        Cookie(name: SessionMiddleware.cookieName, value: token, maxAge: 400 * 24 * 60 * 60, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// The request's session token if this server issued it.
    func ours(in request: Request) -> String? {
        request.cookies[SessionMiddleware.cookieName].map(\.value).flatMap { isOurs($0) ? $0 : nil }
    }

    /// Whether this server issued `token` (checked in constant time).
    public func isOurs(_ token: some StringProtocol) -> Bool {
        guard token.utf8.count == 43, SessionToken.isWellFormed(token), let bytes = SessionToken.fromBase64URL(token), bytes.count == 32
        else { return false }
        let expected = signature(of: Array(bytes[..<16]))
        var difference: UInt8 = 0
        for index in 0..<16 { difference |= bytes[16 + index] ^ expected[index] }
        return difference == 0
    }

    /// Who owns the changes a session makes, for undo: not reversible to the token.
    public func owner(of token: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Array("undo-owner:\(token)".utf8), using: key)
        return SessionToken.base64URL(Array(mac).prefix(16))
    }

    private func signature(of nonce: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array("session:".utf8) + nonce, using: key).prefix(16))
    }
}
