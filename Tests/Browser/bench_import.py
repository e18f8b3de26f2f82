"""Importing a large board while someone else is changing it: a PlanBoard export of 3,000 and of
9,000 realistic tasks posted to /import, on SQLite (one server) and on PostgreSQL (two servers on
one database), while another browser adds a task every 100 ms — through the other server on
PostgreSQL. Prints how long the import took and the longest the other browser's add waited (an
import holds the board while it writes), then how long taking the import back from its summary
page took (every task it added removed, as one change). Not part of the test run; scripts/bench-import runs it
against the release build beside a throwaway cluster."""
import argparse
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))

import pg  # noqa: E402
import realistic  # noqa: E402
from harness import Server  # noqa: E402
from session import BoardSession  # noqa: E402


def measure(kind, count):
    database = pg.fresh_board_url() if kind == "postgres" else None
    servers = [Server(database=database).start() for _ in range(2 if kind == "postgres" else 1)]
    try:
        importer, other = BoardSession(servers[0].url), BoardSession(servers[-1].url)
        document = realistic.export(count)
        done, waits = threading.Event(), []

        def meanwhile():
            while not done.is_set():
                started = time.monotonic()
                status, _ = other.post("/tasks", {"title": "meanwhile", "column": "later"})
                waits.append((time.monotonic() - started, status))
                time.sleep(0.1)

        adding = threading.Thread(target=meanwhile)
        started = time.monotonic()
        adding.start()
        status, summary = importer.post_json("/import", document)
        took = time.monotonic() - started
        done.set()
        adding.join()
        assert status == 200, status
        started = time.monotonic()
        status, undone = importer.post(f"/imports/{summary['revision']}/undo")
        took_back = time.monotonic() - started
        assert status == 200 and undone["removed"] == count, (status, undone)
        refused = sorted({status for _, status in waits if status != 201})
        print(f"{kind:8} {count:6,} tasks: import {took * 1000:6.0f} ms; another browser's add waited at most "
              f"{max(wait for wait, _ in waits) * 1000:5.0f} ms ({len(waits)} adds{', refused: ' + str(refused) if refused else ''}); "
              f"undoing it {took_back * 1000:6.0f} ms",
              flush=True)
    finally:
        for server in servers:
            server.cleanup()
        if database:
            pg.drop_board(database)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("counts", type=int, nargs="*", default=[3_000, 9_000])
    arguments = parser.parse_args()
    for kind in ["sqlite"] + (["postgres"] if pg.URL else []):
        for count in arguments.counts:
            measure(kind, count)
