import Foundation

/// Random tokens (upload ids, login sessions, access tokens), their base64url spelling, and the
/// constant-time comparison that checks a token sent against the one expected.
public enum RandomToken {
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
