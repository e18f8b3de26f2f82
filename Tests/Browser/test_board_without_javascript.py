"""Every action with JavaScript switched off, through ordinary forms in a real browser."""
import unittest

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from harness import ServerTestCase, chromium, console_errors


class BoardWithoutJavaScriptTests(ServerTestCase):
    def setUp(self):
        super().setUp()
        self.driver = chromium(javascript=False)
        self.addCleanup(self.driver.quit)

    def add(self, column, title, important=False):
        form = self.driver.find_element(By.CSS_SELECTOR, f'section[data-column="{column}"] form.add-task')
        form.find_element(By.NAME, "title").send_keys(title)
        if important:
            form.find_element(By.NAME, "important").click()
        self.click_and_wait(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))

    def press(self, label):
        self.click_and_wait(self.driver.find_element(By.CSS_SELECTOR, f'button[aria-label="{label}"]'))

    def choose(self, title, action):
        """Opens the card's "⋯" (a page of buttons without JavaScript) and presses one of them."""
        card = self.driver.find_element(By.XPATH, f'//li[contains(@class, "task")][.//a[@class="task-title"][normalize-space()="{title}"]]')
        self.click_and_wait(card.find_element(By.CSS_SELECTOR, ".task-more"))
        self.assertIn(f"“{title}”", self.driver.find_element(By.TAG_NAME, "h1").text)
        self.click_and_wait(self.driver.find_element(By.XPATH, f'//button[normalize-space()="{action}"]'))

    def click_and_wait(self, button):
        # A form post answers 303 and the browser loads the next page; until the old page is gone,
        # a lookup could find (and click) an element of the page being left.
        page = self.driver.find_element(By.TAG_NAME, "html")
        button.click()

        def left(driver):
            try:
                page.is_enabled()
                return False
            except WebDriverException:  # stale, or (in some Chromium versions) "does not belong to the document"
                return True

        WebDriverWait(self.driver, 10).until(left)
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def test_add_move_finish_edit_and_delete_with_forms_only(self):
        driver = self.driver
        driver.get(self.server.url + "/")
        for title in ["Buy milk", "Write report", "Call Anna"]:
            self.add("today", title)
        self.add("later", "Plan trip", important=True)
        self.assertEqual(self.titles()["today"], ["Buy milk", "Write report", "Call Anna"])
        self.assertTrue(driver.current_url.endswith("/#task-4"), driver.current_url)

        self.choose("Call Anna", "Move up")
        self.assertEqual(self.titles()["today"], ["Buy milk", "Call Anna", "Write report"])
        self.assertTrue(driver.current_url.endswith("/#task-3"), driver.current_url)
        self.choose("Buy milk", "Move down")
        self.assertEqual(self.titles()["today"], ["Call Anna", "Buy milk", "Write report"])
        self.choose("Write report", "Move to top")
        self.assertEqual(self.titles()["today"], ["Write report", "Call Anna", "Buy milk"])
        self.choose("Write report", "Move to bottom")
        self.assertEqual(self.titles()["today"], ["Call Anna", "Buy milk", "Write report"])
        self.choose("Write report", "Move to Next")
        self.choose("Plan trip", "Move to Today")
        self.assertEqual(self.titles(), {"today": ["Call Anna", "Buy milk", "Plan trip"], "next": ["Write report"], "later": []})

        self.press("Mark “Buy milk” as finished")
        card = driver.find_element(By.ID, "task-1")
        self.assertEqual(card.get_attribute("data-finished"), "true")
        # A finished task offers no moves: it can be reopened, marked, renamed or deleted.
        self.click_and_wait(card.find_element(By.CSS_SELECTOR, ".task-more"))
        self.assertEqual([b.text for b in driver.find_elements(By.CSS_SELECTOR, ".action-list button")], ["Mark as not finished", "Mark important", "Delete"])
        driver.back()

        # Its column can fold its finished tasks away, and the choice outlives a reload.
        self.click_and_wait(driver.find_element(By.CSS_SELECTOR, '[data-column="today"] .finished-toggle'))
        self.assertFalse(driver.find_element(By.ID, "task-1").is_displayed())
        driver.refresh()
        self.assertFalse(driver.find_element(By.ID, "task-1").is_displayed())
        self.assertIn("Show 1 finished", driver.find_element(By.CSS_SELECTOR, '[data-column="today"] .finished-toggle').text)
        self.click_and_wait(driver.find_element(By.CSS_SELECTOR, '[data-column="today"] .finished-toggle'))
        self.assertTrue(driver.find_element(By.ID, "task-1").is_displayed())

        self.click_and_wait(driver.find_element(By.CSS_SELECTOR, "#task-3 .task-title"))
        driver.find_element(By.CSS_SELECTOR, ".edit-panel > summary").click()  # a <details>: no script needed
        title = driver.find_element(By.ID, "title")
        title.clear()
        title.send_keys("Call Anna about the trip")
        driver.find_element(By.ID, "notes").send_keys("Ask about dates")
        self.click_and_wait(driver.find_element(By.CSS_SELECTOR, ".edit-task button[type=submit]"))
        self.assertIn("/tasks/3", driver.current_url)
        self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".notes").text, "Ask about dates")

        driver.get(self.server.url + "/")
        self.choose("Write report", "Delete")
        self.assertEqual(self.titles()["next"], [])
        # The board says what was deleted, once, and Undo brings it back.
        notice = driver.find_element(By.CSS_SELECTOR, ".banner-undo")
        self.assertIn("Deleted “Write report”.", notice.text)
        self.click_and_wait(notice.find_element(By.TAG_NAME, "button"))
        self.assertEqual(self.titles()["next"], ["Write report"])
        self.assertEqual(driver.find_elements(By.CSS_SELECTOR, ".banner-undo"), [])
        self.assertEqual(console_errors(driver), [])

    def test_a_refused_title_is_shown_beside_the_field_with_the_text_kept(self):
        driver = self.driver
        driver.get(self.server.url + "/")
        field = driver.find_element(By.ID, "new-next")
        # Bypass the browser's own maxlength so the server's rule is what answers.
        long_title = "x" * 205
        driver.execute_cdp_cmd("Runtime.evaluate", {"expression": f"document.getElementById('new-next').removeAttribute('maxlength'); document.getElementById('new-next').value = '{long_title}'"})
        field.submit()
        error = WebDriverWait(driver, 10).until(expected_conditions.presence_of_element_located((By.ID, "new-next-error")))
        self.assertIn("keep it to 200 or fewer", error.text)
        self.assertEqual(driver.find_element(By.ID, "new-next").get_attribute("value"), long_title)
        self.assertEqual(self.titles()["next"], [])


if __name__ == "__main__":
    unittest.main()
