import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// How pages and files travel: validators and 304s, compression, and the static files' caching.
@Suite struct PageDeliveryTests {
    @Test func theBoardAnswers304WhileNothingChanged() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            let page = try await client.get("/")
            let tag = try #require(page.headers[.eTag])
            #expect(tag.hasPrefix("W/\"b1-"))
            #expect(page.headers[.cacheControl] == "private, no-cache")
            let again = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token)", .ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.eTag] == tag)
            // A change anywhere on the board makes the page new again.
            try await client.addTasks(["b"], to: "later")
            let changed = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token)", .ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != tag)
        }
    }

    @Test func theBoardsTagCoversTheSessionAndItsChoices() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            _ = try await client.post("/tasks/1/finish", ["finished": "true"])
            let mine = try #require(try await client.get("/").headers[.eTag])
            // Another session's page carries another token: it must not match this one's tag.
            let other = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.otherToken)", .ifNoneMatch: mine])
            #expect(other.status == .ok)
            // Folding the finished tasks away changes the page, so it changes the tag.
            let folded = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token); pb_hide_finished=today", .ifNoneMatch: mine])
            #expect(folded.status == .ok)
            #expect(folded.text.contains(#"data-column="today" data-hide-finished="true""#))
        }
    }

    @Test func pagesAndJSONAreGzippedForClientsThatAcceptIt() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks((1...30).map { "Task number \($0) with a title long enough to matter" })
            let plain = try await client.get("/")
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.headers[.vary] == "Accept-Language, Accept-Encoding")
            let zipped = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token)", .acceptEncoding: "br;q=1.0, gzip;q=0.8"])
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[.eTag] == plain.headers[.eTag])
            #expect(zipped.body.readableBytes * 4 < plain.body.readableBytes)
            var body = zipped.body
            #expect(String(buffer: try body.decompress(with: .gzip())) == plain.text)
            // q=0 means no; JSON is compressed like pages.
            let refused = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token)", .acceptEncoding: "gzip;q=0"])
            #expect(refused.headers[.contentEncoding] == nil)
            let json = try await client.execute(uri: "/", method: .get, headers: [.accept: "application/json", .acceptEncoding: "gzip"])
            #expect(json.headers[.contentEncoding] == "gzip")
        }
    }

    @Test func staticFilesAreCachedForAYearUnderTheirVersionAndRevalidatedOtherwise() async throws {
        try await TestApp.make(assetVersion: nil).test(.router) { client in
            let page = try await client.get("/").text
            let stylesheet = try #require(page.firstMatch(of: #/href="(/assets/[0-9a-f]{12}/board\.css)"/#)).1
            let versioned = try await client.get(String(stylesheet))
            #expect(versioned.status == .ok)
            #expect(versioned.headers[.contentType] == "text/css; charset=utf-8")
            #expect(versioned.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let tag = try #require(versioned.headers[.eTag])
            #expect(versioned.headers[.lastModified]?.hasSuffix(" GMT") == true)
            let onDisk = try String(contentsOf: TestApp.root.appendingPathComponent("Public/board.css"), encoding: .utf8)
            #expect(versioned.text == onDisk)
            // The page's scripts load from the same version, so their relative imports do too.
            #expect(page.contains(#"<script type="module" src="\#(stylesheet.replacingOccurrences(of: "board.css", with: "drag.js"))"></script>"#))
            let revalidated = try await client.execute(uri: String(stylesheet), method: .get, headers: [.ifNoneMatch: "W/" + tag])
            #expect(revalidated.status == .notModified)
            let since = try await client.execute(uri: "/board.css", method: .get, headers: [.ifModifiedSince: versioned.headers[.lastModified]!])
            #expect(since.status == .notModified)
            let plain = try await client.get("/board.css")
            #expect(plain.headers[.cacheControl] == "no-cache")
            let stale = try await client.get("/assets/000000000000/board.css")
            #expect(stale.status == .ok)
            #expect(stale.headers[.cacheControl] == "no-cache")
            let zipped = try await client.execute(uri: String(stylesheet), method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[.eTag] != tag)
            var body = zipped.body
            #expect(String(buffer: try body.decompress(with: .gzip())) == onDisk)
        }
    }

    @Test func onlyExactNamesOfPublicFilesAreServed() async throws {
        try await TestApp.make().test(.router) { client in
            for path in ["/drag.js%00.svg", "/drag.js/", "/board.css/", "/assets/x/../board.css", "/assets/board.css", "/Public/board.css", "/.hidden.js", "/nosuchfile.js"] {
                let response = try await client.get(path)
                #expect(response.status == .notFound || response.status == .badRequest, "\(path) answered \(response.status)")
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true, "\(path)")
            }
        }
    }
}
