import Foundation

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

    public init(host: String = "127.0.0.1", port: Int = 8080, resources: URL, maxBodySize: Int = 1 << 20) {
        self.host = host
        self.port = port
        self.resources = resources
        self.maxBodySize = maxBodySize
    }

    var templatesFolder: URL { resources.appendingPathComponent("Templates", isDirectory: true) }
    var publicFolder: URL { resources.appendingPathComponent("Public", isDirectory: true) }
}

/// The moving parts a test wants to pin down: the clock and the source of session tokens.
public struct AppEnvironment: Sendable {
    public var now: @Sendable () -> Date
    public var makeToken: @Sendable () -> String

    public init(now: @escaping @Sendable () -> Date = Date.init, makeToken: @escaping @Sendable () -> String = SessionToken.random) {
        self.now = now
        self.makeToken = makeToken
    }
}
