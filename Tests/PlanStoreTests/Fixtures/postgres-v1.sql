-- PlanBoard's PostgreSQL schema v1 with a board in it (Tests/PlanStoreTests/UpgradeFixture.swift); one statement per paragraph.

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

CREATE TABLE IF NOT EXISTS schema_migration (id TEXT PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now());

INSERT INTO schema_migration (id, applied) VALUES ('v1: tasks, revision, change log, move ids, stashed uploads, secrets', '2026-11-18T11:06:40.000Z');

UPDATE board_state SET board_id = '0f1e2d3c4b5a69788796a5b4c3d2e1f0', revision = 8;

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated) VALUES (1, 'Plain notes', 'today', 'V', false, false, '<p>Line one<br>line two, with &lt;angle&gt; &amp; ampersand</p>', 'Line one
line two, with <angle> & ampersand', 'plain', 'Line one line two, with <angle> & ampersand', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:1', '2026-11-18T11:07:40.000Z', '2026-11-18T11:07:40.000Z');

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated) VALUES (2, 'Markdown notes', 'today', 'k', true, false, '<h1>Plan</h1><ul><li><strong>bold</strong> item</li><li><a href="https://example.com">a link</a></li></ul>', '# Plan

- **bold** item
- [a link](https://example.com)', 'markdown', 'Plan · bold item · a link', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:2', '2026-11-18T11:08:40.000Z', '2026-11-18T11:08:40.000Z');

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated) VALUES (3, 'HTML notes', 'next', 'V', false, false, '<p>Kept <em>as</em> HTML</p>', '<p>Kept <em>as</em> HTML</p>', 'html', 'Kept as HTML', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:3', '2026-11-18T11:09:40.000Z', '2026-11-18T11:09:40.000Z');

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated) VALUES (4, 'Finished, no notes', 'next', 'k', false, true, '', '', 'plain', '', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:4', '2026-11-18T11:10:40.000Z', '2026-11-18T11:10:40.000Z');

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated) VALUES (5, '中文任務：備註', 'later', 'V', false, false, '<p>買牛奶<br>打電話給媽媽</p>', '買牛奶
打電話給媽媽', 'plain', '買牛奶 打電話給媽媽', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:5', '2026-11-18T11:11:40.000Z', '2026-11-18T11:11:40.000Z');

INSERT INTO task (id, title, "column", order_key, important, finished, notes, notes_source, notes_format, excerpt, origin, created, updated) VALUES (6, 'Deleted with notes', 'later', 'k', false, false, '<p>Only the history keeps <em>these</em> notes now</p>', 'Only the history keeps *these* notes now', 'markdown', 'Only the history keeps these notes now', 'planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:6', '2026-11-18T11:12:40.000Z', '2026-11-18T11:12:40.000Z');

DELETE FROM task WHERE id = 6;

SELECT setval('task_id', 6);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (1, 'create', 1, 'owner-5f3a9c', NULL, '{"id":1,"column":"today","updated":816692860,"notesSource":"","important":false,"notesFormat":"plain","inLogbook":false,"finished":false,"orderKey":"V","title":"Plain notes","created":816692860,"origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:1","notes":""}', NULL, true, NULL, '2026-11-18T11:07:40.000Z', NULL, 7458490878670664478);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (2, 'create', 2, 'owner-5f3a9c', NULL, '{"id":2,"column":"today","updated":816692920,"notesSource":"","important":true,"notesFormat":"markdown","inLogbook":false,"finished":false,"orderKey":"k","title":"Markdown notes","created":816692920,"origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:2","notes":""}', NULL, true, 1, '2026-11-18T11:08:40.000Z', NULL, -2978492867619589206);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (3, 'create', 3, 'owner-5f3a9c', NULL, '{"id":3,"column":"next","updated":816692980,"notesSource":"","important":false,"notesFormat":"html","inLogbook":false,"finished":false,"orderKey":"V","title":"HTML notes","created":816692980,"origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:3","notes":""}', NULL, true, NULL, '2026-11-18T11:09:40.000Z', NULL, -5767282916495442000);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (4, 'create', 4, 'owner-5f3a9c', NULL, '{"id":4,"column":"next","updated":816693040,"notesSource":"","important":false,"notesFormat":"plain","inLogbook":false,"finished":false,"orderKey":"k","title":"Finished, no notes","created":816693040,"origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:4","notes":""}', NULL, true, 3, '2026-11-18T11:10:40.000Z', NULL, 3286632611134366101);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (5, 'create', 5, 'owner-5f3a9c', NULL, '{"id":5,"column":"later","updated":816693100,"notesSource":"","important":false,"notesFormat":"plain","inLogbook":false,"finished":false,"orderKey":"V","title":"中文任務：備註","created":816693100,"origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:5","notes":""}', NULL, true, NULL, '2026-11-18T11:11:40.000Z', NULL, -5640241165872278562);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (6, 'create', 6, 'owner-5f3a9c', NULL, '{"id":6,"column":"later","updated":816693160,"notesSource":"","important":false,"notesFormat":"markdown","inLogbook":false,"finished":false,"orderKey":"k","title":"Deleted with notes","created":816693160,"origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:6","notes":""}', NULL, true, 5, '2026-11-18T11:12:40.000Z', NULL, -1490357056377791588);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (7, 'finish', 4, 'owner-5f3a9c', '{"id":4,"column":"next","updated":816693040,"notesSource":"","important":false,"notesFormat":"plain","inLogbook":false,"finished":false,"orderKey":"k","title":"Finished, no notes","created":816693040,"origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:4","notes":""}', '{"id":4,"column":"next","updated":816693040,"notesSource":"","important":false,"notesFormat":"plain","inLogbook":false,"finished":true,"orderKey":"k","title":"Finished, no notes","created":816693040,"finishedAt":816693040,"origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:4","notes":""}', NULL, false, NULL, '2026-11-18T11:13:40.000Z', NULL, 3286632611134366101);

INSERT INTO change (revision, kind, task_id, client, before, after, previous_anchor, placed, placed_after, created, notes_back, notes_digest)
VALUES (8, 'delete', 6, 'owner-5f3a9c', '{"id":6,"column":"later","updated":816693160,"notesSource":"","important":false,"notesFormat":"markdown","inLogbook":false,"finished":false,"orderKey":"k","title":"Deleted with notes","created":816693160,"origin":"planboard:0f1e2d3c4b5a69788796a5b4c3d2e1f0:6","notes":""}', NULL, 5, false, NULL, '2026-11-18T11:14:40.000Z', '{"excerpt":"Only the history keeps these notes now","html":{"suffix":0,"prefix":0,"middle":"<p>Only the history keeps <em>these<\/em> notes now<\/p>"},"source":{"suffix":0,"prefix":0,"middle":"Only the history keeps *these* notes now"},"format":"markdown"}', NULL);

INSERT INTO move_request (move_id, result, created) VALUES ('move-1', '{}', '2026-11-18T11:06:40.000Z');

INSERT INTO stashed_upload (id, document, created) VALUES ('review-1', convert_to('{"name":"Waiting","lists":[],"cards":[]}', 'UTF8'), '2026-11-18T11:06:40.000Z');

INSERT INTO secret (name, value) VALUES ('session-key', '\x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20'::bytea);
