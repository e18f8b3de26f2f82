import Foundation

/// What makes an access token strong enough to guard a board reachable from a network, and a way
/// to make one (`planboard token`).
public enum AccessToken {
    /// The least estimated strength accepted, in bits. A token of 16 random base64url characters
    /// has 96; one guess in every 2^80 is hopeless even without the login throttle.
    public static let minimumBits = 80.0

    /// A fresh token: 32 bytes from the system's cryptographic generator (256 bits), base64url.
    public static func generate() -> String {
        RandomToken.random()
    }

    /// A cautious estimate of how many bits a guesser must cover. Each character counts the size
    /// of the alphabet its kind (lower case, upper case, digits, everything else) brings to the
    /// whole token, except a character that repeats the one before it, continues a run ("aaaa",
    /// "1234", "dcba", "2468") or ends three characters seen together earlier (a repeated block:
    /// "Passw0rd!Passw0rd!"), which counts nothing. "aaaaaaaaaaaaaaaa" comes to 4.7 bits,
    /// "password12345678" to 41, 16 random letters and digits to about 95.
    public static func estimatedBits(_ token: String) -> Double {
        let scalars = Array(token.unicodeScalars)
        var alphabet = 0
        if scalars.contains(where: { ("a"..."z").contains($0) }) { alphabet += 26 }
        if scalars.contains(where: { ("A"..."Z").contains($0) }) { alphabet += 26 }
        if scalars.contains(where: { ("0"..."9").contains($0) }) { alphabet += 10 }
        if scalars.contains(where: { !("a"..."z").contains($0) && !("A"..."Z").contains($0) && !("0"..."9").contains($0) }) { alphabet += 33 }
        guard alphabet > 1 else { return 0 }
        let perCharacter = log2(Double(alphabet))
        var bits = 0.0
        var previousStep: Int64?
        var seen = Set<[Unicode.Scalar]>()
        for index in scalars.indices {
            guard index > 0 else {
                bits += perCharacter
                continue
            }
            let step = Int64(scalars[index].value) - Int64(scalars[index - 1].value)
            // The same character again, or the same step as the pair before ("abc", "135", "zyx").
            var predictable = step == 0 || abs(step) == 1 || step == previousStep
            if index >= 2 {
                let gram = Array(scalars[(index - 2)...index])
                if seen.contains(gram) { predictable = true }
                seen.insert(gram)
            }
            if !predictable { bits += perCharacter }
            previousStep = step
        }
        return bits
    }

    /// Whether `token` is strong enough (see `minimumBits`).
    public static func isStrong(_ token: String) -> Bool {
        estimatedBits(token) >= minimumBits
    }
}
