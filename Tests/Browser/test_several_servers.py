"""Two PlanBoard servers on one PostgreSQL database: a window on one sees what a window on the
other does, live; the database restarting under load costs requests a clear 503, never an
acknowledged change, and the board serves again once it is back; a server killed under load
leaves the other serving.

Needs the cluster scripts/with-postgres starts (scripts/test does); skipped without it.
"""
import threading
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import loadgen
import pg
from dragkit import Client, DragTestCase
from harness import Server, chromium
from session import BoardSession

DRAG_READY = "return document.getElementById('board').classList.contains('drag-ready')"
LIVE = "return document.getElementById('board').dataset.live"
TITLES = """
    const out = {};
    for (const section of document.querySelectorAll('#board .column'))
      out[section.dataset.column] = [...section.querySelectorAll('.tasks .task')].map(c => c.querySelector('.task-title').textContent.trim());
    return out;"""


def serving_again(server, attempts=60):
    """Asks `server` for the board every 0.5 s until it answers 200 (its pool has reconnected),
    at most `attempts` times; returns the last status."""
    for _ in range(attempts):
        status, _, _ = server.request("/", headers={"Accept": "application/json"})
        if status == 200:
            break
        time.sleep(0.5)
    return status


@unittest.skipUnless(pg.URL, "PLANBOARD_TEST_POSTGRES is not set (scripts/test starts a PostgreSQL cluster)")
class SeveralServersTests(unittest.TestCase):
    def setUp(self):
        self.database = pg.fresh_board_url()
        self.addCleanup(pg.drop_board, self.database)
        self.servers = []
        for _ in range(2):
            server = Server(database=self.database).start()
            self.addCleanup(server.cleanup)
            self.servers.append(server)

    def window(self, server):
        """A browser of its own (its own session) on `server`'s board, its live stream open."""
        driver = chromium(width=1280, height=900)
        self.addCleanup(driver.quit)
        driver.get(server.url + "/")
        WebDriverWait(driver, 10, poll_frequency=0.03).until(lambda d: d.execute_script(DRAG_READY))
        WebDriverWait(driver, 10, poll_frequency=0.03).until(lambda d: d.execute_script(LIVE) == "connected",
                                                             "the live stream is open")
        return driver

    def seen_within(self, driver, condition, what):
        """Waits (at most 10 s) for a window to show a change; returns how long it took, for the log."""
        started = time.monotonic()
        WebDriverWait(driver, 10, poll_frequency=0.03).until(lambda d: condition(d), f"the other window shows {what}")
        return time.monotonic() - started

    def seeded(self):
        """The servers' ports, and the board seeded with 30 tasks through the first (its state then)."""
        ports = [int(server.url.rsplit(":", 1)[1]) for server in self.servers]
        return ports, loadgen.seed_board("127.0.0.1", ports[0], count=30)

    def under_load(self, ports, seed, event):
        """Runs `event` 2 s into a load of 4 clients over `ports`, lets the load go on 3 s more,
        and returns every operation with the time `event` ended."""
        stop = threading.Event()
        result = {}

        def load():
            result["ops"], _ = loadgen.run_load("127.0.0.1", ports, clients=4, ops=100_000, seconds=60, seed=seed, stop=stop)

        worker = threading.Thread(target=load, daemon=True)
        worker.start()
        time.sleep(2)
        event()
        ended = time.monotonic()
        time.sleep(3)
        stop.set()
        worker.join(timeout=90)
        self.assertFalse(worker.is_alive(), "the load stopped")
        return result["ops"], ended

    def test_a_change_through_one_server_reaches_a_window_on_the_other(self):
        first, second = self.servers
        api = BoardSession(first.url)
        ids = {}
        for title in ("Alpha", "Bravo", "Charlie"):
            status, task = api.post("/tasks", {"title": title, "column": "today"})
            self.assertEqual(status, 201)
            ids[title] = task["id"]
        on_first, on_second = self.window(first), self.window(second)
        latencies = {}

        # Finished in the window on the first server…
        on_first.find_element(By.CSS_SELECTOR, f"#task-{ids['Alpha']} .task-check").click()
        # …shows on the second.
        latencies["finish, first → second"] = self.seen_within(
            on_second, lambda d: d.execute_script("return document.getElementById(arguments[0])?.dataset.finished", f"task-{ids['Alpha']}") == "true",
            "the finish")

        # Moved by keyboard in the window on the second server (Space lifts, Up, Space drops)…
        on_second.execute_script("document.getElementById(arguments[0]).focus()", f"task-{ids['Charlie']}")
        card = on_second.find_element(By.ID, f"task-{ids['Charlie']}")
        for key in (" ", "\ue013", " "):
            card.send_keys(key)
        # …shows on the first.
        latencies["move, second → first"] = self.seen_within(
            on_first, lambda d: d.execute_script(TITLES)["today"] == ["Alpha", "Charlie", "Bravo"], "the move")

        # A task added through the second server's API appears on the first too.
        status, _ = BoardSession(second.url).post("/tasks", {"title": "Delta", "column": "next"})
        self.assertEqual(status, 201)
        latencies["create, second → first"] = self.seen_within(
            on_first, lambda d: d.execute_script(TITLES)["next"] == ["Delta"], "the new task")

        print("\nacross servers, live update latency (s): " + ", ".join(f"{kind} {seconds:.2f}" for kind, seconds in latencies.items()))
        # The window on the second server shows it as well (its own server's change), and then both show the same board.
        self.seen_within(on_second, lambda d: d.execute_script(TITLES)["next"] == ["Delta"], "the new task")
        self.assertEqual(on_first.execute_script(TITLES), on_second.execute_script(TITLES))

    def test_two_servers_under_load_lose_and_duplicate_nothing(self):
        # The load script's checks, complete: every operation answered, and the board equals the
        # replay of the accepted ones, with one revision per acknowledged change.
        ports, initial = self.seeded()
        ops, seconds = loadgen.run_load("127.0.0.1", ports, clients=8, ops=1_600, seconds=60, seed=5)
        self.assertEqual(len(ops), 1_600, "every operation was answered within the time")
        final = BoardSession(self.servers[0].url).board()
        print(f"\ntwo servers, 8 clients: {len(ops)} operations in {seconds:.1f} s")
        self.assertEqual(loadgen.verify(self.database, final, initial, ops, complete=True), [])

    def test_the_database_restarting_under_load_costs_503s_and_no_acknowledged_change(self):
        ports, initial = self.seeded()
        # A fast restart ends every connection: what is in flight fails.
        ops, restarted = self.under_load(ports, 7, lambda: pg.pg_ctl("restart", "--mode=fast", "--wait"))

        # While the database is down a request is told so plainly, in a few seconds.
        pg.pg_ctl("stop", "--mode=fast", "--wait")
        try:
            status, headers, body = self.servers[0].request("/", headers={"Accept": "application/json"})
            self.assertEqual(status, 503, body)
            self.assertIn('"unavailable"', body)
            self.assertEqual(headers.get("Retry-After"), "2")
        finally:
            pg.pg_ctl("start", "--wait")

        # Back: both servers serve again (bounded retries while their pools reconnect).
        for server in self.servers:
            self.assertEqual(serving_again(server), 200, f"{server.url} serves again")
        final = BoardSession(self.servers[0].url).board()

        unavailable = sum(1 for op in ops if op.status == 503)
        internal = [op for op in ops if op.status is not None and op.status >= 500 and op.status != 503]
        unanswered = [op for op in ops if op.status is None]
        print(f"\nrestart under load: {len(ops)} answers, {unavailable} of them 503 unavailable")
        # Requests caught by the restart are answered 503, with a message that says so plainly, never 500.
        self.assertGreater(unavailable, 0, "requests in flight during the restart were answered 503 unavailable")
        # Every request is answered, those caught by the restart included: a statement sent on a
        # connection just as it closed used to be dropped by postgres-nio, and its request waited forever.
        self.assertEqual([(op.kind, op.body) for op in unanswered], [], "every request got an answer within 10 s")
        self.assertEqual(internal, [], "no request failed other than with 503")
        # And the load went on through the same servers once the database was back.
        served_after = sum(1 for op in ops if op.sent is not None and op.sent > restarted and op.status in (200, 201))
        self.assertGreater(served_after, 0, "changes were taken again after the restart, during the load")
        # Every acknowledged change is in the log and on the board (complete=False: a change whose
        # COMMIT was under way when the connection closed is answered 503 and may have been committed).
        self.assertEqual(loadgen.verify(self.database, final, initial, ops, complete=False), [])

    def test_a_server_killed_under_load_leaves_the_other_serving_and_nothing_acknowledged_lost(self):
        import signal
        ports, initial = self.seeded()
        # SIGKILL: whatever transaction it had open (the board's lock with it) ends with its connections.
        ops, _ = self.under_load(ports, 11, lambda: self.servers[0].stop(sig=signal.SIGKILL))
        survivor = BoardSession(self.servers[1].url)
        status, _ = survivor.post("/tasks", {"title": "after the kill", "column": "today"})
        self.assertEqual(status, 201, "the other server still takes changes")
        final = survivor.board()
        after_kill = [op for op in ops if op.client % 2 == 1]
        print(f"\none server killed under load: {len(ops)} answers, {len(after_kill)} through the survivor")
        self.assertEqual([op for op in ops if op.status is not None and op.status >= 500], [], "no request failed with 5xx")
        self.assertEqual(loadgen.verify(self.database, final, initial, ops, complete=False), [])


