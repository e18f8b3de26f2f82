import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PlanStore
import Testing
@testable import PlanWeb

@Suite struct SecurityTests {
    static let posts: [(String, KeyValuePairs<String, String>)] = [
        ("/tasks", ["title": "forged", "column": "today"]),
        ("/tasks/1", ["title": "forged"]),
        ("/tasks/1/move", ["column": "later"]),
        ("/tasks/1/finish", ["finished": "true"]),
        ("/tasks/1/delete", [:]),
    ]

    @Test(arguments: [
        ("no token", nil as String?, true),
        ("wrong token", String(TestApp.token.dropLast()) + "X", true),
        ("token but no cookie", TestApp.token, false),
    ])
    func postWithoutAValidTokenIs403AndChangesNothing(label: String, csrf: String?, cookie: Bool) async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["keep me"])
            let before = try await client.get("/", json: true).text
            for (uri, fields) in Self.posts {
                let page = try await client.post(uri, fields, csrf: csrf, cookie: cookie)
                #expect(page.status == .forbidden, "\(label) \(uri)")
                #expect(page.text.contains("This form has expired or came from another site"), "\(label) \(uri)")
                let json = try await client.post(uri, fields, json: true, csrf: csrf, cookie: cookie)
                #expect(json.status == .forbidden)
                #expect(try json.errorCode() == "csrf")
            }
            #expect(try await client.get("/", json: true).text == before)
        }
    }

    /// Cookies are not kept apart by port: another service on 127.0.0.1 could set `pb_session` to
    /// a value of its choosing and send the same value as the form's token. Only a token this
    /// server signed counts; any other is replaced, and the form sent with it refused.
    @Test func aSessionValueTheServerDidNotIssueIsReplacedAndItsFormRefused() async throws {
        let store = try TestApp.store()
        try await TestApp.make(store: store).test(.router) { client in
            let planted = "plantedByAnotherServiceOnThisHost0123456789"
            #expect(RandomToken.isWellFormed(planted) && !TestApp.signer.isOurs(planted))
            for json in [false, true] {
                var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: "pb_session=\(planted)"]
                if json { headers[.accept] = "application/json" }
                let forged = try await client.execute(
                    uri: "/tasks", method: .post, headers: headers, body: ByteBuffer(string: "title=planted&column=today&csrf=\(planted)"))
                #expect(forged.status == .forbidden)
                let fresh = try #require(forged.headers[.setCookie]?.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last.map(String.init))
                #expect(fresh != planted && TestApp.signer.isOurs(fresh), "the refusal comes with a session of the server's own")
            }
            let page = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(planted)"])
            #expect(page.status == .ok)
            #expect(!page.text.contains(planted), "the page's forms carry a fresh token, not the planted one")
            #expect(page.headers[.setCookie]?.hasPrefix("pb_session=") == true)
            // A token signed with another key (another board's) is not ours either.
            let elsewhere = SessionSigner(key: [UInt8](repeating: 7, count: 32)).issue()
            let other = try await client.post("/tasks", ["title": "x", "column": "today"], json: true, csrf: elsewhere, cookie: false, headers: [.cookie: "pb_session=\(elsewhere)"])
            #expect(other.status == .forbidden)
            #expect(try await client.titles()["today"] == [])
            // Undo ownership is a keyed hash of the session: the log holds no part of the token.
            try await client.addTasks(["mine"])
            let owners = try await store.changeOwnersForTesting()
            #expect(owners == [TestApp.signer.owner(of: TestApp.token)])
            #expect(owners.allSatisfy { !TestApp.token.hasPrefix(String($0.prefix(8))) && !$0.contains(TestApp.token.prefix(12)) })
        }
    }

    @Test func tokenIsAcceptedFromTheHeader() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.post("/tasks", ["title": "via header", "column": "today"], json: true, csrf: nil, headers: [.csrfToken: TestApp.token])
            #expect(response.status == .created)
        }
    }

    @Test func firstVisitSetsAnHttpOnlySameSiteSessionCookieThatTheFormsCarry() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/", cookie: false)
            let cookie = try #require(page.headers[.setCookie])
            #expect(cookie.hasPrefix("pb_session=\(TestApp.token)"))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(page.text.contains(#"name="csrf" value="\#(TestApp.token)""#))
            // A returning browser keeps its cookie.
            #expect(try await client.get("/").headers[.setCookie] == nil)
        }
    }

    @Test func everyKindOfAnswerCarriesTheSecurityHeaders() async throws {
        try await TestApp.make(maxBodySize: 2_048).test(.router) { client in
            try await client.addTasks(["a"])
            let answers: [(String, TestResponse)] = [
                ("board", try await client.get("/")),
                ("board json", try await client.get("/", json: true)),
                ("task page", try await client.get("/tasks/1")),
                ("404 page", try await client.get("/tasks/99")),
                ("403", try await client.post("/tasks", ["title": "x", "column": "today"], csrf: nil)),
                ("422", try await client.post("/tasks", ["title": "", "column": "today"])),
                ("413", try await client.post("/tasks", ["title": String(repeating: "x", count: 4_096), "column": "today"])),
                ("303", try await client.post("/tasks/1/finish")),
                ("static", try await client.get("/board.css")),
                ("healthz", try await client.get("/healthz")),
            ]
            for (label, response) in answers {
                let csp = try #require(response.headers[.contentSecurityPolicy], "\(label)")
                #expect(csp.contains("default-src 'self'"), "\(label)")
                #expect(csp.contains("script-src 'self'"), "\(label)")
                #expect(csp.contains("frame-ancestors 'none'"), "\(label)")
                #expect(!csp.contains("unsafe-inline"), "\(label)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(label)")
                #expect(response.headers[.referrerPolicy] == "same-origin", "\(label)")
            }
        }
    }

    @Test func bodyOverTheLimitIs413AndChangesNothing() async throws {
        try await TestApp.make(maxBodySize: 2_048).test(.router) { client in
            let page = try await client.post("/tasks", ["title": "x", "column": "today", "notes": String(repeating: "n", count: 4_096)])
            #expect(page.status == .contentTooLarge)
            #expect(page.text.contains("The request is larger than 2 KB"))
            let json = try await client.post("/tasks", ["title": "x", "column": "today", "notes": String(repeating: "n", count: 4_096)], json: true)
            #expect(json.status == .contentTooLarge)
            #expect(try json.errorCode() == "too_large")
            #expect(try await client.titles()["today"] == [])
        }
    }

    @Test func bodyOverTheDefaultLimitIs413WithoutAContentLength() async throws {
        try await TestApp.make().test(.live) { client in
            // Chunked, so only reading it reveals the size.
            let body = ByteBuffer(string: "title=x&column=today&notes=" + String(repeating: "n", count: 1_100_000) + "&csrf=\(TestApp.token)")
            let response = try await client.execute(
                uri: "/tasks", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "pb_session=\(TestApp.token)", .transferEncoding: "chunked", .accept: "application/json"],
                body: body)
            #expect(response.status == .contentTooLarge)
        }
    }

    /// A cross-site form post arrives without the (SameSite) cookie; it is refused before its body
    /// is read, so neither size nor shape earns it any other answer. So is a wrong header token.
    @Test(arguments: [
        ("oversized, no cookie", "application/x-www-form-urlencoded", nil as String?, nil as String?, String(repeating: "n", count: 1_100_000)),
        ("unreadable type, no cookie", "text/xml", nil, nil, "<task/>"),
        ("bad encoding, no cookie", "application/x-www-form-urlencoded", nil, nil, "title=%zz"),
        ("oversized, wrong header token", "application/x-www-form-urlencoded", TestApp.token, String(TestApp.token.dropLast()) + "X", String(repeating: "n", count: 1_100_000)),
        ("unreadable type, wrong header token", "text/xml", TestApp.token, String(TestApp.token.dropLast()) + "X", "<task/>"),
    ])
    func postsThatCannotCarryAValidTokenAre403WhateverTheirBody(label: String, type: String, cookie: String?, header: String?, body: String) async throws {
        try await TestApp.make().test(.router) { client in
            var headers: HTTPFields = [.contentType: type, .accept: "application/json"]
            if let cookie { headers[.cookie] = "pb_session=\(cookie)" }
            if let header { headers[.csrfToken] = header }
            let response = try await client.execute(uri: "/tasks", method: .post, headers: headers, body: ByteBuffer(string: body))
            #expect(response.status == .forbidden, "\(label)")
            #expect(try response.errorCode() == "csrf", "\(label)")
        }
    }

    @Test func malformedBodiesAre400Or415() async throws {
        try await TestApp.make().test(.router) { client in
            let cookie = "pb_session=\(TestApp.token)"
            let badPercent = try await client.execute(
                uri: "/tasks", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookie, .accept: "application/json"],
                body: ByteBuffer(string: "title=%zz&csrf=\(TestApp.token)"))
            #expect(badPercent.status == .badRequest)
            let badUTF8 = try await client.execute(
                uri: "/tasks", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookie, .accept: "application/json"],
                body: ByteBuffer(string: "title=%FF%FE&column=today&csrf=\(TestApp.token)"))
            #expect(badUTF8.status == .badRequest)
            #expect(try badUTF8.jsonObject()["error"].flatMap { ($0 as? [String: Any])?["message"] as? String } == "The form contains text that is not valid UTF-8.")
            let xml = try await client.execute(
                uri: "/tasks", method: .post,
                headers: [.contentType: "text/xml", .cookie: cookie, .csrfToken: TestApp.token],
                body: ByteBuffer(string: "<task/>"))
            #expect(xml.status == .unsupportedMediaType)
            let manyFields = (0..<500).map { "f\($0)=1" }.joined(separator: "&")
            let flood = try await client.execute(
                uri: "/tasks", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookie],
                body: ByteBuffer(string: "csrf=\(TestApp.token)&" + manyFields))
            #expect(flood.status == .badRequest)
        }
    }
}
