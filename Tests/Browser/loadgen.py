"""Concurrent clients against a real PlanBoard server, and the checks that the board stayed true.

Used by `scripts/load` (release build, 8 clients, 20,000 operations) and by the crash-safety test
(debug build, killed mid-load). Every loop is bounded in count and in time; loopback only.

Each client has its own session and keep-alive connection and a view of the board that it
refreshes now and then, so its anchors go stale the way a real tab's do. It mixes moves (with
fresh anchors, stale anchors and to the top), creates, finishes, deletes and exact repeats of an
earlier move (same move_id), and records every answer.
"""
import http.client
import json
import random
import sqlite3
import statistics
import threading
import time
import urllib.parse

from session import BoardSession

DOCUMENTED_CODES = {"stale", "task_finished", "not_found", "invalid_anchor", "move_id_reused", "invalid_title",
                    "unknown_column", "invalid_field", "nothing_to_undo", "unavailable"}


class Op:
    __slots__ = ("client", "kind", "path", "fields", "status", "body", "latency", "first", "header_revision", "sent")

    def __init__(self, client, kind, path, fields):
        self.client, self.kind, self.path, self.fields = client, kind, path, fields
        self.status, self.body, self.latency, self.first, self.header_revision = None, None, None, None, None
        # When it was sent (time.monotonic()); status stays None when no answer came.
        self.sent = None

    @property
    def revision(self):
        """The revision a success produced: in the body for moves and deletes, in X-Board-Revision for task answers."""
        if self.status not in (200, 201) or not self.body:
            return None
        if "revision" in self.body:
            return self.body["revision"]
        return self.header_revision


class Client(threading.Thread):
    def __init__(self, number, host, port, ops, deadline, seed, log, stop):
        super().__init__(daemon=True)
        self.number, self.host, self.port = number, host, port
        self.remaining, self.deadline = ops, deadline
        self.random = random.Random(seed)
        self.log, self.stop = log, stop
        self.connection = None
        self.view = {"today": [], "next": [], "later": []}
        self.finished = set()
        self.moves_sent = []

    def connect(self):
        session = BoardSession(f"http://{self.host}:{self.port}")
        self.cookie, self.token = session.cookie, session.token
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=10)

    def refresh(self):
        status, body, _ = self.call("GET", "/", None)
        if status == 200:
            self.view = {column: [task["id"] for task in tasks] for column, tasks in body["columns"].items()}
            self.finished = {task["id"] for tasks in body["columns"].values() for task in tasks if task["finished"]}

    def call(self, method, path, fields, extra_headers=None):
        headers = {"Host": f"127.0.0.1:{self.port}", "Cookie": self.cookie, "Accept": "application/json"}
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRF-Token"] = self.token
        started = time.monotonic()
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        self.last_revision_header = response.getheader("X-Board-Revision")
        return response.status, (json.loads(text) if text else None), time.monotonic() - started

    def all_ids(self):
        return [task for column in self.view.values() for task in column]

    def next_op(self):
        roll = self.random.random()
        ids = self.all_ids()
        if not ids or roll < 0.12:
            column = self.random.choice(list(self.view))
            return Op(self.number, "create", "/tasks", {"title": f"c{self.number}-{self.random.randrange(10**9)}", "column": column})
        if roll < 0.20 and self.moves_sent:
            first = self.random.choice(self.moves_sent)
            op = Op(self.number, "repeat", first.path, first.fields)
            op.first = first
            return op
        if roll < 0.28:
            task = self.random.choice(ids)
            return Op(self.number, "finish", f"/tasks/{task}/finish", {"finished": "false" if task in self.finished else "true"})
        if roll < 0.33:
            return Op(self.number, "delete", f"/tasks/{self.random.choice(ids)}/delete", {})
        # Mostly tasks this client believes are open; its view may be out of date, as a tab's is.
        open_ids = [task for task in ids if task not in self.finished]
        task = self.random.choice(open_ids if open_ids and self.random.random() < 0.9 else ids)
        column = self.random.choice(list(self.view))
        candidates = [other for other in self.view[column] if other != task]
        style = self.random.random()
        if style < 0.15 or not candidates:
            after, kind = "", "move-top"
        elif style < 0.30:
            after, kind = str(self.random.choice(ids)), "move-stale"  # any task: often not in that column
        else:
            after, kind = str(self.random.choice(candidates)), "move"
        fields = {"column": column, "after": after, "move_id": f"m{self.number}-{self.random.randrange(10**12)}"}
        return Op(self.number, kind, f"/tasks/{task}/move", fields)

    def run(self):
        try:
            self.connect()
            self.refresh()
            while self.remaining > 0 and time.monotonic() < self.deadline and not self.stop.is_set():
                if self.random.random() < 0.05:
                    self.refresh()
                op = self.next_op()
                op.sent = time.monotonic()
                try:
                    op.status, op.body, op.latency = self.call("POST", op.path, op.fields)
                except (OSError, http.client.HTTPException) as error:
                    # No answer (the crash test kills the server): kept as unanswered, with why, and this client stops.
                    op.latency, op.body = time.monotonic() - op.sent, {"no_answer": repr(error)}
                    self.log.append(op)
                    raise
                if self.last_revision_header:
                    op.header_revision = int(self.last_revision_header)
                self.log.append(op)
                self.remaining -= 1
                if op.kind.startswith("move") and op.status == 200:
                    self.moves_sent.append(op)
                self.apply_locally(op)
        except (OSError, http.client.HTTPException):
            # The server went away; the request in flight, if any, is in the log without an answer.
            pass

    def apply_locally(self, op):
        """Keep this client's view roughly current from its own successes."""
        if op.status not in (200, 201) or not op.body:
            return
        if op.kind == "create":
            self.view[op.body["column"]].append(op.body["id"])
        elif op.kind == "delete":
            task = int(op.path.split("/")[2])
            for column in self.view.values():
                if task in column:
                    column.remove(task)


