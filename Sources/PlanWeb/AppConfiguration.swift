import Foundation
import PlanStore

/// Everything the web app needs to know that is not code: where to listen and where its files are.
public struct AppConfiguration: Sendable {
    /// Host name or address to bind; loopback unless the person says otherwise.
    public var host: String
    /// Port to bind; 0 asks the system for any free port.
    public var port: Int
    /// Folder holding `Templates/` and `Public/`.
    public var resources: URL
    /// Largest request body accepted by ordinary form posts, in bytes.
    public var maxBodySize: Int
    /// Largest import file accepted, in bytes.
    public var maxImportSize: Int = 8 << 20
    /// Exports and imports answered at once; one more is told to try again (`HeavyRequestGate`).
    public var maxHeavyRequests = Self.defaultMaxHeavyRequests
    public static let defaultMaxHeavyRequests = 2
    /// How many uploads may wait for review, per session and in bytes altogether.
    public var stashLimits = StashLimits()
    /// Host names accepted in the `Host` header besides the loopback names (DNS-rebinding defence).
    public var allowedHosts: [String]
    /// When set, every request must carry it (cookie after the login form, or `Authorization: Bearer`).
    public var accessToken: String?
    /// A connection that sends nothing for this long is closed — including one still sending its headers.
    public var idleTimeout: Duration
    /// The longest a client may take to send a request body.
    public var bodyTimeout: Duration
    /// How often an open `/events` stream gets a keep-alive comment (and re-reads the change log).
    public var heartbeat: Duration = .seconds(15)
    /// How long one `/events` stream lasts before the browser reconnects (resuming where it was).
    public var streamLifetime: Duration = .seconds(300)
    /// Every request reached the board over https (a proxy in front ends TLS): cookies are `Secure`.
    public var behindHTTPS = false
    /// Addresses of proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed.
    public var trustedProxies: [String] = []

    public init(
        host: String = "127.0.0.1", port: Int = 8080, resources: URL, maxBodySize: Int = 1 << 20,
        allowedHosts: [String] = [], accessToken: String? = nil,
        idleTimeout: Duration = .seconds(30), bodyTimeout: Duration = .seconds(30)
    ) {
        self.host = host
        self.port = port
        self.resources = resources
        self.maxBodySize = maxBodySize
        self.allowedHosts = allowedHosts
        self.accessToken = accessToken
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
    }


    /// Whether `host` only reaches this machine: `localhost`, `::1`, or an IPv4 address in
    /// 127.0.0.0/8 written as four numbers. A name that merely starts with `127.`
    /// (`127.0.0.1.example.com`) is a DNS name, and may point anywhere.
    public var listensOnLoopbackOnly: Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && Int($0)! <= 255 })
        else { return false }
        return parts[0] == "127"
    }

    /// Refuses settings that would expose the board: listening beyond loopback without an access token.
    public func validate() throws(ConfigurationError) {
        if let accessToken, !AccessToken.isStrong(accessToken) {
            throw .tokenTooWeak(bits: Int(AccessToken.estimatedBits(accessToken)), needed: Int(AccessToken.minimumBits))
        }
        if !listensOnLoopbackOnly && accessToken == nil {
            throw .exposedWithoutToken(host)
        }
    }

    /// The names a `Host` header may carry: loopback, plus the ones configured.
    var hostNames: Set<String> {
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        for name in allowedHosts { names.insert(name.lowercased()) }
        if !listensOnLoopbackOnly, !["0.0.0.0", "::", "[::]"].contains(host) {
            names.insert(host.contains(":") && !host.hasPrefix("[") ? "[\(host.lowercased())]" : host.lowercased())
        }
        return names
    }

    var templatesFolder: URL { resources.appendingPathComponent("Templates", isDirectory: true) }
    var publicFolder: URL { resources.appendingPathComponent("Public", isDirectory: true) }
}

/// The moving parts a test wants to pin down: the clock, the session tokens, and the version in
/// the static files' URLs.
public struct AppEnvironment: Sendable {
    public var now: @Sendable () -> Date
    /// The key session tokens are signed with; nil uses the board's own, kept in its database.
    public var sessionKey: [UInt8]?
    /// The random part of every new session token (16 bytes); nil draws it at random, as a real
    /// server must. Tests pin it, so a new session's token is known.
    public var sessionNonce: (@Sendable () -> [UInt8])?
    /// Pins the `/assets/VERSION/` of every page (snapshots stay put when a script changes); nil
    /// uses a hash of the files' contents, as a real server must.
    public var assetVersion: String?

    public init(
        now: @escaping @Sendable () -> Date = Date.init, sessionKey: [UInt8]? = nil, sessionNonce: (@Sendable () -> [UInt8])? = nil,
        assetVersion: String? = nil
    ) {
        self.now = now
        self.sessionKey = sessionKey
        self.sessionNonce = sessionNonce
        self.assetVersion = assetVersion
    }
}

/// Settings the server refuses to start with, each with what to do instead.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case exposedWithoutToken(String)
    case tokenTooWeak(bits: Int, needed: Int)

    public var description: String {
        switch self {
        case .exposedWithoutToken(let host):
            "Refusing to listen on \(host): anyone who can reach it could read and change your board. Set an access token (--access-token or PLANBOARD_ACCESS_TOKEN) or listen on 127.0.0.1."
        case let .tokenTooWeak(bits, needed):
            "The access token is too easy to guess (about \(bits) bits; at least \(needed) are needed): repeated characters, runs like 1234 and short tokens count for little. Make one with `planboard token` (256 random bits)."
        }
    }
}
