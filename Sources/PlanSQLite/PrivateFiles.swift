import Foundation

/// The database holds the board and the session key, so what PlanBoard creates for it is private
/// to the person running it: files 0600 and folders 0700. SQLite gives a database's `-wal`, `-shm`
/// and journal the database file's own mode, so creating the file first is enough for all of them.
/// Files and folders that already exist are left as they are: their owner chose.
enum PrivateFiles {
    /// Creates the folder (and any missing parents) 0700, unless it exists.
    static func makeFolder(_ folder: URL) throws {
        var missing: [URL] = []
        var current = folder.standardizedFileURL
        while !FileManager.default.fileExists(atPath: current.path), current.path != "/" {
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        for folder in missing.reversed() {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        }
    }

    /// Creates an empty file 0600 at `path` unless something is there already.
    static func makeFile(_ path: String) throws {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