def run_load(host, port, clients=8, ops=20_000, seconds=300, seed=1, stop=None):
    """Runs `clients` threads sharing `ops` operations; returns the list of answered operations.

    `port` may be a list: the clients are dealt out over those servers in turn."""
    stop = stop or threading.Event()
    log = []
    deadline = time.monotonic() + seconds
    share = ops // clients
    ports = port if isinstance(port, (list, tuple)) else [port]
    threads = [Client(n, host, ports[n % len(ports)], share + (1 if n < ops % clients else 0), deadline, seed * 1000 + n, log, stop)
               for n in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(1, deadline - time.monotonic() + 15))
    return log, time.monotonic() - started


def seed_board(host, port, count=60):
    """A starting board spread over the three columns."""
    client = Client(99, host, port, 0, 0, 0, [], threading.Event())
    client.connect()
    for index in range(count):
        column = ("today", "next", "later")[index % 3]
        client.call("POST", "/tasks", {"title": f"seed {index}", "column": column})
    status, board, _ = client.call("GET", "/", None)
    return board


def replay(initial, ops, no_ops=()):
    """The board the accepted operations produce, applied in revision order to a plain list model.

    `no_ops` are finishes that found the task already so: the server answered with the revision it
    was at and wrote nothing. They come right after that revision's change and must change nothing.
    """
    columns = {column: [task["id"] for task in tasks] for column, tasks in initial["columns"].items()}
    finished = {task["id"]: task["finished"] for tasks in initial["columns"].values() for task in tasks}
    problems = []
    accepted = [op for op in ops if op.revision is not None and op.kind != "repeat"]
    for op in sorted(accepted, key=lambda op: (op.revision, op in no_ops)):
        if op in no_ops:
            task = int(op.path.split("/")[2])
            if finished.get(task) != op.body["finished"]:
                problems.append(f"finish of {task} wrote nothing, yet the task was not already so")
            continue
        task = op.body["id"] if op.kind == "create" else int(op.path.split("/")[2])
        if op.kind == "create":
            columns[op.body["column"]].append(task)
            finished[task] = False
        elif op.kind == "delete":
            for column in columns.values():
                if task in column:
                    column.remove(task)
        elif op.kind == "finish":
            finished[task] = op.body["finished"]
        else:
            for column in columns.values():
                if task in column:
                    column.remove(task)
            target = columns[op.fields["column"]]
            after = op.fields["after"]
            target.insert(target.index(int(after)) + 1 if after else 0, task)
    return columns, finished, problems


def moved(body):
    """What a move's answer promises a repeat of it: the revision, the task and its column."""
    body = body or {}
    task = body.get("task") or {}
    return body.get("revision"), task.get("id"), task.get("column")


