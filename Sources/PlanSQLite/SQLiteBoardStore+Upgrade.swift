import Foundation
import GRDB
import PlanStore

extension SQLiteBoardStore {
    /// Brings the file at `path` to this version's schema before the board opens it, so that an
    /// upgrade loses nothing:
    ///
    /// - a file written by a newer PlanBoard (migrations this one does not know) is refused, untouched;
    /// - otherwise, when migrations are due, the file is first copied as it is (`backup(to:)`) beside
    ///   itself, then migrated in a scratch copy; only a copy that migrated whole replaces the
    ///   board's contents (in one step, SQLite's backup), so a migration that fails leaves the file as
    ///   it was. (GRDB commits each migration on its own: migrating in place could stop half-way.)
    ///
    /// Returns what was done, or nil when nothing was due (a new file, or one up to date).
    static func upgrade(_ path: String, now: @escaping @Sendable () -> Date) throws -> SchemaUpgrade? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let migrator = Self.migrator
        let known = migrator.migrations
        var readOnly = configuration
        readOnly.readonly = true
        let source = try DatabaseQueue(path: path, configuration: readOnly)
        defer { try? source.close() }
        let applied = try source.read { db in try db.tableExists("grdb_migrations") ? try migrator.appliedIdentifiers(db) : [] }
        let unknown = applied.subtracting(known).sorted()
        guard unknown.isEmpty else { throw SchemaUpgradeError.newerVersion(database: path, unknown: unknown) }
        guard !applied.isEmpty, applied.count < known.count else { return nil }
        let from = SchemaUpgrade.version(of: known.last { applied.contains($0) })
        let to = SchemaUpgrade.version(of: known.last)
        // The copy as it was, made by the backup code itself (checked, renamed into place when whole).
        let backup = path + ".before-upgrade-" + Self.stamp(now())
        _ = try SQLiteBoardStore(unmigrated: source, now: now).backup(to: backup)
        let scratch = path + ".upgrading"
        try? FileManager.default.removeItem(atPath: scratch)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        do {
            let copy = try DatabaseQueue(path: scratch, configuration: configuration)
            try source.backup(to: copy)
            try migrator.migrate(copy)
            let board = try DatabasePool(path: path, configuration: configuration)
            try copy.backup(to: board)
            try board.close()
            try copy.close()
        } catch {
            throw SchemaUpgradeError.failed(database: path, from: from, to: to, backup: backup, reason: String(describing: error))
        }
        return SchemaUpgrade(from: from, to: to, backup: backup)
    }

    /// When, for a backup's name: 20261127-185012 (UTC).
    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }
}
