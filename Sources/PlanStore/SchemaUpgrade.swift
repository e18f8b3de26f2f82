import Foundation

/// A database brought up to this version's schema when a store opened it.
public struct SchemaUpgrade: Sendable, Equatable {
    /// The schema version the database had ("v5"; "empty" for a database without PlanBoard's tables).
    public let from: String
    /// The version it has now.
    public let to: String
    /// Where a copy of the database as it was is kept (SQLite), if one was made.
    public let backup: String?

    public init(from: String, to: String, backup: String?) {
        self.from = from
        self.to = to
        self.backup = backup
    }

    /// The short version ("v5") of a migration's name ("v5: move ids per client, …").
    public static func version(of migration: String?) -> String {
        guard let migration else { return "empty" }
        return String(migration.prefix { $0 != ":" })
    }
}

/// Why a store would not open a database: each leaves the database exactly as it was.
public enum SchemaUpgradeError: Error, Equatable, CustomStringConvertible {
    /// The database was written by a PlanBoard that knows migrations this one does not (a newer one,
    /// or a development build whose migrations never shipped).
    case newerVersion(database: String, unknown: [String])
    /// Bringing the schema up to date failed; nothing of it was kept.
    case failed(database: String, from: String, to: String, backup: String?, reason: String)

    public var description: String {
        switch self {
        case .newerVersion(let database, let unknown):
            """
            The board's database (\(database)) was written by a newer version of PlanBoard, or by a build this one \
            never shipped with: it has schema changes this version does not know (\(unknown.joined(separator: "; "))). \
            Nothing was changed. Run the PlanBoard that wrote it, or restore a backup made before it.
            """
        case .failed(let database, let from, let to, let backup, let reason):
            """
            Could not bring the board's database (\(database)) from schema \(from) to \(to): \(reason). The database was \
            left as it was\(backup.map { "; a copy of it as it was is at \($0)" } ?? ""). PlanBoard did not start.
            """
        }
    }
}