def verify(database, final_board, initial, ops, complete=True):
    """Checks the board against the answers; returns a list of problems (empty when all holds).

    With `complete`, every operation was answered, so the board must equal the replay exactly;
    after a crash some operations have no answer, so only what was acknowledged is checked.
    """
    problems, logged = stored_facts(database)
    acked = [op for op in ops if op.revision is not None and op.kind != "repeat"]
    no_ops = set()
    owned = set()
    # The log keeps the newest 10,000 changes; pruning (once a minute) may have dropped the oldest
    # during a long run. A dropped revision belongs to the one operation answered with it, or, when
    # a finish that found its task already so shares it, to the other one.
    oldest = min(logged) if logged else None
    sharing = {}
    for op in acked:
        sharing.setdefault(op.revision, []).append(op)
    pruned_owner = {revision: ([op for op in group if op.kind != "finish"] or group)[0]
                    for revision, group in sharing.items()
                    if oldest is not None and revision < oldest and revision not in logged}
    for op in sorted(acked, key=lambda op: op.revision):
        if op.revision in pruned_owner:
            if pruned_owner[op.revision] is op:
                owned.add(op.revision)
            elif op.kind == "finish":
                no_ops.add(op)
            else:
                problems.append(f"two acknowledged changes at revision {op.revision}")
            continue
        entry = logged.get(op.revision)
        kind = "move" if op.kind.startswith("move") else op.kind
        task = op.body["id"] if op.kind == "create" else int(op.path.split("/")[2])
        if entry == (kind, task) and op.revision not in owned:
            owned.add(op.revision)
            continue
        if op.kind == "finish":
            # Already finished (or not): answered with the revision the board was at, without a
            # write; that revision may even be another client's finish of the same task.
            no_ops.add(op)
        else:
            problems.append(f"acknowledged {op.kind} at revision {op.revision} is not in the change log ({entry})")
    owners = [op for op in acked if op not in no_ops]
    ids = [task["id"] for tasks in final_board["columns"].values() for task in tasks]
    if len(ids) != len(set(ids)):
        problems.append("a task appears twice on the board")
    for op in ops:
        if op.status is not None and op.status >= 400:
            code = (op.body or {}).get("error", {}).get("code")
            if code not in DOCUMENTED_CODES:
                problems.append(f"{op.kind} refused with undocumented code {code} (status {op.status})")
        # A repeated move id is answered from where the first move put the task (issue 22: the
        # revision, the task and its column are remembered, not a copy of the task), so only those
        # must match; the task's other fields are as it is now.
        if op.kind == "repeat" and op.first is not None and op.status == 200 and moved(op.body) != moved(op.first.body):
            problems.append(f"repeated move_id {op.fields['move_id']} got a different answer")
    if complete:
        expected_revisions = set(range(initial["revision"] + 1, final_board["revision"] + 1))
        if sorted(op.revision for op in owners) != sorted(expected_revisions):
            problems.append("acknowledged changes do not account for every revision exactly once")
        columns, finished, replay_problems = replay(initial, ops, no_ops)
        problems += replay_problems
        actual = {column: [task["id"] for task in tasks] for column, tasks in final_board["columns"].items()}
        if actual != columns:
            problems.append("stored order differs from the replay of the accepted operations")
        actual_finished = {task["id"]: task["finished"] for tasks in final_board["columns"].values() for task in tasks}
        if actual_finished != {task: finished[task] for task in actual_finished}:
            problems.append("finished flags differ from the replay")
    else:
        present = set(ids)
        # A delete that committed just before the kill may have gone unanswered; the log still has it.
        deleted = {task for kind, task in logged.values() if kind == "delete"}
        for op in owners:
            if op.kind == "create" and op.body["id"] not in present and op.body["id"] not in deleted:
                problems.append(f"acknowledged task {op.body['id']} is missing")
    return problems


