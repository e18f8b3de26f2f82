import Foundation
import PlanCore
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    /// One schema version: its name and its statements (run one by one, in one transaction).
    struct Migration {
        let id: String
        let statements: [PostgresQuery]
    }

    /// The schema, one migration per version; never edit a shipped migration, add a new one.
    ///
    /// The first version is what the SQLite store reached over its first three (tasks with their
    /// notes as written, the change log keeping notes only as the way back, move ids, stashed
    /// uploads, secrets). Order keys compare byte by byte (`COLLATE "C"`), as `OrderKey` does.
    static let migrations: [Migration] = [
        Migration(id: "v1: tasks, revision, change log, move ids, stashed uploads, secrets", statements: [
            "CREATE SEQUENCE task_id",  // ids are never handed out twice, whatever is deleted
            #"""
            CREATE TABLE task (
                id BIGINT PRIMARY KEY,
                title TEXT NOT NULL,
                "column" TEXT NOT NULL CHECK ("column" IN ('today', 'next', 'later')),
                order_key TEXT COLLATE "C" NOT NULL,
                important BOOLEAN NOT NULL DEFAULT false,
                finished BOOLEAN NOT NULL DEFAULT false,
                notes TEXT NOT NULL DEFAULT '',
                notes_source TEXT NOT NULL DEFAULT '',
                notes_format TEXT NOT NULL DEFAULT 'html' CHECK (notes_format IN ('plain', 'markdown', 'html')),
                excerpt TEXT,
                origin TEXT,
                created TIMESTAMPTZ NOT NULL,
                updated TIMESTAMPTZ NOT NULL,
                CONSTRAINT task_position UNIQUE ("column", order_key)
            )
            """#,
            "CREATE INDEX task_origin ON task (origin)",
            // The one row every change locks: the revision sequence and the board's identity.
            """
            CREATE TABLE board_state (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                revision BIGINT NOT NULL,
                board_id TEXT NOT NULL
            )
            """,
            "INSERT INTO board_state (id, revision, board_id) VALUES (1, 0, replace(gen_random_uuid()::text, '-', ''))",
            // One row per revision; the columns mean what they mean in the SQLite store's change table.
            """
            CREATE TABLE change (
                revision BIGINT PRIMARY KEY,
                kind TEXT NOT NULL,
                task_id BIGINT,
                client TEXT,
                before TEXT,
                after TEXT,
                previous_anchor BIGINT,
                placed BOOLEAN NOT NULL DEFAULT false,
                placed_after BIGINT,
                undone_by BIGINT,
                created TIMESTAMPTZ NOT NULL,
                detail TEXT,
                notes_back TEXT,
                notes_digest BIGINT
            )
            """,
            "CREATE INDEX change_client ON change (client, revision)",
            "CREATE INDEX change_task ON change (task_id, revision)",
            "CREATE INDEX change_created ON change (created)",
            "CREATE TABLE move_request (move_id TEXT PRIMARY KEY, result TEXT NOT NULL, created TIMESTAMPTZ NOT NULL)",
            "CREATE INDEX move_request_created ON move_request (created)",
            "CREATE TABLE stashed_upload (id TEXT PRIMARY KEY, document BYTEA NOT NULL, created TIMESTAMPTZ NOT NULL)",
            "CREATE TABLE secret (name TEXT PRIMARY KEY, value BYTEA NOT NULL)",
        ]),
        Migration(id: "v2: days (when, deadline, repeat, finished at), the logbook, the board's day, changes of several tasks", statements: [
            // Days are written YYYY-MM-DD (BoardDay), compared byte by byte.
            """
            ALTER TABLE task ADD COLUMN when_day TEXT COLLATE "C", ADD COLUMN deadline TEXT COLLATE "C", ADD COLUMN repeats TEXT,
                ADD COLUMN finished_at TIMESTAMPTZ, ADD COLUMN finished_day TEXT COLLATE "C",
                ADD COLUMN in_logbook BOOLEAN NOT NULL DEFAULT false
            """,
            "UPDATE task SET finished_at = updated WHERE finished",
            // The logbook is the finished tasks off the board: the same rows, marked, out of the board's indexes.
            "ALTER TABLE task DROP CONSTRAINT task_position",
            #"CREATE UNIQUE INDEX task_position ON task ("column", order_key) WHERE NOT in_logbook"#,
            "CREATE INDEX task_logbook ON task (finished_day DESC, finished_at DESC, id DESC) WHERE in_logbook",
            "CREATE INDEX task_when ON task (when_day) WHERE NOT in_logbook AND when_day IS NOT NULL",
            // The board's zone (NULL: the servers'), the hour its day starts, the day it last turned to.
            "ALTER TABLE board_state ADD COLUMN time_zone TEXT, ADD COLUMN day_starts_at INTEGER NOT NULL DEFAULT 0, ADD COLUMN last_turned_day TEXT",
            // A change may touch several tasks: one row per task (entry), all under its revision.
            "ALTER TABLE change ADD COLUMN entry INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE change DROP CONSTRAINT change_pkey",
            "ALTER TABLE change ADD PRIMARY KEY (revision, entry)",
        ]),
        Migration(id: "v3: move ids per client, remembering only where the move put the task", statements: [
            // A retried move is answered from where the first one put the task, never from a copy of
            // the task; each client's ids are its own. Ids remembered before (a day at most) are forgotten.
            "DROP TABLE move_request",
            #"""
            CREATE TABLE move_request (
                client TEXT NOT NULL, move_id TEXT NOT NULL, task_id BIGINT NOT NULL, "column" TEXT NOT NULL,
                order_key TEXT COLLATE "C" NOT NULL, revision BIGINT NOT NULL, created TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (client, move_id)
            )
            """#,
            "CREATE INDEX move_request_created ON move_request (created)",
            "CREATE INDEX move_request_task ON move_request (task_id)",
        ]),
        Migration(id: "v4: search (each task's folded text and a trigram index over it)", statements: [
            // pg_trgm is a trusted extension: a database's owner may create it. The folded text is
            // worked out in Swift (SearchText) so both stores decide a match on the same text: the
            // rows stored before are filled in by `migrate()` right after, in the same transaction.
            // The extension is the database's, not the schema's: made once, in public (boards in
            // schemas of their own share it), under a lock so boards migrating at once do not race
            // to make it; the index names its operator class wherever the extension lives.
            "ALTER TABLE task ADD COLUMN search_text TEXT",
            #"""
            DO $$
            DECLARE home text;
            BEGIN
                PERFORM pg_advisory_xact_lock(hashtext('planboard pg_trgm'));
                CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
                SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
                EXECUTE format('CREATE INDEX task_search ON task USING gin (search_text %I.gin_trgm_ops)', home);
            END
            $$
            """#,
        ]),
        Migration(id: "v5: uploads waiting for review belong to a client and are imported once", statements: [
            // client: whose review it is (each client may keep only a few waiting); imported_as: the
            // revision of the import that claimed it (its document is emptied then), so a second
            // confirm of the same review is shown that import instead of importing again.
            "ALTER TABLE stashed_upload ADD COLUMN client TEXT, ADD COLUMN imported_as BIGINT",
            "CREATE INDEX stashed_upload_created ON stashed_upload (created)",
        ]),
    ]

    /// Brings the schema up to date, all of it in one transaction: a migration that fails leaves the
    /// database as it was, and a database from a newer PlanBoard (migrations this one does not know)
    /// is refused, untouched (`SchemaUpgradeError`). Servers starting together take turns (an
    /// advisory lock per schema), so each migration runs once. Returns what it did, nil when nothing
    /// was due.
    @discardableResult
    public func migrate() async throws -> SchemaUpgrade? {
        try await migrate(through: Self.migrations.count)
    }

    /// Applies the first `count` migrations (fixtures of earlier versions are made with fewer).
    package func migrate(through count: Int) async throws -> SchemaUpgrade? {
        let wanted = Array(Self.migrations.prefix(count))
        let known = Set(Self.migrations.map(\.id))
        let database = "schema " + channel.dropFirst("planboard_".count)
        return try await transaction { tx in
            try await tx.execute("SELECT pg_advisory_xact_lock(hashtext('planboard migrations ' || current_schema()))")
            try await tx.execute("CREATE TABLE IF NOT EXISTS schema_migration (id TEXT PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now())")
            let applied = Set(try await tx.rows("SELECT id FROM schema_migration").map { try $0.decode(String.self) })
            let unknown = applied.subtracting(known).sorted()
            guard unknown.isEmpty else { throw SchemaUpgradeError.newerVersion(database: database, unknown: unknown) }
            let due = wanted.filter { !applied.contains($0.id) }
            guard !due.isEmpty else { return nil }
            let from = SchemaUpgrade.version(of: Self.migrations.last { applied.contains($0.id) }?.id)
            let to = SchemaUpgrade.version(of: wanted.last?.id)
            do {
                for migration in due {
                    for statement in migration.statements { try await tx.execute(statement) }
                    try await tx.execute("INSERT INTO schema_migration (id) VALUES (\(migration.id))")
                }
                try await fillSearchText(tx)
            } catch let error as StoreUnavailable {
                throw error
            } catch {
                // Thrown out of the transaction, which rolls it all back: the schema is as it was.
                throw SchemaUpgradeError.failed(database: database, from: from, to: to, backup: nil, reason: String(reflecting: error))
            }
            return SchemaUpgrade(from: from, to: to, backup: nil)
        }
    }

    /// Works out the folded text of every task that has none yet (those stored before v4), a
    /// thousand to a statement.
    func fillSearchText(_ tx: PostgresTransaction) async throws {
        let rows = try await tx.rows("SELECT id, title, notes_source FROM task WHERE search_text IS NULL")
        let texts = try rows.map { row in
            let (id, title, notes) = try row.decode((Int64, String, String).self)
            return (id, SearchText.of(title: title, notesSource: notes))
        }
        for start in stride(from: 0, to: texts.count, by: 1_000) {
            let batch = texts[start..<min(start + 1_000, texts.count)]
            try await tx.execute(
                """
                UPDATE task SET search_text = t.text FROM unnest(\(batch.map(\.0))::bigint[], \(batch.map(\.1))::text[]) AS t(id, text)
                WHERE task.id = t.id
                """)
        }
    }

    /// The migrations applied so far, by name (tests and `planboard` diagnostics).
    public func appliedMigrations() async throws -> [String] {
        try await transaction { tx in try await tx.rows("SELECT id FROM schema_migration ORDER BY id").map { try $0.decode(String.self) } }
    }
}
