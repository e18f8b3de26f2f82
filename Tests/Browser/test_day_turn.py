"""The day's turn reaches an open tab: the server runs under libfaketime with its clock a few seconds
before midnight, a finished task is on the board, and when the board's day turns the task leaves
the open page for the logbook, in place, without a reload; a turn that moves nothing still redraws
the cards' date words ("due tomorrow" becomes "due today"). (`faketime` from Debian; only the
server's wall clock is moved, its monotonic clock and the browser's are left alone. libfaketime
would also shift the deadlines of the monotonic timers that Swift's `Task.sleep` sets, so
`faketime_timerfd.c` is preloaded before it to hand those to the kernel unchanged. And a Swift
program started straight under libfaketime 0.9.10 found its `CommandLine.arguments` empty here
(so `--port 0 --database …` were ignored), while one started by a process that already runs under
libfaketime (which then hands its shared clock down in FAKETIME_SHARED) sees them; so the server is
started through `env`.)"""
import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest

from selenium.webdriver.common.by import By

from harness import Server, chromium
from session import BoardSession

LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"


@unittest.skipUnless(os.path.exists(LIBFAKETIME), "libfaketime is not installed (apt-get install faketime)")
class DayTurnTests(unittest.TestCase):
    def start_server_before_midnight(self, seconds_before):
        """`planboard` whose wall clock reads `seconds_before` seconds before midnight UTC, and runs on from there."""
        midnight = 1_795_392_000  # 2026-11-23 00:00:00 UTC
        clock = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(midnight - seconds_before))
        folder = tempfile.mkdtemp(prefix="planboard-faketime-")
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        shim = os.path.join(folder, "faketime_timerfd.so")
        compiler = shutil.which("cc") or shutil.which("clang")
        self.assertIsNotNone(compiler, "a C compiler (cc or clang) builds the timerfd shim")
        subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", shim,
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "faketime_timerfd.c")], check=True)
        saved = {key: os.environ.get(key) for key in ("LD_PRELOAD", "FAKETIME", "FAKETIME_DONT_FAKE_MONOTONIC", "TZ")}
        os.environ.update({"LD_PRELOAD": shim + " " + LIBFAKETIME, "FAKETIME": "@" + clock, "FAKETIME_DONT_FAKE_MONOTONIC": "1", "TZ": "UTC"})
        try:
            self.server = Server(launcher=["env"]).start()
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        self.addCleanup(self.server.cleanup)

    def test_finished_tasks_leave_the_open_page_for_the_logbook_when_the_day_turns(self):
        self.start_server_before_midnight(75)  # room for a slow start on a busy machine
        api = BoardSession(self.server.url)
        ids = {}
        for title in ("Finished before midnight", "Still open"):
            status, task = api.post("/tasks", {"title": title, "column": "today"})
            self.assertEqual(status, 201)
            ids[title] = task["id"]
        status, _ = api.post(f"/tasks/{ids['Finished before midnight']}/finish", {"finished": "true"})
        self.assertEqual(status, 200)
        status, _, text = api.request("/settings", headers={"Accept": "application/json"})
        today = json.loads(text)["today"]
        self.assertEqual(today, "2026-11-22", "the server's clock is the faked one")

        driver = chromium()
        self.addCleanup(driver.quit)
        driver.get(self.server.url + "/")
        driver.execute_script("window.__notReloaded = true")
        deadline = time.monotonic() + 15
        while driver.execute_script("return document.getElementById('board').dataset.live") != "connected":
            self.assertLess(time.monotonic(), deadline, "the live stream did not open")
            time.sleep(0.1)
        finished = f"task-{ids['Finished before midnight']}"
        self.assertTrue(driver.find_elements(By.ID, finished), "the finished task is on the board before the turn")

        # The turn comes at midnight on the server's clock; the page follows it by itself.
        deadline = time.monotonic() + 150
        while driver.find_elements(By.ID, finished):
            self.assertLess(time.monotonic(), deadline, "the finished task never left the open page: " + open(self.server.log_path).read())
            time.sleep(0.25)
        self.assertTrue(driver.execute_script("return window.__notReloaded === true"), "the page caught up without a reload")
        titles = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "#board .task-title")]
        self.assertEqual(titles, ["Still open"])
        self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".header-summary").text, "1 task")
        status, _, text = api.request("/logbook", headers={"Accept": "application/json"})
        self.assertEqual([entry["title"] for entry in json.loads(text)["entries"]], ["Finished before midnight"])
        self.assertEqual(json.loads(text)["entries"][0]["finishedDay"], "2026-11-22")
        self.assertEqual([entry.get("message") for entry in driver.get_log("browser") if entry["level"] == "SEVERE"], [])

    def test_a_turn_that_moves_nothing_still_redraws_the_cards_date_words(self):
        self.start_server_before_midnight(60)
        api = BoardSession(self.server.url)
        status, task = api.post("/tasks", {"title": "Send the forms", "column": "next"})
        self.assertEqual(status, 201)
        status, _ = api.post(f"/tasks/{task['id']}", {"title": "Send the forms", "deadline": "2026-11-23"})
        self.assertEqual(status, 200)

        driver = chromium()
        self.addCleanup(driver.quit)
        driver.get(self.server.url + "/")
        driver.execute_script("window.__notReloaded = true")
        dates = f"#task-{task['id']} .task-dates"
        self.assertEqual(driver.find_element(By.CSS_SELECTOR, dates).text, "due tomorrow")
        # Nothing is finished and nothing is scheduled: the turn moves no task, but tomorrow becomes today.
        # The card is redrawn (a new element) at the turn: read its words in one step in the page, as an
        # element found in one call and read in the next may be gone by then.
        read = "const e = document.querySelector(arguments[0]); return e ? e.innerText.trim() : null"
        deadline = time.monotonic() + 150
        while (said := driver.execute_script(read, dates)) != "due today":
            self.assertLess(time.monotonic(), deadline, f"the card still says: {said}")
            time.sleep(0.25)
        self.assertTrue(driver.execute_script("return window.__notReloaded === true"), "redrawn without a reload")
        self.assertEqual([e.text for e in driver.find_elements(By.CSS_SELECTOR, "#board .task-title")], ["Send the forms"])
        self.assertEqual([entry.get("message") for entry in driver.get_log("browser") if entry["level"] == "SEVERE"], [])


if __name__ == "__main__":
    unittest.main()
