"""Taking an import back from its summary page (issue 23 item 2): "Undo this import" removes every
task the import added as one change and the board says so; Undo on the board leaves an import
alone and says where it can be taken back; a task changed since keeps the whole import, with the
reason on the summary page. On a desktop, a phone and in the dark scheme, axe on every state."""
import json
import os
import unittest

from dragkit import DragTestCase
from harness import ROOT
from test_accessibility import audit

TRELLO = os.path.join(ROOT, "Tests", "PlanWebTests", "Fixtures", "trello-small.json")


class ImportUndoOnADesktop(DragTestCase):
    expected_console = (r"status of 409", r"status of 422")

    def import_file(self, text):
        """Imports `text` through the page's form (reviewing it as it comes); returns the summary's address."""
        self.driver.get(f"{self.server.url}/import")
        self.js("document.getElementById('import-json').value = arguments[0]", text)
        self.driver.find_element("css selector", ".import-form button[type=submit]").click()
        self.wait(lambda d: "Before importing" in d.title or "Imported" in d.title, message="the review or the summary loaded")
        if "Before importing" in self.driver.title:
            self.driver.find_element("css selector", ".import-review button[type=submit]").click()
            self.wait(lambda d: "Imported" in d.title, message="the summary loaded")
        return self.driver.current_url

    def assert_fits(self, what):
        overflow = self.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        self.assertLessEqual(overflow, 0, f"{what} is no wider than the screen")

    def test_undo_this_import_removes_what_it_added_and_the_board_says_so(self):
        with open(TRELLO, encoding="utf-8") as file:
            summary = self.import_file(file.read())
        button = self.driver.find_element("css selector", ".import-undo button")
        self.assertEqual(button.text, "Undo this import")
        self.assertIn("Removes the 5 tasks it added", self.driver.find_element("id", "import-undo-explained").text)
        self.assertEqual(audit(self.driver), [], "the summary offering to undo the import")
        self.assert_fits("the summary page")

        # Undo on the board leaves the import alone and says where to take it back.
        self.open_board()
        imported = self.dom_titles()
        self.assertEqual(sum(len(titles) for titles in imported.values()), 4, "and one in the logbook")
        self.js("document.activeElement?.blur()")
        self.key("z", modifiers=2)  # Ctrl+Z
        self.wait(lambda d: "Undo this import" in self.status_text(), message="the refusal names the summary's button")
        self.assertEqual(self.dom_titles(), imported)

        self.driver.get(summary)
        self.driver.find_element("css selector", ".import-undo button").click()
        self.wait(lambda d: d.current_url.rstrip("/") == self.server.url, message="back on the board")
        self.wait(lambda d: "Undid the import: removed 5 tasks." in d.page_source, message="the board says what was removed")
        self.assertEqual(self.dom_titles(), {"today": [], "next": [], "later": []})
        self.assertEqual(audit(self.driver), [], "the board saying the import was undone")

        self.driver.get(summary)
        self.assertIn("This import was undone", self.driver.page_source)
        self.assertEqual(self.driver.find_elements("css selector", ".import-undo"), [])
        self.assertEqual(audit(self.driver), [], "the summary of an import undone")

    def test_a_task_changed_since_keeps_the_import_and_the_summary_says_which(self):
        export = {"format": "planboard-export", "version": 1,
                  "columns": {"today": [{"title": "Pack the tent"}, {"title": "Book the ferry " + "x" * 150}], "next": [], "later": []}}
        summary = self.import_file(json.dumps(export))
        board = self.api.board()
        ferry = next(task for task in board["columns"]["today"] if task["title"].startswith("Book"))
        status, _ = self.api.post(f"/tasks/{ferry['id']}", {"title": "Book the ferry, done " + "y" * 150})
        self.assertEqual(status, 200)
        self.driver.get(summary)
        self.driver.find_element("css selector", ".import-undo button").click()
        self.wait(lambda d: d.find_elements("css selector", ".banner-error"), message="the refusal shows")
        banner = self.driver.find_element("css selector", ".banner-error").text
        self.assertTrue(banner.startswith("Nothing was removed. “Book the ferry, done"), banner)
        self.assertEqual(len(self.api.board()["columns"]["today"]), 2)
        self.assertTrue(self.driver.find_elements("css selector", ".import-undo button"), "still offered")
        self.assertEqual(audit(self.driver), [], "a refused undo of an import")
        self.assert_fits("the refusal with a long title")


class ImportUndoOnAPhone(ImportUndoOnADesktop):
    width, height, mobile, touch = 390, 844, True, True
    # The keyboard's Ctrl+Z is a desktop's; the phone's path is the summary page.
    test_undo_this_import_removes_what_it_added_and_the_board_says_so = None

    def test_the_summary_page_undoes_the_import_on_a_phone(self):
        with open(TRELLO, encoding="utf-8") as file:
            summary = self.import_file(file.read())
        self.assert_fits("the summary page")
        self.driver.find_element("css selector", ".import-undo button").click()
        self.wait(lambda d: "Undid the import: removed 5 tasks." in d.page_source, message="the board says what was removed")
        self.driver.get(summary)
        self.assertIn("This import was undone", self.driver.page_source)
        self.assertEqual(audit(self.driver), [])


class ImportUndoInTheDarkScheme(ImportUndoOnADesktop):
    dark = True


if __name__ == "__main__":
    unittest.main()
