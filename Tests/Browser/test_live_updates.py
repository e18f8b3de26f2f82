"""Two windows on one board: what one does appears in the other, in place, without a reload, and
never under a drag in progress."""
import time
import unittest

from selenium.webdriver.common.by import By

import urllib.parse

from dragkit import RECORDER, DragTestCase
from harness import Server, chromium, console_errors

OFFLINE = "const n = document.querySelector('.offline-note'); return n && !n.hidden ? n.textContent : null"


class LiveUpdateTests(DragTestCase):
    def setUp(self):
        super().setUp()
        # The second window: its own browser, so its own session, as another device would be.
        self.other = chromium(width=1280, height=900, network_log=True)
        self.addCleanup(self.other.quit)
        self.other.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})

    # This test's own window is the watcher, so `dom_titles()` reads what the watching window shows.

    def seen_within(self, condition, what):
        """Waits for the watching window to show a change; returns how long it took (seconds)."""
        started = time.monotonic()
        self.wait(lambda d: condition(), timeout=10, message=f"the other window shows {what}")
        return time.monotonic() - started

    def open_watcher(self):
        """This test's own window watches; `self.other` acts."""
        self.open_board()
        self.js("window.__notReloaded = true")
        self.wait(lambda d: d.execute_script("return document.getElementById('board').dataset.live") == "connected",
                  message="the live stream is open")

    def act(self, path):
        self.other.get(self.server.url + path)

    def test_a_lost_server_is_noted_quietly_and_the_note_goes_when_it_is_back(self):
        self.api.add("today", ["Alpha"])
        self.open_watcher()
        self.assertIsNone(self.js(OFFLINE), "no note while the board is reachable")
        port = urllib.parse.urlparse(self.server.url).port
        self.server.stop()
        self.wait(lambda d: self.js(OFFLINE), timeout=10, message="the note shows as soon as the stream notices")
        self.assertIn("Offline", self.js(OFFLINE))
        self.assertFalse(self.js("return document.querySelector('.status-bar')?.classList.contains('is-open') ?? false"),
                         "quietly: no message to dismiss")
        # The same board back on the same address: the stream reconnects and the note goes by itself.
        again = Server(database=self.server.database, extra_args=["--port", str(port)]).start()
        self.addCleanup(again.cleanup)
        self.wait(lambda d: self.js(OFFLINE) is None and d.execute_script("return document.getElementById('board').dataset.live") == "connected",
                  timeout=30, message="the note goes when the board is back")
        self.expected_console = (r"ERR_CONNECTION_REFUSED", r"/events")

    def test_a_move_an_edit_a_finish_and_a_delete_appear_in_the_other_window(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        ids.update(self.api.add("next", ["November"]))
        self.open_watcher()
        latencies = {}

        # A move, by keyboard drag in the acting window.
        self.act("/")
        self.wait(lambda d: self.other.execute_script("return document.getElementById('board').classList.contains('drag-ready')"))
        card = self.other.find_element(By.ID, f"task-{ids['Charlie']}")
        for key in (" ", "\ue013", "\ue013", " "):  # Space lifts, Up twice, Space drops
            card.send_keys(key)
        latencies["move"] = self.seen_within(lambda: self.dom_titles()["today"] == ["Charlie", "Alpha", "Bravo"], "the move")

        # An edit, on the task page.
        self.act(f"/tasks/{ids['Bravo']}")
        self.other.find_element(By.CSS_SELECTOR, ".edit-panel > summary").click()
        title = self.other.find_element(By.ID, "title")
        title.clear()
        title.send_keys("Bravo, renamed")
        self.other.find_element(By.CSS_SELECTOR, ".edit-task button[type=submit]").click()
        latencies["edit"] = self.seen_within(lambda: "Bravo, renamed" in self.dom_titles()["today"], "the edit")

        # A finish, with the card's round button.
        self.act("/")
        self.other.find_element(By.CSS_SELECTOR, f"#task-{ids['Alpha']} .task-check").click()
        latencies["finish"] = self.seen_within(
            lambda: self.js("return document.getElementById(arguments[0])?.dataset.finished", f"task-{ids['Alpha']}") == "true", "the finish")

        # A delete.
        self.act("/")
        self.other.find_element(By.CSS_SELECTOR, f"#task-{ids['November']} .task-more").click()
        self.other.find_element(By.CSS_SELECTOR, '#card-menu-open [data-action="delete"]').click()
        latencies["delete"] = self.seen_within(lambda: self.dom_titles()["next"] == [], "the delete")

        print("\nlive update latency (s): " + ", ".join(f"{kind} {seconds:.2f}" for kind, seconds in latencies.items()))
        self.assertTrue(self.js("return window.__notReloaded === true"), "no reload: the page was updated in place")
        self.assertEqual(self.js("return document.querySelector('.header-summary').textContent.trim()"), "3 tasks")
        self.assertEqual(self.js("return document.querySelector('#column-next [data-count]').textContent"), "0")
        self.assertEqual(self.dom_titles(), self.titles())

    def test_a_change_waits_while_a_card_is_lifted_then_appears(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        ids.update(self.api.add("later", ["Lima"]))
        self.open_watcher()
        # This window lifts Alpha with the keyboard…
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Alpha']}")
        self.key("Space")
        self.wait(lambda d: d.execute_script("return document.querySelector('.task.is-lifted') !== null"))
        # …while another device moves Lima to the top of Today.
        status, _ = self.api.move(ids["Lima"], "today", "")
        self.assertEqual(status, 200)
        time.sleep(1.0)
        self.assertEqual(self.dom_titles()["today"], ["Alpha", "Bravo", "Charlie"], "nothing changes under a lifted card")
        # Dropping Alpha one place down saves; then the waiting change appears.
        self.key("ArrowDown")
        self.key("Space")
        self.settled()
        self.seen_within(lambda: self.dom_titles()["today"] == ["Lima", "Bravo", "Alpha", "Charlie"], "the change that waited")
        self.assertEqual(self.titles()["today"], ["Lima", "Bravo", "Alpha", "Charlie"])
        self.assertEqual(self.dom_titles(), self.titles())

    def test_an_import_in_another_window_redraws_the_board_in_place(self):
        import json
        self.api.add("today", ["Alpha"])
        self.open_watcher()
        # An import is one change for the whole board: the watcher redraws it rather than replaying.
        document = {"lists": [{"id": "l1", "name": "Next"}], "cards": [{"id": f"c{n}", "name": f"Imported {n}", "idList": "l1", "pos": n} for n in range(1, 6)]}
        status, _, _ = self.server.request("/import", data=json.dumps(document).encode(), headers={
            "Cookie": self.api.cookie, "X-CSRF-Token": self.api.token, "Content-Type": "application/json", "Accept": "application/json"})
        self.assertEqual(status, 200)
        self.seen_within(lambda: len(self.dom_titles()["next"]) == 5, "the imported tasks")
        self.assertTrue(self.js("return window.__notReloaded === true"))
        self.assertEqual(self.dom_titles(), self.titles())

    def test_a_tab_too_far_behind_is_told_to_refresh_and_redraws_in_place(self):
        # Issue 22, item 1: a catch-up past its byte budget is one `refresh`; the tab then fetches
        # the board's cards once and shows them without a reload.
        from dragkit import Client
        self.api.add("today", ["Alpha"])
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/events?since=*"]})
        self.open_board()
        self.js("window.__notReloaded = true; window.__wholeSyncs = 0;"
                "document.getElementById('board').addEventListener('planboard:sync', (e) => { if (e.detail.whole) window.__wholeSyncs += 1; })")
        title = "A long title, " * 14
        Client(self.server).add("next", [f"{title}{n}" for n in range(190)])
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        self.seen_within(lambda: len(self.dom_titles()["next"]) == 190, "the 190 tasks after a refresh")
        self.assertTrue(self.js("return window.__notReloaded === true"))
        self.assertGreaterEqual(self.js("return window.__wholeSyncs"), 1, "the board came whole, not change by change")
        self.assertEqual(self.dom_titles(), self.titles())

    def test_line_separators_in_notes_leave_the_stream_readable(self):
        # U+2028, U+2029 and U+0085 are line breaks to Swift but ordinary characters to an event
        # stream: a frame split there put a raw line break inside a JSON string, the watcher's
        # JSON.parse threw ("Bad control character") and it never saw that task change again.
        from dragkit import Client
        ids = self.api.add("today", ["Alpha"])
        self.open_watcher()
        other = Client(self.server)
        notes = "one\u2028two\u2029three\u0085four"
        status, _ = other.post(f"/tasks/{ids['Alpha']}", {"title": "Alpha", "notes": notes, "notes_format": "plain"})
        self.assertEqual(status, 200)
        status, _ = other.post(f"/tasks/{ids['Alpha']}", {"title": "Alpha, renamed", "notes": notes, "notes_format": "plain"})
        self.assertEqual(status, 200)
        self.seen_within(lambda: self.dom_titles()["today"] == ["Alpha, renamed"], "the rename after notes with line separators")
        self.assertEqual([e for e in console_errors(self.driver) if "control character" in e["message"]], [])
        self.assertTrue(self.js("return window.__notReloaded === true"))


if __name__ == "__main__":
    unittest.main()
