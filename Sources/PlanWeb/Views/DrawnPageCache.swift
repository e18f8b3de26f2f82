import NIOCore
import Synchronization

/// Board pages already drawn, by what makes a page the page it is: its entity tag (the board's
/// revision, the day, the session, its choices, the filter and the language: `BoardController`),
/// whether the reader is logged in with the access token, and its path. A request for a page kept
/// here is answered with the same bytes instead of drawing them again, and a browser that accepts
/// gzip gets them compressed once.
///
/// The page's entity tag already promises that a page under it is the same page (a browser that
/// holds it gets 304); this keeps the bytes behind that promise. A change to the board changes
/// the revision, so a page drawn before it is never served after it; pages of older revisions
/// leave as new ones come (at most `limit` pages and `byteLimit` bytes, oldest first).
final class DrawnPageCache: Sendable {
    struct Key: Hashable, Sendable {
        let tag: String
        let loggedIn: Bool
        let path: String
    }

    /// A page's bytes, and the same gzipped once a browser asked for them so.
    struct Page: Sendable {
        let plain: ByteBuffer
        var gzip: ByteBuffer?

        var bytes: Int { plain.readableBytes + (gzip?.readableBytes ?? 0) }
    }

    private struct Kept: Sendable {
        var pages: [Key: Page] = [:]
        /// Keys, oldest first.
        var order: [Key] = []
        var bytes = 0
    }

    private let kept = Mutex(Kept())
    let limit: Int
    let byteLimit: Int

    init(limit: Int = 32, byteLimit: Int = 32 << 20) {
        self.limit = limit
        self.byteLimit = byteLimit
    }

    /// The page kept under `key`, if any.
    func page(_ key: Key) -> Page? {
        kept.withLock { $0.pages[key] }
    }

    /// Keeps `plain` as the page under `key` (replacing what was kept under it).
    func keep(_ plain: ByteBuffer, for key: Key) {
        store(Page(plain: plain), for: key)
    }

    /// Keeps the gzipped bytes of the page under `key`, if that page is still kept.
    func keepGzip(_ gzip: ByteBuffer, for key: Key) {
        guard var page = page(key) else { return }
        page.gzip = gzip
        store(page, for: key)
    }

    /// How many pages are kept.
    var count: Int { kept.withLock { $0.pages.count } }

    private func store(_ page: Page, for key: Key) {
        guard page.bytes <= byteLimit else { return }
        kept.withLock { kept in
            if let old = kept.pages[key] {
                kept.bytes -= old.bytes
                kept.order.removeAll { $0 == key }
            }
            kept.pages[key] = page
            kept.order.append(key)
            kept.bytes += page.bytes
            while kept.order.count > limit || kept.bytes > byteLimit, let oldest = kept.order.first {
                kept.order.removeFirst()
                if let gone = kept.pages.removeValue(forKey: oldest) { kept.bytes -= gone.bytes }
            }
        }
    }
}
