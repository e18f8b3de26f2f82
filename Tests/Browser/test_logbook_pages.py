"""The logbook and the settings page in Chromium: *Clear* on a column, the logbook, an entry, put
back and delete, with JavaScript and without; axe-core finds no violation on any of these pages or
states; and screenshots of each (kept in a temporary folder unless PLANBOARD_SCREENSHOTS names one)."""
import os
import tempfile
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from dragkit import DragTestCase
from harness import Server, chromium, wait_until_replaced
from session import BoardSession
from test_accessibility import audit

SHOTS = os.environ.get("PLANBOARD_SCREENSHOTS") or tempfile.mkdtemp(prefix="planboard-logbook-shots-")


class LogbookPageTests(DragTestCase):
    def seed(self):
        ids = self.api.add("today", ["Reply to Anna", "Book the dentist", "Pay the rent"], finished=["Book the dentist", "Pay the rent"])
        self.api.post(f"/tasks/{ids['Pay the rent']}", {"notes": "**Paid** by transfer, see <https://bank.example>", "notes_format": "markdown"})
        ids.update(self.api.add("next", ["Draft the quarterly report"], finished=["Draft the quarterly report"]))
        return ids

    def shot(self, name):
        self.driver.save_screenshot(os.path.join(SHOTS, name + ".png"))

    def test_clear_the_logbook_an_entry_and_put_back_pass_axe(self):
        ids = self.seed()
        self.open_board()
        clear = self.driver.find_element(By.CSS_SELECTOR, '[data-column="today"] .clear-finished')
        self.assertEqual(clear.text, "Clear")
        self.assertFalse(self.driver.find_element(By.CSS_SELECTOR, '[data-column="later"] .clear-finished').is_displayed())
        self.shot("board-with-clear")
        clear.click()
        self.wait(lambda d: "Sent 2 finished tasks from Today to the logbook." in d.find_element(By.TAG_NAME, "body").text,
                  message="the notice after Clear")
        self.wait(lambda d: d.execute_script("return document.getElementById('board').classList.contains('drag-ready')"))
        self.assertEqual([e.text for e in self.driver.find_elements(By.CSS_SELECTOR, '[data-column="today"] .task-title')], ["Reply to Anna"])
        self.assertEqual(audit(self.driver), [], "the board with the notice after Clear")

        self.driver.find_element(By.LINK_TEXT, "Logbook").click()
        self.wait(lambda d: d.title.startswith("Logbook"))
        titles = [e.text for e in self.driver.find_elements(By.CSS_SELECTOR, ".logbook-entry-title")]
        self.assertEqual(sorted(titles), ["Book the dentist", "Pay the rent"])
        self.shot("logbook")
        self.assertEqual(audit(self.driver), [], "the logbook")

        self.driver.find_element(By.LINK_TEXT, "Pay the rent").click()
        self.wait(lambda d: d.title.startswith("Pay the rent"))
        self.assertIn("Paid", self.driver.find_element(By.CSS_SELECTOR, ".notes strong").text)
        self.shot("logbook-entry")
        self.assertEqual(audit(self.driver), [], "a logbook entry")

        self.driver.find_element(By.CSS_SELECTOR, ".task-sheet-actions .button-primary").click()
        self.wait(lambda d: "Put “Pay the rent” back at the top of Today." in d.find_element(By.TAG_NAME, "body").text)
        self.wait(lambda d: d.execute_script("return document.getElementById('board').classList.contains('drag-ready')"))
        self.assertEqual([e.text for e in self.driver.find_elements(By.CSS_SELECTOR, '[data-column="today"] .task-title')],
                         ["Pay the rent", "Reply to Anna"])
        self.assertEqual(audit(self.driver), [], "the board after put back")
        self.sent()
        self.fetched()

    def page_text(self):
        """The page's text, read in one script: an element found and then read can be gone in
        between when the form's answer replaces the page."""
        return self.js("return document.body ? document.body.innerText : ''")

    def test_the_settings_page_and_its_refusal_pass_axe(self):
        # The refused hour is answered 422, which the browser logs.
        self.expected_console = (r"status of 422",)
        self.open_board()
        self.driver.find_element(By.LINK_TEXT, "Settings").click()
        self.wait(lambda d: d.title.startswith("Settings"))
        self.shot("settings")
        self.assertEqual(audit(self.driver), [], "the settings page")
        hour = self.driver.find_element(By.ID, "day-starts")
        hour.clear()
        hour.send_keys("25")
        self.driver.find_element(By.CSS_SELECTOR, ".settings-form button[type=submit]").click()
        self.wait(lambda d: "You typed “25”" in self.page_text())
        self.assertEqual(self.driver.find_element(By.ID, "day-starts").get_attribute("value"), "25")
        self.assertEqual(self.driver.find_element(By.ID, "day-starts").get_attribute("aria-invalid"), "true")
        self.shot("settings-refused")
        self.assertEqual(audit(self.driver), [], "the settings page refusing an hour")
        zone = self.driver.find_element(By.ID, "time-zone")
        zone.clear()
        zone.send_keys("Asia/Taipei")
        hour = self.driver.find_element(By.ID, "day-starts")
        hour.clear()
        hour.send_keys("4")
        self.driver.find_element(By.CSS_SELECTOR, ".settings-form button[type=submit]").click()
        self.wait(lambda d: "Saved. The board's day follows Asia/Taipei and starts at 04:00." in self.page_text())
        self.assertEqual(audit(self.driver), [], "the settings page after saving")

    def test_an_empty_logbook_and_the_pages_in_chinese_pass_axe(self):
        self.driver.get(self.server.url + "/logbook")
        self.assertIn("Nothing in the logbook yet.", self.driver.find_element(By.TAG_NAME, "body").text)
        self.assertEqual(audit(self.driver), [], "the empty logbook")
        self.seed()
        self.api.post("/columns/today/clear-finished")
        self.driver.get(self.server.url + "/")
        self.driver.find_element(By.CSS_SELECTOR, ".language-menu summary").click()
        self.driver.find_element(By.CSS_SELECTOR, 'button[lang="zh-Hant"]').click()
        # The choice is a form post answered by a redirect: let it land before going on, or the
        # redirect's page replaces the next one.
        self.wait(lambda d: d.execute_script("return document.documentElement.lang") == "zh-Hant")
        self.driver.get(self.server.url + "/logbook")
        self.assertIn("完成紀錄", self.driver.title)
        self.shot("logbook-zh-Hant")
        self.assertEqual(audit(self.driver), [], "the logbook in Traditional Chinese")
        self.driver.get(self.server.url + "/settings")
        self.assertEqual(audit(self.driver), [], "the settings page in Traditional Chinese")


