import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PlanCore
import PlanSQLite
import PlanStore
import Testing
@testable import PlanWeb

/// Builds the real app for tests: an in-memory store (unless given one), the repo's templates,
/// a clock fixed at 2026-11-22 09:00 UTC and a fixed session token, so pages are byte-stable.
enum TestApp {
    /// The key session tokens are signed with in tests, its signer, and the tokens of two browsers.
    static let sessionKey = [UInt8](repeating: 0x5A, count: 32)
    static let signer = SessionSigner(key: sessionKey)
    static let token = signer.issue(nonce: [UInt8](repeating: 1, count: 16))
    static let otherToken = signer.issue(nonce: [UInt8](repeating: 2, count: 16))
    /// The environment every test app runs in: the fixed clock, key and new-session token.
    static func environment(assetVersion: String? = "0123456789ab") -> AppEnvironment {
        AppEnvironment(now: { fixedNow }, sessionKey: sessionKey, sessionNonce: { [UInt8](repeating: 1, count: 16) }, assetVersion: assetVersion)
    }
    static let fixedNow = Date(timeIntervalSince1970: 1_795_338_000)

    /// The repository root, found from this file so tests run from any folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Cookies every helper request carries besides the session (`pb_lang=zh-Hant`, `pb_tz=…`),
    /// set for a block with `TestApp.$cookies.withValue(…)`.
    @TaskLocal static var cookies = ""

    /// The Cookie header for a session, with `cookies`.
    static func cookieHeader(session: String = token) -> String {
        cookies.isEmpty ? "pb_session=\(session)" : "pb_session=\(session); \(cookies)"
    }

    /// The message catalogs the app reads, for tests that draw views directly.
    static func catalogs() throws -> [Language: Strings] {
        try Strings.load(from: root.appendingPathComponent("Templates/strings", isDirectory: true))
    }

    static func strings(_ language: Language = .english) throws -> Strings {
        try #require(try catalogs()[language])
    }

    static func store() throws -> SQLiteBoardStore {
        try SQLiteBoardStore.inMemory(now: { fixedNow }, serverZone: TimeZone(identifier: "UTC")!)
    }

    static func make(
        store: (any BoardStore)? = nil, maxBodySize: Int = 1 << 20, streamLifetime: Duration = .milliseconds(400), assetVersion: String? = "0123456789ab",
        stashLimits: StashLimits = StashLimits(), maxHeavyRequests: Int = AppConfiguration.defaultMaxHeavyRequests
    ) async throws -> some ApplicationProtocol {
        var configuration = AppConfiguration(host: "127.0.0.1", port: 0, resources: root, maxBodySize: maxBodySize)
        configuration.stashLimits = stashLimits
        configuration.maxHeavyRequests = maxHeavyRequests
        // Live-update streams end quickly in tests, so a request for /events returns a whole body.
        configuration.streamLifetime = streamLifetime
        configuration.heartbeat = .milliseconds(100)
        var logger = Logger(label: "planboard-tests")
        logger.logLevel = .warning
        return try await buildApplication(
            configuration: configuration,
            store: store ?? self.store(),
            environment: environment(assetVersion: assetVersion),
            logger: logger)
    }
}

extension TestClientProtocol {
    /// GET with the test session's cookie.
    func get(_ uri: String, json: Bool = false, cookie: Bool = true) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if cookie { headers[.cookie] = TestApp.cookieHeader() }
        if json { headers[.accept] = "application/json" }
        return try await execute(uri: uri, method: .get, headers: headers)
    }

    /// A form post as a browser sends it, with the session cookie and (unless told otherwise) the CSRF field.
    func post(_ uri: String, _ fields: KeyValuePairs<String, String> = [:], json: Bool = false, csrf: String? = TestApp.token, cookie: Bool = true, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        try await post(uri, fields, json: json, csrf: csrf, cookie: cookie ? TestApp.token : nil, headers: extra)
    }

    /// A form post of fields in order (a page's form and the button pressed), as a browser sends it.
    func post(_ uri: String, _ fields: [(String, String)], json: Bool = false) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: TestApp.cookieHeader()]
        if json { headers[.accept] = "application/json" }
        let pairs = fields + [("csrf", TestApp.token)]
        let body = pairs.map { "\(formEncode($0.0))=\(formEncode($0.1))" }.joined(separator: "&")
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// The same as another browser (another session) would send it.
    func post(_ uri: String, _ fields: KeyValuePairs<String, String> = [:], json: Bool = false, session: String) async throws -> TestResponse {
        try await post(uri, fields, json: json, csrf: session, cookie: session, headers: [:])
    }

    private func post(_ uri: String, _ fields: KeyValuePairs<String, String>, json: Bool, csrf: String?, cookie: String?, headers extra: HTTPFields) async throws -> TestResponse {
        var headers = extra
        headers[.contentType] = "application/x-www-form-urlencoded"
        if let cookie { headers[.cookie] = TestApp.cookieHeader(session: cookie) }
        if json { headers[.accept] = "application/json" }
        var pairs = fields.map { ($0.key, $0.value) }
        if let csrf { pairs.append(("csrf", csrf)) }
        let body = pairs.map { "\(formEncode($0.0))=\(formEncode($0.1))" }.joined(separator: "&")
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// Creates tasks through the real route and returns their ids.
    @discardableResult
    func addTasks(_ titles: [String], to column: String = "today") async throws -> [Int64] {
        var ids: [Int64] = []
        for title in titles {
            let response = try await post("/tasks", ["title": title, "column": column], json: true)
            #expect(response.status == .created)
            ids.append(try #require(int64(try response.jsonObject()["id"])))
        }
        return ids
    }

    /// Titles per column as the JSON board lists them.
    func titles() async throws -> [String: [String]] {
        let board = try await get("/", json: true).jsonObject()
        let columns = board["columns"] as! [String: [[String: Any]]]
        return columns.mapValues { $0.map { $0["title"] as! String } }
    }
}

func formEncode(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._*")
    return text.addingPercentEncoding(withAllowedCharacters: allowed)!.replacingOccurrences(of: "%20", with: "+")
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func jsonObject() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(text)")
    }

    /// `error.code` of a JSON error answer.
    func errorCode() throws -> String? {
        (try jsonObject()["error"] as? [String: Any])?["code"] as? String
    }
}

/// A JSON number as Int64, however JSONSerialization chose to box it.
func int64(_ value: Any?) -> Int64? {
    switch value {
    case let number as Int: Int64(number)
    case let number as Int64: number
    case let number as NSNumber: number.int64Value
    default: nil
    }
}
