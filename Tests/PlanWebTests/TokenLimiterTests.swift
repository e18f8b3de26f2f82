import NIOCore
import Testing
@testable import PlanWeb

/// The one budget every access-token check draws on (the HTTP side is in Tests/Browser/test_token_guessing.py).
@Suite struct TokenLimiterTests {
    let start = ContinuousClock.now

    @Test func aClientThatKeepsGuessingIsStoppedAndOthersAreNot() {
        let limiter = TokenLimiter()
        for _ in 0..<10 {
            #expect(limiter.check("attacker", now: start) { false } == .wrong)
        }
        #expect(limiter.check("attacker", now: start) { true } == .refused, "not looked at, even when right")
        #expect(limiter.check("owner", now: start) { true } == .right, "the owner's own try is still checked")
        #expect(limiter.check("attacker", now: start + .seconds(61)) { true } == .right, "a minute later, the budget is back")
    }

    @Test func guessesSentAtOnceAreCountedAsTheyAreChecked() async {
        let limiter = TokenLimiter()
        let verdicts = await withTaskGroup(of: TokenLimiter.Verdict.self) { group in
            for _ in 0..<200 { group.addTask { limiter.check("attacker") { false } } }
            return await group.reduce(into: [TokenLimiter.Verdict]()) { $0.append($1) }
        }
        #expect(verdicts.filter { $0 == .wrong }.count == 10, "exactly the budget is looked at")
        #expect(verdicts.filter { $0 == .refused }.count == 190)
    }

    @Test func guessingFromManyAddressesLeavesEachOfThemOneTryAMinute() {
        let limiter = TokenLimiter()
        for address in 0..<10 {
            for _ in 0..<10 { limiter.recordFailure("10.0.0.\(address)", now: start) }
        }
        #expect(limiter.recentFailures == 100)
        // A new address gets one try, not ten, while the board is under attack...
        #expect(limiter.check("10.0.1.1", now: start) { false } == .wrong)
        #expect(limiter.check("10.0.1.1", now: start) { false } == .refused)
        // ...and a client that has not been guessing is always checked, so the right token gets in.
        #expect(limiter.check("owner", now: start) { true } == .right)
    }

    @Test func clientsAreCountedByAddressAndIPv6ByItsSlash64() throws {
        #expect(TokenLimiter.client(try SocketAddress(ipAddress: "192.168.1.20", port: 5000)) == "192.168.1.20")
        #expect(TokenLimiter.client(try SocketAddress(ipAddress: "::ffff:192.168.1.20", port: 1)) == "192.168.1.20")
        let a = TokenLimiter.client(try SocketAddress(ipAddress: "2001:db8:1:2::1", port: 1))
        let b = TokenLimiter.client(try SocketAddress(ipAddress: "2001:db8:1:2:ffff:eeee:dddd:cccc", port: 1))
        let c = TokenLimiter.client(try SocketAddress(ipAddress: "2001:db8:1:3::1", port: 1))
        #expect(a == b, "one /64 is one client")
        #expect(a != c)
        #expect(TokenLimiter.client(nil) == "unknown")
    }

    @Test func wrongTokensAreForgottenOldestFirstAsTheWindowMoves() {
        var budget = TokenLimiter.Budget()
        budget.global = 1_000_000
        let limiter = TokenLimiter(budget)
        // One client's wrong token every half second, for 50 s.
        for address in 0..<100 { limiter.recordFailure("c\(address)", now: start + .milliseconds(500 * address)) }
        #expect(limiter.rememberedClients == 100)
        // A minute after the 31st client's wrong token, the first 30 clients' are forgotten.
        #expect(limiter.check("c0", now: start + .seconds(75)) { false } == .wrong)
        #expect(limiter.rememberedClients == 71, "c30…c99, and c0 again")
    }

    @Test func theMemoryOfClientsIsBounded() {
        var budget = TokenLimiter.Budget()
        budget.clients = 50
        budget.global = 1_000_000
        let limiter = TokenLimiter(budget)
        for address in 0..<500 { limiter.recordFailure("c\(address)", now: start + .milliseconds(address)) }
        #expect(limiter.rememberedClients == 50)
        // The newest are the ones kept: the last client is still counted, the first is not.
        #expect(limiter.check("c499", now: start + .milliseconds(500)) { false } == .wrong)
        #expect(limiter.rememberedClients == 50)
    }

    @Test(arguments: [
        ("aaaaaaaaaaaaaaaa", false), ("password12345678", false), ("Passw0rd!Passw0rd!", false), ("0123456789abcdefghij", false),
        ("correct-horse-battery-staple-42", true),
    ])
    func weakTokensAreToldApart(token: String, strong: Bool) {
        #expect(AccessToken.isStrong(token) == strong, "\(token): \(AccessToken.estimatedBits(token)) bits")
    }

    @Test func generatedTokensAreAlwaysStrongAndDifferent() {
        let tokens = (0..<200).map { _ in AccessToken.generate() }
        #expect(Set(tokens).count == 200)
        #expect(tokens.allSatisfy { AccessToken.isStrong($0) && $0.count == 43 })
    }
}
