-- PlanBoard's PostgreSQL schema v4 with a board in it (Tests/PlanStoreTests/UpgradeFixture.swift); one statement per paragraph.

CREATE SEQUENCE task_id;

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
);

CREATE INDEX task_origin ON task (origin);

CREATE TABLE board_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    revision BIGINT NOT NULL,
    board_id TEXT NOT NULL
);

INSERT INTO board_state (id, revision, board_id) VALUES (1, 0, replace(gen_random_uuid()::text, '-', ''));

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
);

CREATE INDEX change_client ON change (client, revision);

CREATE INDEX change_task ON change (task_id, revision);

CREATE INDEX change_created ON change (created);

CREATE TABLE move_request (move_id TEXT PRIMARY KEY, result TEXT NOT NULL, created TIMESTAMPTZ NOT NULL);

CREATE INDEX move_request_created ON move_request (created);

CREATE TABLE stashed_upload (id TEXT PRIMARY KEY, document BYTEA NOT NULL, created TIMESTAMPTZ NOT NULL);

CREATE TABLE secret (name TEXT PRIMARY KEY, value BYTEA NOT NULL);

ALTER TABLE task ADD COLUMN when_day TEXT COLLATE "C", ADD COLUMN deadline TEXT COLLATE "C", ADD COLUMN repeats TEXT,
    ADD COLUMN finished_at TIMESTAMPTZ, ADD COLUMN finished_day TEXT COLLATE "C",
    ADD COLUMN in_logbook BOOLEAN NOT NULL DEFAULT false;

UPDATE task SET finished_at = updated WHERE finished;

ALTER TABLE task DROP CONSTRAINT task_position;

CREATE UNIQUE INDEX task_position ON task ("column", order_key) WHERE NOT in_logbook;

CREATE INDEX task_logbook ON task (finished_day DESC, finished_at DESC, id DESC) WHERE in_logbook;

CREATE INDEX task_when ON task (when_day) WHERE NOT in_logbook AND when_day IS NOT NULL;

ALTER TABLE board_state ADD COLUMN time_zone TEXT, ADD COLUMN day_starts_at INTEGER NOT NULL DEFAULT 0, ADD COLUMN last_turned_day TEXT;

ALTER TABLE change ADD COLUMN entry INTEGER NOT NULL DEFAULT 0;

ALTER TABLE change DROP CONSTRAINT change_pkey;

ALTER TABLE change ADD PRIMARY KEY (revision, entry);

DROP TABLE move_request;

CREATE TABLE move_request (
    client TEXT NOT NULL, move_id TEXT NOT NULL, task_id BIGINT NOT NULL, "column" TEXT NOT NULL,
    order_key TEXT COLLATE "C" NOT NULL, revision BIGINT NOT NULL, created TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (client, move_id)
);

CREATE INDEX move_request_created ON move_request (created);

CREATE INDEX move_request_task ON move_request (task_id);

ALTER TABLE task ADD COLUMN search_text TEXT;

DO $$
DECLARE home text;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('planboard pg_trgm'));
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
    SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    EXECUTE format('CREATE INDEX task_search ON task USING gin (search_text %I.gin_trgm_ops)', home);
END
$$;

CREATE TABLE IF NOT EXISTS schema_migration (id TEXT PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now());

INSERT INTO schema_migration (id, applied) VALUES ('v1: tasks, revision, change log, move ids, stashed uploads, secrets', '2026-11-18T11:06:40.000Z');

INSERT INTO schema_migration (id, applied) VALUES ('v2: days (when, deadline, repeat, finished at), the logbook, the board''s day, changes of several tasks', '2026-11-18T11:06:40.000Z');

INSERT INTO schema_migration (id, applied) VALUES ('v3: move ids per client, remembering only where the move put the task', '2026-11-18T11:06:40.000Z');

INSERT INTO schema_migration (id, applied) VALUES ('v4: search (each task''s folded text and a trigram index over it)', '2026-11-18T11:06:40.000Z');

