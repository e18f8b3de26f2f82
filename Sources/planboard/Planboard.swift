import ArgumentParser
import Foundation
import Logging
import PlanCore
import PlanPostgres
import PlanSQLite
import PlanStore
import PlanWeb

/// `planboard`: serves the board (the default), or backs it up and restores it.
@main
struct Planboard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "planboard",
        abstract: "Your plan board (Today, Next, Later) in the browser.",
        subcommands: [Serve.self, Backup.self, Restore.self, Token.self],
        defaultSubcommand: Serve.self)
}

/// `planboard [serve]`: serves the board.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the board (what `planboard` does without a subcommand).")

    @Option(help: "Address to listen on. Keep it on loopback unless you know why not.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks any free port (the URL printed is the real one).")
    var port = 8080

    @OptionGroup var storage: DatabaseOption

    @Option(help: "Folder holding Templates/ and Public/. (default: the source checkout this binary was built from, else the current folder)")
    var resources: String?

    @Option(help: "Least severe log level shown: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Option(name: .customLong("allowed-host"), help: "Another name this server may be reached by (its Host header), e.g. a LAN name. Repeatable.")
    var allowedHosts: [String] = []

    @Option(help: "Token every request must carry; required to listen beyond loopback. Prefer the PLANBOARD_ACCESS_TOKEN environment variable: command lines are visible to other users.")
    var accessToken: String?

    @Option(help: "Seconds a connection may stay silent, including while sending its headers, before it is closed.")
    var idleTimeout: Double = 30

    @Option(help: "Seconds a client may take to send a request body before getting 408.")
    var bodyTimeout: Double = 30

    @Flag(help: "Every request reaches the board over https through a proxy in front of it: cookies are marked Secure.")
    var behindHttps = false

    @Option(name: .customLong("trusted-proxy"), help: "Address of a proxy in front of the board whose X-Forwarded-For and X-Forwarded-Proto are believed. Repeatable.")
    var trustedProxies: [String] = []

    @Option(help: "How many of a browser's latest changes its undo can reach.")
    var undoDepth = ChangeLogPolicy().undoDepth

    @Option(help: "How many days a change can still be undone; after that, the notes kept for undoing it (a deleted task's included) are dropped.")
    var undoDays: Double = ChangeLogPolicy().undoWindow / 86_400

    @Option(help: "How many days of changes the history keeps at all (the newest few hundred stay regardless, for tabs catching up).")
    var historyDays = ChangeLogPolicy().keepDays

    @Option(help: "The board's time zone, an IANA name such as Europe/Berlin or Asia/Taipei; `server` follows this server's zone (what a new board does). Saved with the board, like a change on its settings page (/settings).")
    var timeZone: String?

    @Option(help: "The hour (0-23) at which the board's new day starts (a new board: 0). Saved with the board, like a change on its settings page (/settings).")
    var dayStartsAt: Int?

    mutating func validate() throws {
        if let timeZone, timeZone != "server", BoardCalendar.zone(named: timeZone) == nil {
            throw ValidationError("--time-zone \(timeZone) is not the name of a time zone; use one such as Europe/Berlin or Asia/Taipei, or `server`.")
        }
        if let dayStartsAt, !BoardCalendar.hours.contains(dayStartsAt) {
            throw ValidationError("--day-starts-at must be a whole hour from 0 to 23.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard idleTimeout > 0, bodyTimeout > 0 else { throw ValidationError("Timeouts must be more than 0 seconds.") }
        guard undoDepth >= 1, undoDays > 0, historyDays >= 1 else {
            throw ValidationError("--undo-depth, --undo-days and --history-days must be at least 1 (undo days: more than 0).")
        }
    }

    func run() async throws {
        let resourcesFolder = try Self.resourcesFolder(resources)
        var logger = Logger(label: "planboard")
        logger.logLevel = logLevel

        let token = accessToken ?? ProcessInfo.processInfo.environment["PLANBOARD_ACCESS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        var configuration = AppConfiguration(
            host: host, port: port, resources: resourcesFolder, allowedHosts: allowedHosts, accessToken: token,
            idleTimeout: .milliseconds(Int64(idleTimeout * 1_000)), bodyTimeout: .milliseconds(Int64(bodyTimeout * 1_000)))
        configuration.behindHTTPS = behindHttps
        configuration.trustedProxies = trustedProxies
        do {
            try configuration.validate()
        } catch {
            throw ValidationError(error.description)
        }
        var policy = ChangeLogPolicy()
        policy.undoDepth = undoDepth
        policy.undoWindow = undoDays * 86_400
        policy.keepDays = historyDays
        switch try storage.location() {
        case .sqlite(let path):
            let store = try Self.refusingToStart {
                try SQLiteBoardStore.open(path: path, policy: policy) { upgrade in
                    logger.notice("Upgraded the board's database from schema \(upgrade.from) to \(upgrade.to); a copy of it as it was is at \(upgrade.backup ?? "-")")
                }
            }
            try await Self.saveDaySettings(store, timeZone: timeZone, dayStartsAt: dayStartsAt, logger: logger)
            try await serve(store, board: path, configuration: configuration, logger: logger)
        case .postgres(let url):
            let store = try PostgresBoardStore(url: url, logger: logger, policy: policy)
            let shown = try PostgresLocation(url: url).redacted
            let (timeZone, dayStartsAt, migrationLog) = (self.timeZone, self.dayStartsAt, logger)
            // The pool and the listener run beside the server, start before it and stop after it.
            try await serve(store, board: shown, configuration: configuration, logger: logger, storeWork: { await store.run() }) {
                do {
                    if let upgrade = try await store.migrate() {
                        migrationLog.notice("Upgraded the board's database from schema \(upgrade.from) to \(upgrade.to)")
                    }
                    try await Self.saveDaySettings(store, timeZone: timeZone, dayStartsAt: dayStartsAt, logger: migrationLog)
                } catch let error as SchemaUpgradeError {
                    throw ValidationError(error.description)
                } catch let error as StoreUnavailable {
                    throw ValidationError("Could not reach the database at \(shown): \(error.reason).")
                }
            }
        }
    }

    /// `--time-zone` and `--day-starts-at`, saved with the board (what is not given stays as the board has it).
    private static func saveDaySettings(_ store: some BoardStore, timeZone: String?, dayStartsAt: Int?, logger: Logger) async throws {
        guard timeZone != nil || dayStartsAt != nil else { return }
        let current = try await store.settings()
        let zone = timeZone.map { $0 == "server" ? nil : $0 } ?? current.timeZone
        let saved = try await store.saveSettings(timeZone: zone, dayStartsAt: dayStartsAt ?? current.dayStartsAt, client: nil).value
        logger.info("the board's day follows \(saved.timeZone ?? "the server's zone (\(store.serverZone.identifier))") and starts at \(saved.dayStartsAt):00")
    }

    /// Serves `store` until the server is stopped (`serveBoard`).
    private func serve(
        _ store: some BoardStore, board: String, configuration: AppConfiguration, logger: Logger,
        storeWork: (@Sendable () async -> Void)? = nil, prepare: @escaping @Sendable () async throws -> Void = {}
    ) async throws {
        let host = self.host
        let locked = configuration.accessToken != nil
        try await serveBoard(
            configuration: configuration, store: store, logger: logger, storeWork: storeWork, prepare: prepare,
            onServerRunning: { port in
                let shownHost = host.contains(":") ? "[\(host)]" : host
                // Written straight to the file handle: tests and scripts read this line from a pipe, unbuffered.
                let access = locked ? "; access token required" : ""
                let line = "PlanBoard is running at http://\(shownHost):\(port)/  (board: \(board)\(access); press Ctrl-C to stop)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            })
    }

    /// Runs `open`; a database that must not be opened (written by a newer PlanBoard, or whose
    /// upgrade failed) stops the server before it starts, saying why on the standard error.
    static func refusingToStart<T>(_ open: () throws -> T) throws -> T {
        do {
            return try open()
        } catch let error as SchemaUpgradeError {
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// Templates and static files: the flag, else the checkout this file was compiled from, else the current folder.
    static func resourcesFolder(_ flag: String?) throws -> URL {
        func hasTemplates(_ folder: URL) -> Bool {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("Templates/board.mustache").path)
        }
        if let flag {
            let folder = URL(fileURLWithPath: flag)
            guard hasTemplates(folder) else { throw ValidationError("--resources \(flag) has no Templates/board.mustache.") }
            return folder
        }
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let folder = [checkout, current].first(where: hasTemplates) else {
            throw ValidationError("Could not find PlanBoard's Templates/ and Public/ folders; pass --resources PATH.")
        }
        return folder
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// `planboard token`: a fresh access token to start the board with.
struct Token: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a new random access token (256 bits), for --access-token or PLANBOARD_ACCESS_TOKEN.")

    func run() {
        print(AccessToken.generate())
    }
}

/// `--database`, shared by every subcommand.
struct DatabaseOption: ParsableArguments {
    @Option(help: """
        The SQLite file holding the board; its folder is created if missing. Or a postgres://USER:PASSWORD@HOST:PORT/DATABASE \
        URL, for several servers on one board (also taken from PLANBOARD_DATABASE_URL). \
        (default: $XDG_DATA_HOME/planboard/board.sqlite, or ~/.local/share/planboard/board.sqlite)
        """)
    var database: String?

    /// Where the board is: a SQLite file, or a PostgreSQL database.
    enum Location {
        case sqlite(path: String)
        case postgres(url: String)
    }

    /// The flag, else PLANBOARD_DATABASE_URL, else the default SQLite file.
    func location() throws -> Location {
        let fromEnvironment = ProcessInfo.processInfo.environment["PLANBOARD_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let given = database ?? fromEnvironment else { return .sqlite(path: Self.defaultDatabasePath()) }
        if given.hasPrefix("postgres://") || given.hasPrefix("postgresql://") { return .postgres(url: given) }
        if database == nil { throw ValidationError("PLANBOARD_DATABASE_URL must be a postgres:// URL.") }
        return .sqlite(path: given)
    }

    /// The SQLite file, or a refusal that says what to do for a board in PostgreSQL instead.
    func sqlitePath(for command: String) throws -> String {
        switch try location() {
        case .sqlite(let path): return path
        case .postgres:
            throw ValidationError("""
                The board is in PostgreSQL, which `planboard \(command)` does not copy (it copies SQLite files). \
                Use PostgreSQL's own tools: `pg_dump --format=custom --file=board.dump URL` while the servers run, \
                and `pg_restore --clean --if-exists --dbname=URL board.dump` with them stopped.
                """)
        }
    }

    /// The XDG data folder, so the board survives rebuilds and lives where such files usually do.
    static func defaultDatabasePath() -> String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (base as NSString).appendingPathComponent("planboard/board.sqlite")
    }
}

/// `planboard backup PATH`: a consistent copy of the board, safe while the server runs.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a consistent copy of the board to PATH (SQLite online backup; the server may keep running).")

    @Argument(help: "Where to write the copy. An existing file is replaced only once the new copy is complete and checked.")
    var path: String

    @OptionGroup var storage: DatabaseOption

    func run() throws {
        let board = try storage.sqlitePath(for: "backup")
        guard FileManager.default.fileExists(atPath: board) else {
            throw ValidationError("There is no board at \(board) to back up.")
        }
        let summary: BackupSummary
        do {
            summary = try SQLiteBoardStore.open(path: board).backup(to: path)
        } catch let error as BackupError {
            throw ValidationError(error.description)
        }
        print("Backed up revision \(summary.revision) (\(summary.taskCount) tasks, \(summary.bytes / 1024) KB) to \(path).")
    }
}

/// `planboard restore BACKUP`: the way back from a backup.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replace the board with a backup made by `planboard backup`.",
        discussion: """
            The backup is checked first (SQLite integrity check, PlanBoard tables); a damaged file changes nothing. \
            The board is replaced in one step, so it is safe with the server running: open tabs notice the older \
            revision and reload. To keep the current board too, back it up before restoring.
            """)

    @Argument(help: "The backup file to restore.")
    var backup: String

    @OptionGroup var storage: DatabaseOption

    func run() throws {
        let board = try storage.sqlitePath(for: "restore")
        do {
            let summary = try SQLiteBoardStore.open(path: board).restore(from: backup)
            print("Restored the board as of revision \(summary.revision) (\(summary.taskCount) tasks) from \(backup) into \(board).")
        } catch let error as BackupError {
            throw ValidationError(error.description)
        }
    }
}
