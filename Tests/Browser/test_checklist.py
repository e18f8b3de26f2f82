"""A task whose Markdown notes hold a task list is a checklist: its items are ticked in place on the
task page with the mouse and with Space on the focused box (at once, then saved; put back with the
reason when refused), the card on the board shows the progress, a tick is undone by the header's
Undo, Enter in the notes field continues or ends the list, the page without JavaScript ticks by
form, and the page passes axe in both colour schemes."""
import json
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from dragkit import DragTestCase
from harness import ServerTestCase, chromium
from test_accessibility import audit
from test_board_without_javascript import BoardWithoutJavaScriptTests

NOTES = "Packing:\n\n- [x] passport\n- [ ] tickets\n- [ ] charger\n"


def task_json(api, task_id):
    status, _, text = api.request(f"/tasks/{task_id}", headers={"Accept": "application/json"})
    assert status == 200, status
    return json.loads(text)


def add_checklist(api, title="Trip"):
    status, task = api.post("/tasks", {"title": title, "column": "today", "notes": NOTES, "notes_format": "markdown"})
    assert status == 201, (status, task)
    return task["id"]


class ChecklistTests(DragTestCase):
    def boxes(self):
        return self.js("return [...document.querySelectorAll('.check-item')].map((b) => b.getAttribute('aria-checked') + ':' + (b.getAttribute('aria-busy') || ''))")

    def saved_source(self, task_id):
        return task_json(self.api, task_id)["notesSource"]

    def open_task(self, task_id):
        self.driver.get(f"{self.server.url}/tasks/{task_id}")
        self.wait(lambda d: self.js("return document.readyState") == "complete")
        self.sent()

    def test_ticking_with_the_mouse_and_with_space_saves_and_the_card_shows_it(self):
        task_id = add_checklist(self.api)
        self.open_task(task_id)
        self.assertEqual(self.boxes(), ["true:", "false:", "false:"])
        # The mouse: the box shows ticked at once, and the notes as written change there.
        self.driver.find_elements(By.CSS_SELECTOR, ".check-item")[1].click()
        self.assertEqual(self.js("return document.querySelectorAll('.check-item')[1].getAttribute('aria-checked')"), "true")
        self.wait(lambda d: "- [x] tickets" in self.saved_source(task_id))
        self.wait(lambda d: self.boxes() == ["true:", "true:", "false:"])
        # The keyboard: Space on the focused box.
        self.js("document.querySelectorAll('.check-item')[0].focus()")
        self.key("Space")
        self.wait(lambda d: self.boxes() == ["false:", "true:", "false:"])
        self.wait(lambda d: "- [ ] passport" in self.saved_source(task_id))
        self.assertEqual(self.saved_source(task_id), NOTES.replace("- [x] passport", "- [ ] passport").replace("- [ ] tickets", "- [x] tickets"))
        # The edit form follows, so saving it is not refused as stale.
        self.assertIn("- [x] tickets", self.js("return document.getElementById('notes').value"))
        self.assertEqual(self.js("return document.activeElement.classList.contains('check-item')"), True, "focus stays on the box")
        self.open_board()
        progress = self.driver.find_element(By.CSS_SELECTOR, f"#task-{task_id} .task-progress")
        self.assertEqual(progress.text, "1/3")
        self.assertEqual(self.driver.find_element(By.ID, f"task-{task_id}-progress").get_attribute("textContent"), "1 of 3 done")

    def test_the_board_card_follows_a_tick_made_in_another_tab_and_undo_brings_it_back(self):
        task_id = add_checklist(self.api)
        self.open_board()
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, f"#task-{task_id} .task-progress").text, "1/3")
        task = task_json(self.api, task_id)
        status, _ = self.api.post(f"/tasks/{task_id}/check", {"item": "2", "checked": "true", "version": str(task["version"])})
        self.assertEqual(status, 200)
        self.wait(lambda d: self.js("return document.querySelector(arguments[0])?.textContent", f"#task-{task_id} .task-progress") == "2/3",
                  message="the live stream redraws the card")
        # This browser's own tick, undone by the header's Undo.
        self.open_task(task_id)
        self.driver.find_elements(By.CSS_SELECTOR, ".check-item")[1].click()
        self.wait(lambda d: "- [x] tickets" in self.saved_source(task_id))
        self.open_board()
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, f"#task-{task_id} .task-progress").text, "3/3")
        self.driver.find_element(By.CSS_SELECTOR, ".undo-button").click()
        self.wait(lambda d: "- [ ] tickets" in self.saved_source(task_id))
        self.wait(lambda d: self.js("return document.querySelector(arguments[0])?.textContent", f"#task-{task_id} .task-progress") == "2/3")

    def test_a_refused_tick_is_put_back_and_says_why(self):
        self.expected_console = (r"status of 409",)
        task_id = add_checklist(self.api)
        self.open_task(task_id)
        # Someone else changes the notes meanwhile.
        self.api.post(f"/tasks/{task_id}", {"notes": "- [ ] new first\n\n" + NOTES, "notes_format": "markdown"})
        self.driver.find_elements(By.CSS_SELECTOR, ".check-item")[2].click()
        self.wait(lambda d: self.driver.find_element(By.CSS_SELECTOR, ".checklist-status").text != "")
        self.assertIn("changed elsewhere", self.driver.find_element(By.CSS_SELECTOR, ".checklist-status").text)
        self.assertEqual(self.boxes(), ["true:", "false:", "false:"], "put back as it was")
        self.assertNotIn("[x] charger", self.saved_source(task_id))

    def test_enter_in_the_notes_field_continues_and_ends_the_list(self):
        task_id = add_checklist(self.api)
        self.open_task(task_id)
        self.js("document.querySelector('.edit-panel summary').click()")
        field = self.driver.find_element(By.ID, "notes")
        self.js("const f = arguments[0]; f.focus(); f.setSelectionRange(f.value.length - 1, f.value.length - 1);", field)
        field.send_keys("\n")
        field.send_keys("adapter")
        self.assertTrue(self.js("return arguments[0].value", field).endswith("- [ ] charger\n- [ ] adapter\n"))
        field.send_keys("\n")
        field.send_keys("\n")
        self.assertTrue(self.js("return arguments[0].value", field).endswith("- [ ] adapter\n\n"), repr(self.js("return arguments[0].value", field)))

    def test_a_task_page_with_a_checklist_passes_axe_in_both_schemes(self):
        task_id = add_checklist(self.api)
        self.open_task(task_id)
        self.assertEqual(audit(self.driver), [])
        self.driver.find_elements(By.CSS_SELECTOR, ".check-item")[1].click()
        self.wait(lambda d: self.boxes() == ["true:", "true:", "false:"])
        self.assertEqual(audit(self.driver), [], "after a tick")
        self.open_board()
        self.assertEqual(audit(self.driver), [], "the board with a checklist card")


