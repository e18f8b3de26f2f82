import Foundation

/// Random tokens for the session cookie, and the constant-time comparison that checks them.
public enum SessionToken {
    /// 32 bytes from the system's cryptographic generator, as 43 base64url characters.
    @Sendable public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return base64URL(bytes)
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

    private static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