@unittest.skipUnless(pg.URL, "PLANBOARD_TEST_POSTGRES is not set (scripts/test starts a PostgreSQL cluster)")
class DatabaseAwayInTheBrowserTests(DragTestCase):
    # The page's own requests that meet the stopped database (the move, the live stream) log their 503.
    expected_console = (r"status of 503", r"/events")

    def setUp(self):
        super().setUp()
        # The board in PostgreSQL rather than the SQLite file the base case starts with.
        self.database = pg.fresh_board_url()
        self.addCleanup(pg.drop_board, self.database)
        self.server = Server(database=self.database).start()
        self.addCleanup(self.server.cleanup)
        self.api = Client(self.server)

    def test_a_move_while_the_database_is_away_is_put_back_with_the_servers_message(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        self.open_board()
        before = self.dom_titles()
        pg.pg_ctl("stop", "--mode=fast", "--wait")
        try:
            # Alpha one place down, by keyboard: Space lifts, Down, Space drops.
            self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Alpha']}")
            for key in ("Space", "ArrowDown", "Space"):
                self.key(key)
            self.wait(lambda d: "can't be reached just now" in self.status_text(), timeout=20,
                      message="the page says the database can't be reached")
            self.settled()
            self.assertEqual(self.dom_titles(), before, "the card is back where it was")
        finally:
            pg.pg_ctl("start", "--wait")
        # Once the database is back, the same move is saved (bounded retries while the pool reconnects).
        self.assertEqual(serving_again(self.server), 200, "the server serves again")
        self.assertEqual(self.titles(), before, "nothing was saved while it was away")
        status, _ = self.api.move(ids["Alpha"], "today", ids["Bravo"])
        self.assertEqual(status, 200)
        self.assertEqual(self.titles()["today"], ["Bravo", "Alpha", "Charlie"])

    def test_the_board_opened_while_the_database_is_away_comes_back_by_itself(self):
        self.api.add("today", ["Alpha"])
        pg.pg_ctl("stop", "--mode=fast", "--wait")
        try:
            self.driver.get(self.server.url + "/")
            heading = self.driver.find_element(By.CSS_SELECTOR, "h1").text
            self.assertEqual(heading, "Back in a moment")
            self.assertIn("tries again by itself", self.driver.page_source)
        finally:
            pg.pg_ctl("start", "--wait")
        # No click: the page reloads itself (every 5 s) and shows the board once the database is back.
        WebDriverWait(self.driver, 30, poll_frequency=0.2).until(
            lambda d: d.execute_script("return !!document.getElementById('board')"), "the board came back by itself")
        self.assertEqual(self.dom_titles()["today"], ["Alpha"])

    def status_text(self):
        return self.js("return document.querySelector('.status-bar.is-open .status-text')?.textContent ?? ''")


if __name__ == "__main__":
    unittest.main()
