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

    /// Files served joined from the modules they import (`ScriptBundle`), by name: the board page
    /// loads its three scripts as one (Templates/board.mustache). The modules stay servable one by one.
    static let joinedScripts = ["board.js": ["drag.js", "live.js", "filter.js"]]

    let folder: URL
    private let pinnedVersion: String?
    private let joined: [String: [String]]
    private let loaded: Mutex<Loaded>

    init(folder: URL, pinnedVersion: String? = nil, joined: [String: [String]] = StaticAssets.joinedScripts) throws {
        self.folder = folder
        self.pinnedVersion = pinnedVersion
        self.joined = joined
        loaded = Mutex(try Self.load(folder, pinnedVersion: pinnedVersion, joined: joined) { throw $0 })
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
                if Self.stamps(folder) != state.stamps,
                    let fresh = try? Self.load(folder, pinnedVersion: pinnedVersion, joined: joined, refused: Self.reportInPage)
                {
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

    /// A script edited while the server runs that cannot be joined: the page's console says why
    /// (the files are served as edited; at start the same refusal stops the server instead).
    private static func reportInPage(_ refusal: ScriptBundle.Refused) -> String {
        let message = (try? JSONEncoder().encode(refusal.description)).map { String(decoding: $0, as: UTF8.self) }
        return "throw new SyntaxError(\(message ?? "'PlanBoard: a script cannot be joined'"));\n"
    }

    private static func load(
        _ folder: URL, pinnedVersion: String?, joined: [String: [String]], refused: (ScriptBundle.Refused) throws -> String
    ) throws -> Loaded {
        var loaded = Loaded()
        loaded.stamps = stamps(folder)
        var combined = ContentHash()
        var sources: [String: Data] = [:]
        for name in loaded.stamps.keys.sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            sources[name] = data
            combined.add(Data(name.utf8))
            combined.add(data)
            loaded.files[name] = file(name, data, modified: loaded.stamps[name]!.modified)
        }
        // Only when its modules are here: a folder of other files (a test's) serves what it has.
        for (name, entries) in joined where entries.allSatisfy({ sources[$0] != nil }) {
            guard sources[name] == nil else {
                throw ScriptBundle.Refused(file: name, line: 0, reason: "a file in Public/ has the name the joined scripts are served under")
            }
            let modules = sources.filter { $0.key.hasSuffix(".js") }.mapValues { String(decoding: $0, as: UTF8.self) }
            let script: String
            do { script = try ScriptBundle.join(entries: entries, modules: modules) } catch { script = try refused(error) }
            let modified = loaded.stamps.values.map(\.modified).max() ?? .distantPast
            loaded.files[name] = file(name, Data(script.utf8), modified: modified)
        }
        loaded.version = pinnedVersion ?? String(combined.hex.prefix(12))
        return loaded
    }

    private static func file(_ name: String, _ data: Data, modified: Date) -> File {
        let body = ByteBuffer(bytes: data)
        var hash = ContentHash()
        hash.add(data)
        var source = body
        let gzipped = try? source.compress(with: .gzip, configuration: .init(compressionLevel: .bestCompression))
        let ext = String(name[name.index(after: name.lastIndex(of: ".")!)...])
        return File(
            contentType: contentTypes[ext]!, body: body,
            gzipped: gzipped.flatMap { $0.readableBytes < body.readableBytes ? $0 : nil },
            entityTag: "\"\(hash.hex)\"", lastModified: modified)
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