def stored_facts(database):
    """What the database itself says: problems with its integrity or keys, and the change log
    ({revision: (kind, task id)}). `database` is a SQLite file or a postgres:// URL."""
    problems = []
    if database.startswith(("postgres://", "postgresql://")):
        import pg
        duplicates = pg.rows(database, 'SELECT "column", order_key, COUNT(*) FROM task GROUP BY 1, 2 HAVING COUNT(*) > 1')
        logged = {int(revision): (kind, int(task) if task else None)
                  for revision, kind, task in pg.rows(database, "SELECT revision, kind, task_id FROM change")}
    else:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
            if db.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                problems.append("integrity_check failed")
            duplicates = db.execute('SELECT "column", orderKey, COUNT(*) FROM task GROUP BY 1, 2 HAVING COUNT(*) > 1').fetchall()
            logged = {row[0]: (row[1], row[2]) for row in db.execute("SELECT revision, kind, taskID FROM change")}
    if duplicates:
        problems.append(f"duplicate order keys: {duplicates[:5]}")
    return problems, logged


def report(ops, seconds):
    """Throughput and latency per operation kind, as printable lines."""
    lines = [f"{len(ops)} operations in {seconds:.1f} s: {len(ops) / seconds:.0f} ops/s"]
    kinds = sorted({op.kind for op in ops})
    lines.append(f"{'kind':<12}{'count':>7}{'ok':>7}{'refused':>9}{'p50 ms':>9}{'p99 ms':>9}   refusals")
    for kind in kinds:
        group = [op for op in ops if op.kind == kind and op.status is not None]
        if not group:
            continue
        latencies = sorted(op.latency * 1000 for op in group)
        ok = sum(1 for op in group if op.status in (200, 201))
        codes = {}
        for op in group:
            if op.status >= 400:
                code = (op.body or {}).get("error", {}).get("code", str(op.status))
                codes[code] = codes.get(code, 0) + 1
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        lines.append(f"{kind:<12}{len(group):>7}{ok:>7}{len(group) - ok:>9}{statistics.median(latencies):>9.2f}{p99:>9.2f}   "
                     + ", ".join(f"{code} {count}" for code, count in sorted(codes.items())))
    return lines


def measure(servers, database, arguments):
    """Seeds a board, runs the load through `servers` (started on `database`), checks it and
    prints the figures; returns the problems found."""
    host = "127.0.0.1"
    ports = [int(server.url.rsplit(":", 1)[1]) for server in servers]
    initial = seed_board(host, ports[0])
    ops, seconds = run_load(host, ports, arguments.clients, arguments.ops, arguments.seconds, arguments.seed)
    _, _, body = servers[-1].request("/", headers={"Accept": "application/json"})
    final = json.loads(body)
    for line in report(ops, seconds):
        print(line)
    problems = verify(database, final, initial, ops)
    tasks = sum(len(tasks) for tasks in final["columns"].values())
    print(f"final board: revision {final['revision']}, {tasks} tasks")
    return problems


if __name__ == "__main__":
    import argparse
    import os
    import sys
    from harness import Server
    import pg

    parser = argparse.ArgumentParser(description="Concurrent load against a real server, then checks.")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--ops", type=int, default=20_000)
    parser.add_argument("--seconds", type=int, default=300, help="upper bound on the load phase")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", action="store_true",
                        help="after the SQLite run, run again with two servers on one PostgreSQL database "
                             "(PLANBOARD_TEST_POSTGRES; scripts/load --postgres starts a cluster)")
    arguments = parser.parse_args()

    setups = [("SQLite, one server", None, 1)]
    if arguments.postgres:
        if not pg.URL:
            sys.exit("--postgres needs PLANBOARD_TEST_POSTGRES (scripts/load --postgres starts a cluster)")
        setups.append(("PostgreSQL, two servers on one database", pg.fresh_board_url(), 2))
    failed = False
    for label, url, count in setups:
        servers = []
        try:
            servers.append(Server(database=url).start())
            database = url or servers[0].database
            for _ in range(count - 1):
                servers.append(Server(database=url).start())
            print(f"== {label}: {', '.join(server.url for server in servers)} "
                  f"({os.path.basename(os.environ.get('PLANBOARD_BINARY', 'debug build'))}), "
                  f"{arguments.clients} clients split across them, {arguments.ops} operations")
            problems = measure(servers, database, arguments)
            if problems:
                failed = True
                print("PROBLEMS:")
                for problem in problems:
                    print("  " + problem)
            else:
                print("checks: no task lost or duplicated, order keys unique, order equals the replay, "
                      "every acknowledged operation logged, every refusal documented, repeats answered alike")
        finally:
            for server in servers:
                server.cleanup()
            if url:
                pg.drop_board(url)
    sys.exit(1 if failed else 0)
