import Foundation
import GRDB
import PlanCore
import PlanStore

extension SQLiteBoardStore {
    /// The schema, one registered migration per version; never edit a shipped migration, add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: tasks, revision, change log, move ids") { db in
            try db.execute(sql: """
                CREATE TABLE task (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, -- AUTOINCREMENT: a deleted task's id is never handed out again
                    title TEXT NOT NULL,
                    "column" TEXT NOT NULL CHECK ("column" IN ('today', 'next', 'later')),
                    orderKey TEXT NOT NULL,
                    important BOOLEAN NOT NULL DEFAULT 0,
                    finished BOOLEAN NOT NULL DEFAULT 0,
                    notes TEXT NOT NULL DEFAULT '',
                    created DATETIME NOT NULL,
                    updated DATETIME NOT NULL
                );
                CREATE UNIQUE INDEX task_position ON task ("column", orderKey);

                CREATE TABLE boardState (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    revision INTEGER NOT NULL
                );
                INSERT INTO boardState (id, revision) VALUES (1, 0);

                -- One row per revision: what changed, by whom, before and after (JSON).
                -- previousAnchor: the task the changed task followed before the change (for undo);
                -- placed / placedAfter: whether the change put the task somewhere, and after which task (for other tabs);
                -- undoneBy: the revision of the undo that reverted this change.
                CREATE TABLE change (
                    revision INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    taskID INTEGER,
                    client TEXT,
                    before TEXT,
                    after TEXT,
                    previousAnchor INTEGER,
                    placed BOOLEAN NOT NULL DEFAULT 0,
                    placedAfter INTEGER,
                    undoneBy INTEGER,
                    created DATETIME NOT NULL
                );
                CREATE INDEX change_client ON change (client, revision);

                -- The first answer to each move id, so that a retried move changes nothing.
                CREATE TABLE moveRequest (
                    moveID TEXT PRIMARY KEY,
                    result TEXT NOT NULL,
                    created DATETIME NOT NULL
                );
                CREATE INDEX moveRequest_created ON moveRequest (created);
                """)
        }
        migrator.registerMigration("v2: notes as written with their excerpt, task origins, board id, import summaries, stashed uploads") { db in
            try db.execute(sql: """
                -- excerpt NULL: not derived yet. Notes saved before were HTML as far as anyone can tell
                -- now; the app recovers plain text where the HTML is only paragraphs and line breaks,
                -- and derives the excerpt, when it starts.
                ALTER TABLE task ADD COLUMN excerpt TEXT;
                ALTER TABLE task ADD COLUMN notesSource TEXT NOT NULL DEFAULT '';
                ALTER TABLE task ADD COLUMN notesFormat TEXT NOT NULL DEFAULT 'html' CHECK (notesFormat IN ('plain', 'markdown', 'html'));
                UPDATE task SET notesSource = notes;
                -- Where an imported task came from; a task made here is 'planboard:BOARD:ID'.
                ALTER TABLE task ADD COLUMN origin TEXT;
                ALTER TABLE boardState ADD COLUMN boardID TEXT;
                UPDATE boardState SET boardID = lower(hex(randomblob(16)));
                UPDATE task SET origin = 'planboard:' || (SELECT boardID FROM boardState) || ':' || id;
                CREATE INDEX task_origin ON task (origin);
                CREATE INDEX change_task ON change (taskID, revision);
                -- What an import's summary page shows, kept with the import's change.
                ALTER TABLE change ADD COLUMN detail TEXT;
                -- Uploads kept while the person reviews them before importing.
                CREATE TABLE stashedUpload (
                    id TEXT PRIMARY KEY,
                    document BLOB NOT NULL,
                    created DATETIME NOT NULL
                );
                """)
        }
        migrator.registerMigration("v3: secrets, and a change log that keeps notes only as the way back") { db in
            try db.execute(sql: """
                -- Random keys kept with the board (the key session tokens are signed with).
                CREATE TABLE secret (
                    name TEXT PRIMARY KEY,
                    value BLOB NOT NULL
                );
                -- before/after now hold the task without its notes; notesBack is what an undo needs
                -- to bring them back (NotesBack, JSON), notesDigest a fingerprint of the notes the
                -- change left (PlanTask.notesDigest). Rows past undo lose notesBack (ChangeLogPolicy).
                ALTER TABLE change ADD COLUMN notesBack TEXT;
                ALTER TABLE change ADD COLUMN notesDigest INTEGER;
                CREATE INDEX change_created ON change (created);
                """)
            // Each old row kept as a change is logged now (`LoggedChange`: an undo keeps no way back).
            let rows = try Row.fetchCursor(db, sql: "SELECT revision, kind, before, after FROM change WHERE before IS NOT NULL OR after IS NOT NULL")
            let update = try db.makeStatement(sql: "UPDATE change SET before = ?, after = ?, notesBack = ?, notesDigest = ? WHERE revision = ?")
            var updates: [StatementArguments] = []
            while let row = try rows.next() {
                let revision: Int64 = row["revision"]
                guard let kind = ChangeKind(rawValue: row["kind"]) else {
                    throw DatabaseError(message: "change \(revision) has an unknown kind")
                }
                let logged = try LoggedChange(kind, before: LoggedChange.task(row["before"]), after: LoggedChange.task(row["after"]))
                updates.append([logged.before, logged.after, logged.notesBack, logged.notesDigest, revision])
            }
            for arguments in updates { try update.execute(arguments: arguments) }
        }
        migrator.registerMigration("v4: days (when, deadline, repeat, finished at), the logbook, the board's day, changes of several tasks") { db in
            try db.execute(sql: """
                -- Days are written YYYY-MM-DD (BoardDay); whenDay because WHEN is a keyword.
                ALTER TABLE task ADD COLUMN whenDay TEXT;
                ALTER TABLE task ADD COLUMN deadline TEXT;
                ALTER TABLE task ADD COLUMN repeats TEXT;
                ALTER TABLE task ADD COLUMN finishedAt DATETIME;
                ALTER TABLE task ADD COLUMN finishedDay TEXT;
                -- The logbook is the finished tasks off the board: the same rows, marked, out of the board's indexes.
                ALTER TABLE task ADD COLUMN inLogbook BOOLEAN NOT NULL DEFAULT 0;
                UPDATE task SET finishedAt = updated WHERE finished;
                DROP INDEX task_position;
                CREATE UNIQUE INDEX task_position ON task ("column", orderKey) WHERE inLogbook = 0;
                CREATE INDEX task_logbook ON task (finishedDay DESC, finishedAt DESC, id DESC) WHERE inLogbook = 1;
                CREATE INDEX task_when ON task (whenDay) WHERE inLogbook = 0 AND whenDay IS NOT NULL;
                -- The board's zone (NULL: the server's), the hour its day starts, the day it last turned to.
                ALTER TABLE boardState ADD COLUMN timeZone TEXT;
                ALTER TABLE boardState ADD COLUMN dayStartsAt INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE boardState ADD COLUMN lastTurnedDay TEXT;
                -- A change may touch several tasks: one row per task (entry), all under its revision.
                CREATE TABLE changeEntry (
                    revision INTEGER NOT NULL,
                    entry INTEGER NOT NULL DEFAULT 0,
                    kind TEXT NOT NULL,
                    taskID INTEGER,
                    client TEXT,
                    before TEXT,
                    after TEXT,
                    previousAnchor INTEGER,
                    placed BOOLEAN NOT NULL DEFAULT 0,
                    placedAfter INTEGER,
                    undoneBy INTEGER,
                    created DATETIME NOT NULL,
                    detail TEXT,
                    notesBack TEXT,
                    notesDigest INTEGER,
                    PRIMARY KEY (revision, entry)
                );
                INSERT INTO changeEntry (revision, entry, kind, taskID, client, before, after, previousAnchor, placed, placedAfter, undoneBy, created, detail, notesBack, notesDigest)
                    SELECT revision, 0, kind, taskID, client, before, after, previousAnchor, placed, placedAfter, undoneBy, created, detail, notesBack, notesDigest FROM change;
                DROP TABLE change;
                ALTER TABLE changeEntry RENAME TO change;
                CREATE INDEX change_client ON change (client, revision);
                CREATE INDEX change_task ON change (taskID, revision);
                CREATE INDEX change_created ON change (created);
                """)
        }
        migrator.registerMigration("v5: move ids per client, remembering only where the move put the task") { db in
            try db.execute(sql: """
                -- A retried move is answered from where the first one put the task, never from a copy
                -- of the task (its notes would outlive its undo window); each client's ids are its own.
                -- Ids remembered before are forgotten (they live a day at most): a move retried
                -- across the upgrade is judged again by its anchor.
                DROP TABLE moveRequest;
                CREATE TABLE moveRequest (
                    client TEXT NOT NULL,
                    moveID TEXT NOT NULL,
                    taskID INTEGER NOT NULL,
                    "column" TEXT NOT NULL,
                    orderKey TEXT NOT NULL,
                    revision INTEGER NOT NULL,
                    created DATETIME NOT NULL,
                    PRIMARY KEY (client, moveID)
                );
                CREATE INDEX moveRequest_created ON moveRequest (created);
                CREATE INDEX moveRequest_task ON moveRequest (taskID);
                """)
        }
        migrator.registerMigration("v6: search (each task's folded text and a trigram index over it)") { db in
            // The folded text is worked out in Swift (SearchText), so both stores decide a match on
            // the same text; the index follows the column through triggers, in every transaction.
            // The text ends in two U+0001 (SQLiteBoardStore.indexed), which no query holds.
            try db.execute(sql: "ALTER TABLE task ADD COLUMN searchText TEXT NOT NULL DEFAULT ''")
            let rows = try Row.fetchAll(db, sql: "SELECT id, title, notesSource FROM task")
            let update = try db.makeStatement(sql: "UPDATE task SET searchText = ? WHERE id = ?")
            for row in rows {
                try update.execute(arguments: [SQLiteBoardStore.indexed(SearchText.of(title: row["title"], notesSource: row["notesSource"])), row["id"] as Int64])
            }
            try db.execute(sql: """
                -- The text is folded already (SearchText): the index keeps it exactly as it is.
                CREATE VIRTUAL TABLE taskSearch USING fts5(searchText, content='task', content_rowid='id', tokenize='trigram case_sensitive 1');
                INSERT INTO taskSearch (taskSearch) VALUES ('rebuild');
                -- The index's trigrams, to find words shorter than three characters by the trigrams they begin.
                CREATE VIRTUAL TABLE taskSearchTerms USING fts5vocab(taskSearch, 'row');
                CREATE TRIGGER taskSearch_insert AFTER INSERT ON task WHEN new.searchText <> '' BEGIN
                    INSERT INTO taskSearch (rowid, searchText) VALUES (new.id, new.searchText);
                END;
                CREATE TRIGGER taskSearch_delete AFTER DELETE ON task WHEN old.searchText <> '' BEGIN
                    INSERT INTO taskSearch (taskSearch, rowid, searchText) VALUES ('delete', old.id, old.searchText);
                END;
                CREATE TRIGGER taskSearch_unindex AFTER UPDATE OF searchText ON task
                    WHEN old.searchText <> '' AND old.searchText IS NOT new.searchText BEGIN
                    INSERT INTO taskSearch (taskSearch, rowid, searchText) VALUES ('delete', old.id, old.searchText);
                END;
                CREATE TRIGGER taskSearch_index AFTER UPDATE OF searchText ON task
                    WHEN new.searchText <> '' AND old.searchText IS NOT new.searchText BEGIN
                    INSERT INTO taskSearch (rowid, searchText) VALUES (new.id, new.searchText);
                END;
                """)
        }
        migrator.registerMigration("v7: uploads waiting for review belong to a client and are imported once") { db in
            try db.execute(sql: """
                -- client: whose review it is (each client may keep only a few waiting);
                -- importedAs: the revision of the import that claimed it (its document is emptied then),
                -- so a second confirm of the same review is shown that import instead of importing again.
                ALTER TABLE stashedUpload ADD COLUMN client TEXT;
                ALTER TABLE stashedUpload ADD COLUMN importedAs INTEGER;
                CREATE INDEX stashedUpload_created ON stashedUpload (created);
                """)
        }
        migrator.registerMigration("v8: the search index follows an edit in order; the board's folded text is read from an index") { db in
            // v6's two update triggers fired newest first: the new text was indexed, then the old
            // text's trigrams were taken away, and with them every trigram the two texts share. An
            // edited task was no longer found by the words its edit kept. One trigger now does
            // both in order, and the index is rebuilt from the folded text to mend what was lost.
            try db.execute(sql: """
                DROP TRIGGER taskSearch_unindex;
                DROP TRIGGER taskSearch_index;
                CREATE TRIGGER taskSearch_update AFTER UPDATE OF searchText ON task
                    WHEN old.searchText IS NOT new.searchText BEGIN
                    INSERT INTO taskSearch (taskSearch, rowid, searchText) SELECT 'delete', old.id, old.searchText WHERE old.searchText <> '';
                    INSERT INTO taskSearch (rowid, searchText) SELECT new.id, new.searchText WHERE new.searchText <> '';
                END;
                INSERT INTO taskSearch (taskSearch) VALUES ('rebuild');
                -- Search walks a column in key order testing each task's folded text: from this index
                -- it reads only the text, not the whole row (4-10 times faster on a 3,000-task board;
                -- the board's text is a small part of the file).
                CREATE INDEX task_board_text ON task ("column", orderKey, searchText) WHERE inLogbook = 0;
                """)
        }
        return migrator
    }
}
