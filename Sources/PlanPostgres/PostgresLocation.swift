import Foundation
import PostgresNIO

/// Where a board's database is, read from a `postgres://` URL:
/// `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=disable|prefer|require&schema=NAME&pool_size=20&lock_timeout=15`.
///
/// `schema` keeps a board's tables in a schema of their own (tests give each test one);
/// without it they live in `public`. `lock_timeout` is how many seconds a change waits for the
/// board while another server holds it before it is answered 503. A `host` query item starting with `/` is a Unix socket folder.
public struct PostgresLocation: Sendable {
    public let configuration: PostgresClient.Configuration
    public let schema: String?
    /// The URL without its password, for logs and the line printed at start.
    public let redacted: String

    public init(url: String) throws {
        guard let parts = URLComponents(string: url), parts.scheme == "postgres" || parts.scheme == "postgresql" else {
            throw PostgresURLError(url: url, problem: "is not a postgres:// URL")
        }
        let items = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        let user = parts.percentEncodedUser?.removingPercentEncoding ?? ProcessInfo.processInfo.environment["USER"] ?? "postgres"
        let password = parts.percentEncodedPassword?.removingPercentEncoding
        let database = String(parts.path.drop(while: { $0 == "/" })).removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 }
        let tls: PostgresClient.Configuration.TLS
        switch items["sslmode"] ?? "prefer" {
        case "disable": tls = .disable
        // As libpq reads them: prefer and require encrypt without checking the certificate (a
        // self-signed server works), verify-ca checks it, verify-full checks the host name too.
        case "prefer", "allow": tls = .prefer(Self.tls(verifying: .none))
        case "require": tls = .require(Self.tls(verifying: .none))
        case "verify-ca": tls = .require(Self.tls(verifying: .noHostnameVerification))
        case "verify-full": tls = .require(Self.tls(verifying: .fullVerification))
        case let mode: throw PostgresURLError(url: url, problem: "has an sslmode PlanBoard does not know: \(mode)")
        }
        var configuration: PostgresClient.Configuration
        if let socketFolder = items["host"], socketFolder.hasPrefix("/") {
            let port = parts.port ?? 5432
            configuration = .init(unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        } else {
            guard let host = parts.host, !host.isEmpty else { throw PostgresURLError(url: url, problem: "names no host") }
            configuration = .init(host: host, port: parts.port ?? 5432, username: user, password: password, database: database, tls: tls)
        }
        guard let lockTimeout = Int(items["lock_timeout"] ?? "15"), (1...3600).contains(lockTimeout) else {
            throw PostgresURLError(url: url, problem: "has a lock_timeout that is not 1 to 3600 seconds")
        }
        // A change waits for the board at most this long, and a server that stalls inside a
        // transaction (stopped, hung) loses it, so it never holds every other server's changes.
        var settings = [("lock_timeout", "\(lockTimeout)s"), ("idle_in_transaction_session_timeout", "30s")]
        if let schema = items["schema"] {
            guard schema.range(of: "^[a-z_][a-z0-9_]{0,62}$", options: .regularExpression) != nil else {
                throw PostgresURLError(url: url, problem: "has a schema name that is not lower-case letters, digits and _")
            }
            // Every connection looks in the board's schema first.
            settings.append(("search_path", schema))
        }
        configuration.options.additionalStartupParameters = settings
        configuration.options.connectTimeout = .seconds(3)
        if let size = items["pool_size"] {
            // One connection is the listener's; at least one more serves requests.
            guard let count = Int(size), (2...100).contains(count) else { throw PostgresURLError(url: url, problem: "has a pool_size that is not 2 to 100") }
            configuration.options.maximumConnections = count
        }
        self.configuration = configuration
        self.schema = items["schema"]
        var shown = parts
        if shown.password != nil { shown.password = "***" }
        redacted = shown.string ?? "postgres://…"
    }

    private static func tls(verifying verification: CertificateVerification) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = verification
        return configuration
    }
}

/// A `--database` URL that cannot be used, said plainly.
public struct PostgresURLError: Error, CustomStringConvertible {
    let url: String
    let problem: String

    public var description: String { "The database URL \(problem)." }
}
