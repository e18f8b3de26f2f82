import CompressNIO
import Foundation
import NIOCore
import Synchronization

/// The files under `Public/`, held in memory with their validators and a gzip copy.
///
/// Pages load them from `/assets/VERSION/NAME`, where VERSION is a hash of every file's content:
/// a change to any file changes every page's URLs, so browsers may keep the files for a year
/// without asking again. Files are re-read when they change on disk (checked at most once a
/// second), so editing a script needs no restart.
final class StaticAssets: Sendable {
    /// One file as it is served.
    struct File: Sendable {
        let contentType: String
        let body: ByteBuffer
        /// The gzip copy, when it is smaller than the file.
        let gzipped: ByteBuffer?
        /// A hash of the content, quoted as an entity tag is.
        let entityTag: String
        let lastModified: Date
    }

    /// Every file name served, with its content type: nothing else in the folder is reachable.
    static let contentTypes = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
        "png": "image/png", "ico": "image/x-icon", "json": "application/json; charset=utf-8", "txt": "text/plain; charset=utf-8",
    ]

    private struct Loaded: Sendable {
        var files: [String: File] = [:]
        /// Size and modification time of each file when read, to notice edits.
        var stamps: [String: Stamp] = [:]
        var version = ""
        var checked = ContinuousClock.now
    }

    private struct Stamp: Equatable, Sendable {
        let size: Int
        let modified: Date
    }

    let folder: URL
    private let pinnedVersion: String?
    private let loaded: Mutex<Loaded>

    init(folder: URL, pinnedVersion: String? = nil) throws {
        self.folder = folder
        self.pinnedVersion = pinnedVersion
        loaded = Mutex(try Self.load(folder, pinnedVersion: pinnedVersion))
    }

    /// `/assets/VERSION`: where pages load the files from, without a trailing slash.
    var basePath: String { "/assets/" + current().version }

    /// The version part of `basePath`.
    var version: String { current().version }

    /// The file called `name`, or nil when there is none by that exact name.
    func file(named name: String) -> File? {
        current().files[name]
    }

    private func current() -> Loaded {
        loaded.withLock { state in
            let now = ContinuousClock.now
            if now - state.checked > .seconds(1) {
                state.checked = now
                if Self.stamps(folder) != state.stamps, let fresh = try? Self.load(folder, pinnedVersion: pinnedVersion) {
                    state = fresh
                }
            }
            return state
        }
    }

    private static func stamps(_ folder: URL) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let urls = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys)) ?? []
        for url in urls where servable(url.lastPathComponent) {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            stamps[url.lastPathComponent] = Stamp(size: values.fileSize ?? 0, modified: values.contentModificationDate ?? .distantPast)
        }
        return stamps
    }

    /// Plain names only (letters, digits, dot, dash, underscore) with a known extension.
    static func servable(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), contentTypes[String(name[name.index(after: dot)...])] != nil else { return false }
        return !name.hasPrefix(".") && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    private static func load(_ folder: URL, pinnedVersion: String?) throws -> Loaded {
        var loaded = Loaded()
        loaded.stamps = stamps(folder)
        var combined = ContentHash()
        for name in loaded.stamps.keys.sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let body = ByteBuffer(bytes: data)
            var hash = ContentHash()
            hash.add(data)
            combined.add(Data(name.utf8))
            combined.add(data)
            var source = body
            let gzipped = try? source.compress(with: .gzip, configuration: .init(compressionLevel: .bestCompression))
            let ext = String(name[name.index(after: name.lastIndex(of: ".")!)...])
            loaded.files[name] = File(
                contentType: contentTypes[ext]!, body: body,
                gzipped: gzipped.flatMap { $0.readableBytes < body.readableBytes ? $0 : nil },
                entityTag: "\"\(hash.hex)\"", lastModified: loaded.stamps[name]!.modified)
        }
        loaded.version = pinnedVersion ?? String(combined.hex.prefix(12))
        return loaded
    }
}

/// FNV-1a over 64 bits: enough to tell versions of a file apart (this is not a security boundary).
struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }

    mutating func add(_ text: String) {
        add(text.utf8)
        add(CollectionOfOne(0xFF))  // a separator no UTF-8 text contains
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
