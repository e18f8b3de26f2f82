"""Quick edits on a card (issue 23 item 1): X finishes or reopens it, I marks it important or not,
F2 or E renames it in place (Enter saves, Escape cancels, a refused title stays with the reason);
the same from the card's menu, and without JavaScript from its actions page. Each is announced and
undone by Undo."""
import unittest

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from dragkit import DragTestCase
from harness import chromium
from test_accessibility import audit

CARD = "const c = document.getElementById(arguments[0]); return c && [c.dataset.important, c.dataset.finished, c.querySelector('.task-title').textContent.trim()]"


class QuickEditsOnADesktop(DragTestCase):
    expected_console = (r"status of 422",)

    def card(self, task_id):
        return self.js(CARD, f"task-{task_id}")

    def task(self, task_id):
        return next(task for column in self.board_json()["columns"].values() for task in column if task["id"] == task_id)

    def focused(self):
        return self.js("return document.activeElement.id || document.activeElement.className")

    def wait_in(self, driver, condition):
        WebDriverWait(driver, 8, poll_frequency=0.05).until(condition, driver.current_url)

    def undo(self):
        self.key("z", modifiers=2)  # Ctrl+Z
        self.settled()

    def test_keys_mark_finish_and_rename_each_announced_and_undone(self):
        ids = self.api.add("today", ["Alpha", "Bravo"])
        alpha = ids["Alpha"]
        self.open_board()
        self.js("document.getElementById(arguments[0]).focus()", f"task-{alpha}")

        self.key("i")
        self.settled()
        self.wait(lambda d: self.card(alpha)[0] == "true", message="the card shows it important")
        self.assertTrue(self.task(alpha)["important"])
        self.assertEqual(self.status_text(), "Marked “Alpha” important.")
        self.assertEqual(self.focused(), f"task-{alpha}", "the card drawn anew keeps the focus")
        self.assertTrue(self.js("return Boolean(document.querySelector('.status-bar.is-open .status-undo'))"), "the message offers Undo")
        self.undo()
        self.wait(lambda d: self.card(alpha)[0] == "false")
        self.assertFalse(self.task(alpha)["important"])

        self.js("document.getElementById(arguments[0]).focus()", f"task-{alpha}")
        self.key("x")
        self.settled()
        self.wait(lambda d: self.card(alpha)[1] == "true", message="the card shows it finished")
        self.assertEqual(self.status_text(), "Finished “Alpha”.")
        self.key("x")
        self.settled()
        self.wait(lambda d: self.card(alpha)[1] == "false", message="X again reopens it")
        self.assertEqual(self.status_text(), "“Alpha” is open again.")

        # F2: a field over the title, the title selected; Enter saves, the card takes the focus back.
        self.key("F2")
        field = self.driver.switch_to.active_element
        self.assertEqual(field.get_attribute("class"), "task-rename")
        self.assertEqual(field.get_attribute("aria-label"), "New title for “Alpha”")
        self.assertEqual(self.js("return [document.activeElement.selectionStart, document.activeElement.selectionEnd]"), [0, 5])
        self.assertEqual(self.status_text(), "Enter saves, Escape cancels.")
        field.send_keys(Keys.END, " and Omega", Keys.ENTER)
        self.settled()
        self.wait(lambda d: self.card(alpha)[2] == "Alpha and Omega")
        self.assertEqual(self.task(alpha)["title"], "Alpha and Omega")
        self.assertEqual(self.status_text(), "Renamed “Alpha” to “Alpha and Omega”.")
        self.assertEqual(self.focused(), f"task-{alpha}")
        self.assertFalse(self.js("return Boolean(document.querySelector('.task-rename'))"))

        # E: a title of spaces is refused; the field stays with what was typed and the reason.
        self.key("e")
        field = self.driver.switch_to.active_element
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("   ", Keys.ENTER)
        self.settled()
        self.wait(lambda d: d.execute_script("return document.querySelector('.task-rename')?.getAttribute('aria-invalid')") == "true")
        self.assertIn("“Alpha and Omega” was not renamed.", self.status_text())
        self.assertIn("Give the task a title.", self.status_text())
        self.assertEqual(self.js("return document.activeElement.value"), "   ", "what was typed is kept")
        self.assertEqual(audit(self.driver), [], "with a refused rename showing")
        # Escape puts the title back as it was.
        self.key("Escape")
        self.assertFalse(self.js("return Boolean(document.querySelector('.task-rename'))"))
        self.assertEqual(self.card(alpha)[2], "Alpha and Omega")
        self.assertEqual(self.focused(), f"task-{alpha}")
        self.assertEqual(self.status_text(), "Kept the title “Alpha and Omega”.")

        # Undo takes the rename back.
        self.undo()
        self.wait(lambda d: self.card(alpha)[2] == "Alpha")
        self.assertEqual(self.task(alpha)["title"], "Alpha")

    def test_while_an_important_card_is_renamed_its_star_makes_room_for_the_field(self):
        ids = self.api.add("today", ["Alpha"])
        status, _ = self.api.post(f"/tasks/{ids['Alpha']}", {"title": "Alpha", "important": "true"})
        self.assertEqual(status, 200)
        self.open_board()
        star = "return getComputedStyle(document.querySelector(arguments[0] + ' .important-mark')).display"
        card = f"#task-{ids['Alpha']}"
        self.assertNotEqual(self.js(star, card), "none")
        self.js("document.querySelector(arguments[0]).focus()", card)
        self.key("F2")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("class"), "task-rename")
        self.assertEqual(self.js(star, card), "none", "the field spans the title and the star's place")
        # Escape closes it once (removing the field used to fire its blur, which closed it again:
        # an uncaught DOMException in the console).
        self.key("Escape")
        self.assertNotEqual(self.js(star, card), "none")
        self.assertEqual(self.status_text(), "Kept the title “Alpha”.")
        self.assertEqual(self.focused(), f"task-{ids['Alpha']}")

    def test_the_menu_offers_what_the_card_does_not_have_yet_and_renames_in_place(self):
        ids = self.api.add("today", ["Alpha", "Bravo"], finished=["Bravo"])
        self.open_board()
        offers = self.menu_offers(ids["Alpha"])
        self.assertEqual(offers[:3], ["Mark as finished", "Mark important", "Rename…"])
        self.assertNotIn("Mark as not finished", offers)
        finished = self.menu_offers(ids["Bravo"])
        self.assertEqual(finished, ["Mark as not finished", "Mark important", "Rename…", "Select", "Delete"], "a finished card is not moved")

        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Alpha']} .task-more")
        self.wait(lambda d: not d.execute_script("return document.getElementById('card-menu-open').hidden"))
        keys = self.js("return [...document.querySelectorAll('#card-menu-open .menu-item:not([hidden])')].map((i) => [i.textContent.trim(), i.getAttribute('aria-keyshortcuts'), getComputedStyle(i, '::after').content])")
        # The key is shown beside a choice where there is a keyboard (hidden from screen readers,
        # which read aria-keyshortcuts); on a touch screen it is not drawn.
        self.assertIn(["Mark important", "I", 'none' if self.touch else '"I" / ""'], keys)
        self.assertEqual(audit(self.driver), [], "with the menu showing the quick edits")
        self.js("[...document.querySelectorAll('#card-menu-open .menu-item')].find((i) => i.dataset.action === 'important').click()")
        self.settled()
        self.wait(lambda d: self.card(ids["Alpha"])[0] == "true")
        self.assertIn("Mark not important", self.menu_offers(ids["Alpha"]))

        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Alpha']} .task-more")
        self.wait(lambda d: not d.execute_script("return document.getElementById('card-menu-open').hidden"))
        self.js("[...document.querySelectorAll('#card-menu-open .menu-item')].find((i) => i.dataset.action === 'rename').click()")
        field = self.driver.switch_to.active_element
        self.assertEqual(field.get_attribute("class"), "task-rename")
        self.assertEqual(audit(self.driver), [], "with the rename field open")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("Call Anna", Keys.ENTER)
        self.settled()
        self.wait(lambda d: self.card(ids["Alpha"])[2] == "Call Anna")
        self.assertEqual(self.card(ids["Alpha"])[0], "true", "a rename keeps the star")

    def test_without_javascript_the_actions_page_marks_finishes_and_renames(self):
        ids = self.api.add("today", ["Alpha"])
        alpha = ids["Alpha"]
        driver = chromium(width=self.width, height=self.height, mobile=self.mobile, touch=self.touch, javascript=False)
        self.addCleanup(driver.quit)
        driver.get(f"{self.server.url}/tasks/{alpha}/actions")
        driver.find_element("xpath", "//button[normalize-space()='Mark important']").click()
        self.wait_in(driver, lambda d: d.current_url.endswith(f"/#task-{alpha}"))
        self.assertEqual(driver.find_element("id", f"task-{alpha}").get_attribute("data-important"), "true")
        driver.get(f"{self.server.url}/tasks/{alpha}/actions")
        driver.find_element("xpath", "//button[normalize-space()='Mark as finished']").click()
        self.wait_in(driver, lambda d: d.current_url.endswith(f"/#task-{alpha}"))
        self.assertEqual(driver.find_element("id", f"task-{alpha}").get_attribute("data-finished"), "true")
        driver.get(f"{self.server.url}/tasks/{alpha}/actions")
        self.assertTrue(driver.find_elements("xpath", "//button[normalize-space()='Mark as not finished']"))
        title = driver.find_element("id", "rename-title")
        title.clear()
        title.send_keys("x" * 201, Keys.ENTER)
        self.wait_in(driver, lambda d: "/actions" not in d.current_url)
        self.assertIn("201", driver.find_element("css selector", ".banner").text + driver.page_source)
        self.assertEqual(driver.find_element("css selector", "input[name=title]").get_attribute("value"), "x" * 201, "the typed title is kept")
        self.assertEqual(self.task(alpha)["title"], "Alpha")
        driver.get(f"{self.server.url}/tasks/{alpha}/actions")
        title = driver.find_element("id", "rename-title")
        title.clear()
        title.send_keys("Alpha, renamed", Keys.ENTER)
        self.wait_in(driver, lambda d: d.current_url.endswith(f"/#task-{alpha}"))
        self.assertEqual(driver.find_element("css selector", f"#task-{alpha} .task-title").text, "Alpha, renamed")
        self.assertEqual(self.task(alpha)["title"], "Alpha, renamed")


class QuickEditsOnAPhone(QuickEditsOnADesktop):
    width, height, mobile, touch = 390, 844, True, True


class QuickEditsInTheDarkScheme(QuickEditsOnADesktop):
    dark = True


if __name__ == "__main__":
    unittest.main()