UPDATE board_state SET board_id = '0f1e2d3c4b5a69788796a5b4c3d2e1f0', revision = 8;

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated, finished_at, finished_day, search_text) VALUES (1, 'Plain notes', 'today', 'V', false, false, '<p>Line one<br>line two, with &lt;angle&gt; &amp; ampersand</p>', 'Line one
line two, with <angle> & ampersand', 'plain', 'Line one line two, with <angle> & ampersand', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:1', '2026-11-18T11:07:40.000Z', '2026-11-18T11:07:40.000Z', NULL, NULL, 'plain notes
line one
line two, with <angle> & ampersand');

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated, finished_at, finished_day, search_text) VALUES (2, 'Markdown notes', 'today', 'k', true, false, '<h1>Plan</h1><ul><li><strong>bold</strong> item</li><li><a href="https://example.com">a link</a></li></ul>', '# Plan

- **bold** item
- [a link](https://example.com)', 'markdown', 'Plan · bold item · a link', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:2', '2026-11-18T11:08:40.000Z', '2026-11-18T11:08:40.000Z', NULL, NULL, 'markdown notes
# plan

- **bold** item
- [a link](https://example.com)');

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated, finished_at, finished_day, search_text) VALUES (3, 'HTML notes', 'next', 'V', false, false, '<p>Kept <em>as</em> HTML</p>', '<p>Kept <em>as</em> HTML</p>', 'html', 'Kept as HTML', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:3', '2026-11-18T11:09:40.000Z', '2026-11-18T11:09:40.000Z', NULL, NULL, 'html notes
<p>kept <em>as</em> html</p>');

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated, finished_at, finished_day, search_text) VALUES (4, 'Finished, no notes', 'next', 'k', false, true, '', '', 'plain', '', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:4', '2026-11-18T11:10:40.000Z', '2026-11-18T11:10:40.000Z', '2026-11-18T11:10:40.000Z', '2026-11-18', 'finished, no notes');

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated, finished_at, finished_day, search_text) VALUES (5, '中文任務：備註', 'later', 'V', false, false, '<p>買牛奶<br>打電話給媽媽</p>', '買牛奶
打電話給媽媽', 'plain', '買牛奶 打電話給媽媽', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:5', '2026-11-18T11:11:40.000Z', '2026-11-18T11:11:40.000Z', NULL, NULL, '中文任务:备注
买牛奶
打电话给妈妈');

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated, finished_at, finished_day, search_text) VALUES (6, 'Deleted with notes', 'later', 'k', false, false, '<p>Only the history keeps <em>these</em> notes now</p>', 'Only the history keeps *these* notes now', 'markdown', 'Only the history keeps these notes now', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:6', '2026-11-18T11:12:40.000Z', '2026-11-18T11:12:40.000Z', NULL, NULL, 'deleted with notes
only the history keeps *these* notes now');

DELETE FROM task WHERE id = 6;

SELECT setval('task_id', 6);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (1, 'create', 1, 'owner-5f3a9c', NULL, '{"id":1,"notesFormat":"plain","finished":false,"notesSource":"","created":816692860,"updated":816692860,"orderKey":"V","inLogbook":false,"important":false,"notes":"","origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:1","column":"today","title":"Plain notes"}', NULL, true, NULL, '2026-11-18T11:07:40.000Z', NULL, 7458490878670664478);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (2, 'create', 2, 'owner-5f3a9c', NULL, '{"id":2,"notesFormat":"markdown","finished":false,"notesSource":"","created":816692920,"updated":816692920,"orderKey":"k","inLogbook":false,"important":true,"notes":"","origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:2","column":"today","title":"Markdown notes"}', NULL, true, 1, '2026-11-18T11:08:40.000Z', NULL, -2978492867619589206);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (3, 'create', 3, 'owner-5f3a9c', NULL, '{"id":3,"notesFormat":"html","finished":false,"notesSource":"","created":816692980,"updated":816692980,"orderKey":"V","inLogbook":false,"important":false,"notes":"","origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:3","column":"next","title":"HTML notes"}', NULL, true, NULL, '2026-11-18T11:09:40.000Z', NULL, -5767282916495442000);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (4, 'create', 4, 'owner-5f3a9c', NULL, '{"id":4,"notesFormat":"plain","finished":false,"notesSource":"","created":816693040,"updated":816693040,"orderKey":"k","inLogbook":false,"important":false,"notes":"","origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:4","column":"next","title":"Finished, no notes"}', NULL, true, 3, '2026-11-18T11:10:40.000Z', NULL, 3286632611134366101);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (5, 'create', 5, 'owner-5f3a9c', NULL, '{"id":5,"notesFormat":"plain","finished":false,"notesSource":"","created":816693100,"updated":816693100,"orderKey":"V","inLogbook":false,"important":false,"notes":"","origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:5","column":"later","title":"中文任務：備註"}', NULL, true, NULL, '2026-11-18T11:11:40.000Z', NULL, -5640241165872278562);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (6, 'create', 6, 'owner-5f3a9c', NULL, '{"id":6,"notesFormat":"markdown","finished":false,"notesSource":"","created":816693160,"updated":816693160,"orderKey":"k","inLogbook":false,"important":false,"notes":"","origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:6","column":"later","title":"Deleted with notes"}', NULL, true, 5, '2026-11-18T11:12:40.000Z', NULL, -1490357056377791588);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (7, 'finish', 4, 'owner-5f3a9c', '{"id":4,"notesFormat":"plain","finished":false,"notesSource":"","created":816693040,"updated":816693040,"orderKey":"k","inLogbook":false,"important":false,"notes":"","origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:4","column":"next","title":"Finished, no notes"}', '{"id":4,"notesFormat":"plain","finished":true,"notesSource":"","created":816693040,"updated":816693040,"orderKey":"k","inLogbook":false,"finishedAt":816693040,"important":false,"notes":"","origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:4","column":"next","title":"Finished, no notes"}', NULL, false, NULL, '2026-11-18T11:13:40.000Z', NULL, 3286632611134366101);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (8, 'delete', 6, 'owner-5f3a9c', '{"id":6,"notesFormat":"markdown","finished":false,"notesSource":"","created":816693160,"updated":816693160,"orderKey":"k","inLogbook":false,"important":false,"notes":"","origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:6","column":"later","title":"Deleted with notes"}', NULL, 5, false, NULL, '2026-11-18T11:14:40.000Z', '{"html":{"suffix":0,"middle":"<p>Only the history keeps <em>these<\/em> notes now<\/p>","prefix":0},"format":"markdown","source":{"suffix":0,"middle":"Only the history keeps *these* notes now","prefix":0},"excerpt":"Only the history keeps these notes now"}', NULL);

INSERT INTO move_request (client, move_id, task_id, "column", order_key, revision, created) VALUES ('owner-5f3a9c', 'move-1', 3, 'next', 'V', 3, '2026-11-18T11:06:40.000Z');

INSERT INTO stashed_upload (id, document, created) VALUES ('review-1', convert_to('{"name":"Waiting","lists":[],"cards":[]}', 'UTF8'), '2026-11-18T11:06:40.000Z');

INSERT INTO secret (name, value) VALUES ('session-key', '\x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20'::bytea);