class ChecklistInTheDarkScheme(DragTestCase):
    dark = True

    def test_a_task_page_with_a_checklist_passes_axe(self):
        task_id = add_checklist(self.api)
        self.driver.get(f"{self.server.url}/tasks/{task_id}")
        self.assertEqual(audit(self.driver), [])
        self.open_board()
        self.assertEqual(audit(self.driver), [])


class ChecklistWithoutJavaScript(ServerTestCase):
    click_and_wait = BoardWithoutJavaScriptTests.click_and_wait

    def setUp(self):
        super().setUp()
        self.driver = chromium(javascript=False)
        self.addCleanup(self.driver.quit)

    def test_each_item_is_a_button_that_posts_its_form(self):
        from dragkit import Client
        task_id = add_checklist(Client(self.server))
        self.driver.get(f"{self.server.url}/tasks/{task_id}")
        self.click_and_wait(self.driver.find_elements(By.CSS_SELECTOR, ".check-item")[2])
        self.assertTrue(self.driver.current_url.endswith(f"/tasks/{task_id}#notes-heading"), self.driver.current_url)
        boxes = [b.get_attribute("aria-checked") for b in self.driver.find_elements(By.CSS_SELECTOR, ".check-item")]
        self.assertEqual(boxes, ["true", "false", "true"])
        self.click_and_wait(self.driver.find_elements(By.CSS_SELECTOR, ".check-item")[0])
        boxes = [b.get_attribute("aria-checked") for b in self.driver.find_elements(By.CSS_SELECTOR, ".check-item")]
        self.assertEqual(boxes, ["false", "false", "true"])
        self.driver.get(self.server.url + "/")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, f"#task-{task_id} .task-progress").text, "1/3")


if __name__ == "__main__":
    unittest.main()
