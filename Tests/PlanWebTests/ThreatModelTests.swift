import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PlanStore
import NIOCore
import Testing
@testable import PlanWeb

/// The localhost threat model: DNS rebinding, cross-site posts, other methods, and the access token.
@Suite struct ThreatModelTests {
    /// A request with any `Host`, sent over a real socket to the live server.
    static func send(
        port: Int, authority: String, _ method: HTTPRequest.Method = .get, _ uri: String = "/",
        headers: HTTPFields = [:], body: String? = nil
    ) async throws -> TestClient.Response {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            try await client.execute(TestClient.Request(uri, method: method, authority: authority, headers: headers, body: body.map { ByteBuffer(string: $0) }))
        }
    }

    static let formHeaders: HTTPFields = [
        .contentType: "application/x-www-form-urlencoded", .cookie: "pb_session=\(TestApp.token)", .accept: "application/json",
    ]
    static let createBody = "title=forged&column=today&csrf=\(TestApp.token)"

    @Test func foreignHostIsRefusedAndLoopbackNamesAreServed() async throws {
        try await TestApp.make().test(.live) { client in
            let port = try #require(client.port)
            for host in ["evil.example:\(port)", "attacker.test", "127.0.0.1.evil.example", "localhost.evil.example:\(port)", ""] {
                let get = try await Self.send(port: port, authority: host)
                #expect(get.status == .misdirectedRequest, "GET with Host \(host)")
                let post = try await Self.send(port: port, authority: host, .post, "/tasks", headers: Self.formHeaders, body: Self.createBody)
                #expect(post.status == .misdirectedRequest, "POST with Host \(host)")
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)"] {
                #expect(try await Self.send(port: port, authority: host).status == .ok, "Host \(host)")
            }
            #expect(try await client.titles()["today"] == [])
        }
    }

    @Test func aHostHeaderIsAHostAndAtMostAPort() {
        let valid = ["127.0.0.1": "127.0.0.1", "127.0.0.1:8080": "127.0.0.1", "LocalHost:1": "localhost", "[::1]": "[::1]", "[::1]:65535": "[::1]"]
        for (authority, host) in valid { #expect(LocalhostGuardMiddleware.hostName(authority) == host, "\(authority)") }
        for authority in ["127.0.0.1:abc", "127.0.0.1:99999", "127.0.0.1:0", "127.0.0.1:8080.evil", "[::1]evil", "[::1]:", "127.0.0.1:", ":8080", "[::1", "a:1:2", "127.0.0.1:+80", "127.0.0.1:٨٠"] {
            #expect(LocalhostGuardMiddleware.hostName(authority) == nil, "\(authority)")
        }
    }

    @Test func namesGivenWithTheFlagAreServed() async throws {
        let app = try await buildApplication(
            configuration: AppConfiguration(port: 0, resources: TestApp.root, allowedHosts: ["Board.LAN"]),
            store: TestApp.store(), environment: TestApp.environment(assetVersion: nil))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            #expect(try await Self.send(port: port, authority: "board.lan:\(port)").status == .ok)
            #expect(try await Self.send(port: port, authority: "other.lan:\(port)").status == .misdirectedRequest)
        }
    }

    @Test func postFromAnotherSiteIsRefusedEvenWithAValidToken() async throws {
        try await TestApp.make().test(.router) { client in
            let sources: [(HTTPField.Name, String)] = [
                (.origin, "http://evil.example"), (.origin, "null"), (.origin, "http://localhost:9999"),
                (.origin, "https://localhost.evil.example"), (.referer, "http://evil.example/page.html"),
            ]
            for (name, value) in sources {
                let response = try await client.post("/tasks", ["title": "forged", "column": "today"], json: true, headers: [name: value])
                #expect(response.status == .forbidden, "\(name): \(value)")
                #expect(try response.errorCode() == "cross_site")
                #expect(try response.jsonObject()["revision"] == nil, "nothing about the board leaks")
            }
            #expect(try await client.titles()["today"] == [])
            // Our own pages send our own origin.
            let own = try await client.post("/tasks", ["title": "mine", "column": "today"], json: true, headers: [.origin: "http://localhost", .referer: "http://localhost/"])
            #expect(own.status == .created)
        }
    }

    @Test func onlyGetHeadAndPostAreAnswered() async throws {
        try await TestApp.make().test(.router) { client in
            for method in [HTTPRequest.Method.put, .delete, .patch, .options, HTTPRequest.Method("PROPFIND")!, HTTPRequest.Method("BREW")!] {
                let response = try await client.execute(uri: "/", method: method, headers: [.cookie: "pb_session=\(TestApp.token)"])
                #expect(response.status == .methodNotAllowed, "\(method)")
                #expect(response.headers[.allow] == "GET, HEAD, POST")
            }
            let head = try await client.execute(uri: "/", method: .head)
            #expect(head.status == .ok)
        }
    }

    @Test func listeningBeyondLoopbackNeedsAnAccessToken() throws {
        let resources = TestApp.root
        #expect(throws: ConfigurationError.exposedWithoutToken("0.0.0.0")) {
            try AppConfiguration(host: "0.0.0.0", resources: resources).validate()
        }
        #expect(throws: ConfigurationError.exposedWithoutToken("192.168.1.20")) {
            try AppConfiguration(host: "192.168.1.20", resources: resources).validate()
        }
        // Length is not strength: repeats, runs and dictionary-shaped tokens are refused at start.
        for weak in ["short", "aaaaaaaaaaaaaaaa", "password12345678", String(repeating: "k", count: 64), "abcdefghijklmnopqrstuvwxyz0123456789", "Passw0rd!Passw0rd!"] {
            #expect(throws: ConfigurationError.self, "\(weak)") {
                try AppConfiguration(host: "0.0.0.0", resources: resources, accessToken: weak).validate()
            }
        }
        let refusal = ConfigurationError.tokenTooWeak(bits: 41, needed: 80).description
        #expect(refusal.contains("planboard token"))
        try AppConfiguration(host: "0.0.0.0", resources: resources, accessToken: AccessToken.generate()).validate()
        try AppConfiguration(host: "0.0.0.0", resources: resources, accessToken: "correct-horse-battery-staple-42").validate()
        for host in ["127.0.0.1", "127.0.0.2", "127.255.255.254", "localhost", "::1", "[::1]"] {
            try AppConfiguration(host: host, resources: resources).validate()
        }
        // Names that merely start with `127.` are DNS names and may point anywhere (issue 22, item 8).
        for host in ["127.0.0.1.nip.io", "127.evil.example", "127.0.0.256", "127.0.0", "127.0.0.1."] {
            #expect(throws: ConfigurationError.exposedWithoutToken(host)) {
                try AppConfiguration(host: host, resources: resources).validate()
            }
        }
    }

    static let accessToken = "correct-horse-battery-staple-42"

    static func lockedApp() async throws -> some ApplicationProtocol {
        // The asset version pinned, as in TestApp, so the login page's snapshot does not change with every stylesheet edit.
        try await buildApplication(
            configuration: AppConfiguration(port: 0, resources: TestApp.root, accessToken: accessToken),
            store: TestApp.store(), environment: TestApp.environment())
    }

    @Test func withATokenEveryRequestNeedsIt() async throws {
        try await Self.lockedApp().test(.router) { client in
            let page = try await client.get("/tasks/1?x=1")
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/login?next=%2Ftasks%2F1%3Fx%3D1")
            let json = try await client.get("/", json: true)
            #expect(json.status == .unauthorized)
            #expect(json.headers[.wwwAuthenticate] == "Bearer")
            #expect(try json.errorCode() == "unauthorized")
            let post = try await client.post("/tasks", ["title": "x", "column": "today"], json: true)
            #expect(post.status == .unauthorized)
            let wrong = try await client.execute(uri: "/", method: .get, headers: [.authorization: "Bearer correct-horse-battery-staple-43", .accept: "application/json"])
            #expect(wrong.status == .unauthorized)
            let right = try await client.execute(uri: "/", method: .get, headers: [.authorization: "Bearer \(Self.accessToken)", .accept: "application/json"])
            #expect(right.status == .ok)
            // What the login page needs stays reachable.
            #expect(try await client.get("/login").status == .ok)
            #expect(try await client.get("/board.css").status == .ok)
            #expect(try await client.get("/healthz").status == .ok)
        }
    }

    @Test func answersWithoutAccessSayNothingAboutTheBoard() async throws {
        // Issue 22, item 6: every answer to a request without access — open paths and their
        // refusals included — carried `"revision":N`, so anyone could watch the board's activity.
        try await Self.lockedApp().test(.router) { client in
            _ = try await client.post("/tasks", ["title": "x", "column": "today"], json: true, headers: [.authorization: "Bearer \(Self.accessToken)"])
            func openAnswers(_ cookie: String) async throws -> [(String, TestResponse)] {
                let json: HTTPFields = [.accept: "application/json", .cookie: cookie]
                var form = json
                form[.contentType] = "application/x-www-form-urlencoded"
                let csrf = ByteBuffer(string: "csrf=\(TestApp.token)")
                return [
                    ("GET /logout", try await client.execute(uri: "/logout", method: .get, headers: json)),
                    ("GET /language", try await client.execute(uri: "/language", method: .get, headers: json)),
                    ("POST /healthz", try await client.execute(uri: "/healthz", method: .post, headers: form, body: csrf)),
                    ("POST /board.css", try await client.execute(uri: "/board.css", method: .post, headers: form, body: csrf)),
                    ("POST /language lang=xx", try await client.execute(uri: "/language", method: .post, headers: form, body: ByteBuffer(string: "lang=xx&csrf=\(TestApp.token)"))),
                ]
            }
            for (request, answer) in try await openAnswers(TestApp.cookieHeader()) {
                #expect(answer.status.code >= 400, "\(request)")
                #expect(!String(buffer: answer.body).contains("revision"), "\(request): \(String(buffer: answer.body))")
            }
            // A person who logged in still reads the revision with a refusal.
            let login = try await client.post("/login", ["token": Self.accessToken])
            let access = try #require(login.headers[.setCookie]?.split(separator: ";").first)
            for (request, answer) in try await openAnswers("\(TestApp.cookieHeader()); \(access)") {
                #expect(String(buffer: answer.body).contains("\"revision\":"), "\(request): \(String(buffer: answer.body))")
            }
        }
    }

    @Test func theLoginPagesLanguageSwitchWorksBeforeLoggingIn() async throws {
        try await Self.lockedApp().test(.router) { client in
            let switched = try await client.post("/language", ["lang": "zh-Hant", "next": "/login"])
            #expect(switched.status == .seeOther)
            #expect(switched.headers[.location] == "/login")
            #expect(switched.headers[.setCookie]?.hasPrefix("pb_lang=zh-Hant") == true)
            // The rest of the board stays locked.
            #expect(try await client.post("/tasks", ["title": "x", "column": "today"], json: true).status == .unauthorized)
        }
    }

    @Test func aProxyOnADualStackListenerIsKnownByItsIPv4Address() throws {
        #expect(ClientMiddleware.ip(try SocketAddress(ipAddress: "::ffff:127.0.0.1", port: 5000)) == "127.0.0.1")
        #expect(ClientMiddleware.ip(try SocketAddress(ipAddress: "127.0.0.1", port: 5000)) == "127.0.0.1")
        #expect(ClientMiddleware.ip(try SocketAddress(ipAddress: "::1", port: 5000)) == "::1")
        #expect(ClientMiddleware.ip(nil) == nil)
    }

    @Test func loginSetsTheAccessCookieAndRefusesAWrongToken() async throws {
        try await Self.lockedApp().test(.router) { client in
            let wrong = try await client.post("/login", ["token": "guess", "next": "/tasks/1"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("That token is not right."))
            #expect(wrong.headers[.setCookie] == nil)

            let right = try await client.post("/login", ["token": Self.accessToken, "next": "/tasks/1"])
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/tasks/1")
            let cookie = try #require(right.headers[.setCookie])
            #expect(cookie.hasPrefix("pb_access="))
            #expect(!cookie.contains(Self.accessToken), "the cookie is a session id, never the token itself")
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            let session = try #require(cookie.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last.map(String.init))

            let board = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token); pb_access=\(session)"])
            #expect(board.status == .ok)
            #expect(board.text.contains(#"<main id="board""#))
            // The token itself is not a valid cookie, nor is a made-up session.
            for forged in [Self.accessToken, "testsessiontoken0123456789abcdefghij"] {
                let refused = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_access=\(forged)", .accept: "application/json"])
                #expect(refused.status == .unauthorized)
            }
        }
    }

    /// Bearer guesses and login guesses draw on one budget per client; past it, not even the right
    /// token is looked at (the owner, on another address, still gets in: Tests/Browser/test_token_guessing.py).
    @Test func aClientThatKeepsGuessingIsNoLongerChecked() async throws {
        try await Self.lockedApp().test(.router) { client in
            for attempt in 0..<TokenLimiter.Budget().perClient {
                let guess: TestResponse = if attempt.isMultiple(of: 2) {
                    try await client.post("/login", ["token": "guess\(attempt)"])
                } else {
                    try await client.execute(uri: "/", method: .get, headers: [.authorization: "Bearer guess\(attempt)", .accept: "application/json"])
                }
                #expect(guess.status == .unauthorized, "guess \(attempt)")
            }
            let throttled = try await client.post("/login", ["token": Self.accessToken])
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] == "60")
            #expect(throttled.text.contains("Too many wrong tokens were tried in the last minute"))
            let bearer = try await client.execute(uri: "/", method: .get, headers: [.authorization: "Bearer \(Self.accessToken)", .accept: "application/json"])
            #expect(bearer.status == .tooManyRequests)
            #expect(try bearer.errorCode() == "too_many_guesses")
        }
    }

    @Test func loginNeverRedirectsOffSite() {
        #expect(AccessController.safeNext("//evil.example/x") == "/")
        #expect(AccessController.safeNext("/\\evil.example") == "/")
        #expect(AccessController.safeNext("https://evil.example") == "/")
        #expect(AccessController.safeNext(nil) == "/")
        #expect(AccessController.safeNext("/\t/evil.example") == "/")
        #expect(AccessController.safeNext("/\n/evil.example") == "/")
        #expect(AccessController.safeNext("/tasks\\..\\x") == "/")
        #expect(AccessController.safeNext("/tasks/3") == "/tasks/3")
        #expect(AccessController.safeNext("/tasks/3?x=1#task-3") == "/tasks/3?x=1#task-3")
    }

    @Test func everyResponseCarriesARequestID() async throws {
        try await TestApp.make().test(.router) { client in
            let first = try await client.get("/").headers[.requestID]
            let second = try await client.get("/nowhere").headers[.requestID]
            #expect(first != nil && second != nil && first != second)
        }
    }
}

/// Hostile input at the HTTP layer: each gets a clear 4xx and the board keeps serving.
@Suite struct HostileInputTests {
    @Test(arguments: [
        "/..%2f..%2fetc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2F..%2F..%2Fetc%2Fpasswd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/board.css/..%2f..%2f..%2fetc%2fpasswd", "/..%5c..%5cetc%5cpasswd", "/%252e%252e/%252e%252e/etc/passwd",
        "/....//....//etc/passwd", "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", "/%00../etc/passwd",
    ])
    func pathTraversalOnStaticFilesIsRefused(path: String) async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.get(path)
            #expect((400..<500).contains(Int(response.status.code)), "\(path) → \(response.status)")
            #expect(!response.text.contains("root:"), "\(path) leaked a system file")
            #expect(try await client.get("/").status == .ok)
        }
    }
}
