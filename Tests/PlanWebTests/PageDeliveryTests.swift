import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
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

    /// A board page is drawn once per tag and answered again from what was drawn: the same bytes
    /// plain and gzipped, another session's page its own, and a change drawn at once.
    @Test func aDrawnBoardIsAnsweredAgainUntilTheBoardChanges() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks((1...30).map { "Task number \($0) with a title long enough to matter" })
            let first = try await client.get("/")
            let again = try await client.get("/")
            #expect(again.text == first.text)
            #expect(again.headers[.eTag] == first.headers[.eTag])
            #expect(again.headers[.contentLanguage] == "en")
            #expect(again.headers[.cacheControl] == "private, no-cache")
            for _ in 0..<2 {
                // Gzipped once, then the kept bytes: the same page each time.
                let zipped = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.token)", .acceptEncoding: "gzip"])
                #expect(zipped.headers[.contentEncoding] == "gzip")
                #expect(zipped.headers[.vary] == "Accept-Language, Accept-Encoding")
                var body = zipped.body
                #expect(String(buffer: try body.decompress(with: .gzip())) == first.text)
            }
            let other = try await client.execute(uri: "/", method: .get, headers: [.cookie: "pb_session=\(TestApp.otherToken)"])
            #expect(other.text != first.text, "another session's page carries its own token")
            try await client.addTasks(["A task added since"], to: "later")
            let changed = try await client.get("/")
            #expect(changed.text.contains("A task added since"))
            #expect(changed.headers[.eTag] != first.headers[.eTag])
            let head = try await client.execute(uri: "/", method: .head, headers: [.cookie: "pb_session=\(TestApp.token)", .acceptEncoding: "gzip"])
            #expect(head.status == .ok)
            #expect(head.headers[.contentEncoding] == nil)
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
            #expect(page.contains(#"<script type="module" src="\#(stylesheet.replacingOccurrences(of: "board.css", with: "board.js"))"></script>"#))
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

/// What `DrawnPageCache` keeps and for how long.
@Suite struct DrawnPageCacheTests {
    func key(_ tag: String, loggedIn: Bool = false) -> DrawnPageCache.Key {
        DrawnPageCache.Key(tag: tag, loggedIn: loggedIn, path: "/")
    }

    @Test func pagesAreKeptUnderTheirWholeKeyWithTheirGzip() {
        let cache = DrawnPageCache(limit: 4, byteLimit: 1_000)
        cache.keep(ByteBuffer(string: "page a"), for: key("a"))
        #expect(cache.page(key("a"))?.plain == ByteBuffer(string: "page a"))
        #expect(cache.page(key("a", loggedIn: true)) == nil)
        #expect(cache.page(key("a"))?.gzip == nil)
        cache.keepGzip(ByteBuffer(string: "zipped a"), for: key("a"))
        #expect(cache.page(key("a"))?.gzip == ByteBuffer(string: "zipped a"))
        // A gzip for a page no longer kept is not kept either.
        cache.keepGzip(ByteBuffer(string: "zipped b"), for: key("b"))
        #expect(cache.page(key("b")) == nil)
    }

    @Test func theOldestPagesLeaveBeyondTheCountOrTheBytes() {
        let cache = DrawnPageCache(limit: 3, byteLimit: 100)
        for name in ["a", "b", "c", "d"] { cache.keep(ByteBuffer(string: String(repeating: name, count: 10)), for: key(name)) }
        #expect(cache.count == 3)
        #expect(cache.page(key("a")) == nil)
        #expect(cache.page(key("d")) != nil)
        // 30 bytes kept and 85 more is 115 of the 100 allowed: the oldest leave until it fits.
        cache.keep(ByteBuffer(string: String(repeating: "e", count: 85)), for: key("e"))
        #expect(cache.page(key("e")) != nil)
        #expect(cache.count == 2)
        #expect(cache.page(key("b")) == nil && cache.page(key("c")) == nil && cache.page(key("d")) != nil)
        // A page larger than every byte allowed is not kept at all.
        cache.keep(ByteBuffer(string: String(repeating: "f", count: 101)), for: key("f"))
        #expect(cache.page(key("f")) == nil)
        #expect(cache.count == 2)
    }
}