class LogbookWithoutJavaScriptTests(unittest.TestCase):
    """Every step through plain forms and redirects."""

    def load(self, element):
        """Clicks a link or a form's button and waits for the page it leads to (a form post and its
        redirect: reading the page before then finds the old one, or none)."""
        old = self.driver.find_element(By.TAG_NAME, "html")
        element.click()
        wait_until_replaced(self.driver, old)
        WebDriverWait(self.driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def setUp(self):
        self.server = Server().start()
        self.addCleanup(self.server.cleanup)
        self.driver = chromium(javascript=False)
        self.addCleanup(self.driver.quit)

    def test_clear_put_back_delete_and_undo_through_forms(self):
        api = BoardSession(self.server.url)
        for title in ("Water the plants", "Call the bank"):
            status, task = api.post("/tasks", {"title": title, "column": "later"})
            api.post(f"/tasks/{task['id']}/finish", {"finished": "true"})
        driver = self.driver
        driver.get(self.server.url + "/")
        self.load(driver.find_element(By.CSS_SELECTOR, '[data-column="later"] .clear-finished'))
        self.assertIn("Sent 2 finished tasks from Later to the logbook.", driver.find_element(By.TAG_NAME, "body").text)
        self.assertEqual(driver.find_elements(By.CSS_SELECTOR, '[data-column="later"] .task'), [])
        self.load(driver.find_element(By.LINK_TEXT, "Logbook"))
        entries = driver.find_elements(By.CSS_SELECTOR, ".logbook-entry")
        self.assertEqual(len(entries), 2)
        # Delete the first entry, then undo it from the notice.
        first = entries[0].find_element(By.CSS_SELECTOR, ".logbook-entry-title").text
        self.load(entries[0].find_element(By.CSS_SELECTOR, ".button-quiet"))
        self.assertIn(f"Deleted “{first}” from the logbook.", driver.find_element(By.TAG_NAME, "body").text)
        self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, ".logbook-entry")), 1)
        self.load(driver.find_element(By.CSS_SELECTOR, ".banner-undo button"))
        self.assertTrue(driver.title.startswith(first), driver.title)
        self.load(driver.find_element(By.LINK_TEXT, "Back to the logbook"))
        self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, ".logbook-entry")), 2)
        # Put back from the list: on the board again, at the top of Later, with Undo.
        self.load(driver.find_elements(By.CSS_SELECTOR, ".logbook-entry")[0].find_element(By.CSS_SELECTOR, ".logbook-entry-actions .button:not(.button-quiet)"))
        self.assertIn(f"Put “{first}” back at the top of Later.", driver.find_element(By.TAG_NAME, "body").text)
        self.assertEqual([e.text for e in driver.find_elements(By.CSS_SELECTOR, '[data-column="later"] .task-title')], [first])
        self.load(driver.find_element(By.CSS_SELECTOR, ".banner-undo button"))
        # The undo sends it back to the logbook, and shows it there.
        self.assertEqual(driver.title.split(" · ")[:2], [first, "Logbook"])
        self.assertEqual(driver.find_elements(By.CSS_SELECTOR, '[data-column="later"] .task'), [])


if __name__ == "__main__":
    unittest.main()
