"""Several cards at once (issue 23 item 2): Ctrl-click, Shift-click and Shift+arrows select cards, a
bar over the header offers what to do to all of them, one request changes them all and one Undo
takes it back; on a touch screen the card's menu has "Select" and taps then add cards; without
JavaScript the Select page's checkboxes do the same."""
import unittest

from selenium.webdriver.common.by import By

from dragkit import DragTestCase
from harness import chromium
from test_accessibility import audit

SELECTED = "return [...document.querySelectorAll('#board .task.is-selected')].map((c) => c.querySelector('.task-title').textContent.trim())"


class SelectionOnADesktop(DragTestCase):
    expected_console = (r"status of 422",)

    def selected(self):
        return self.js(SELECTED)

    def bar(self):
        return self.js("const b = document.querySelector('.selection-bar'); return b && !b.hidden ? b.querySelector('.selection-count').textContent : null")

    def press_bar(self, action):
        self.js("document.querySelector(`.selection-bar [data-action='${arguments[0]}']`).click()", action)
        self.settled()

    def click_card(self, task_id, modifiers=0):
        x, y = self.center(f"#task-{task_id}")
        self.mouse("mouseMoved", x, y, buttons=0)
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1, "modifiers": modifiers})
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": y, "button": "left", "buttons": 0, "clickCount": 1, "modifiers": modifiers})

    def test_ctrl_and_shift_clicks_select_and_the_bar_moves_them_all_in_one_request_and_one_undo(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie", "Delta"])
        self.api.add("later", ["Echo"])
        self.open_board()
        self.click_card(ids["Alpha"], modifiers=2)  # Ctrl
        self.assertEqual(self.selected(), ["Alpha"])
        self.assertEqual(self.bar(), "1 selected")
        self.assertTrue(self.driver.current_url.endswith("/"), "the title's link was not followed")
        self.click_card(ids["Charlie"], modifiers=8)  # Shift: Alpha to Charlie
        self.assertEqual(self.selected(), ["Alpha", "Bravo", "Charlie"])
        self.assertEqual(self.bar(), "3 selected")
        # While cards are selected, a plain click adds or removes one.
        self.click_card(ids["Bravo"])
        self.assertEqual(self.selected(), ["Alpha", "Charlie"])
        self.assertIn("“Bravo” no longer selected; 2 in all.", self.status_text())
        self.assertEqual(audit(self.driver), [], "with cards selected and the bar showing")

        self.sent()
        self.press_bar("later")
        self.wait(lambda d: self.dom_titles()["later"] == ["Echo", "Alpha", "Charlie"])
        self.assertEqual(self.sent(), ["/select"], "one request for the whole selection")
        self.assertEqual(self.titles(), {"today": ["Bravo", "Delta"], "next": [], "later": ["Echo", "Alpha", "Charlie"]})
        self.assertEqual(self.status_text(), "Moved 2 tasks to Later.")
        self.assertEqual(self.selected(), [])
        self.assertIsNone(self.bar())
        # One Undo puts both back where they were.
        self.js("document.querySelector('.status-bar .status-undo').click()")
        self.settled()
        self.wait(lambda d: self.titles()["today"] == ["Alpha", "Bravo", "Charlie", "Delta"])
        self.wait(lambda d: self.dom_titles()["today"] == ["Alpha", "Bravo", "Charlie", "Delta"])

    def test_shift_arrows_select_from_the_keyboard_and_a_refusal_changes_nothing(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"], finished=["Charlie"])
        self.open_board()
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Alpha']}")
        self.key("ArrowDown", modifiers=8)
        self.key("ArrowDown", modifiers=8)
        self.assertEqual(self.selected(), ["Alpha", "Bravo", "Charlie"])
        self.assertEqual(self.js("return document.activeElement.id"), f"task-{ids['Charlie']}")
        self.assertFalse(self.js("return document.querySelector('.is-lifted') !== null"), "Shift+arrows do not lift")
        # A finished task can't be moved: nothing moves, the selection stays, the reason is shown.
        self.press_bar("next")
        self.assertIn("“Charlie” is finished", self.status_text())
        self.assertEqual(self.titles()["today"], ["Alpha", "Bravo", "Charlie"])
        self.assertEqual(self.selected(), ["Alpha", "Bravo", "Charlie"])
        # Shift+Space takes the focused card out; the rest are marked important together.
        self.key("Space", modifiers=8)
        self.assertEqual(self.selected(), ["Alpha", "Bravo"])
        self.press_bar("important")
        self.wait(lambda d: d.execute_script("return document.querySelectorAll('#board .task[data-important=true]').length") == 2)
        self.assertEqual(self.status_text(), "Marked 2 tasks important.")
        # Escape clears a selection.
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Alpha']}")
        self.key("Space", modifiers=8)
        self.assertEqual(self.selected(), ["Alpha"])
        self.key("Escape")
        self.assertEqual(self.selected(), [])
        self.assertIsNone(self.bar())

    def test_the_card_menu_selects_and_taps_add_cards_then_delete_them_together(self):
        ids = self.api.add("next", ["Alpha", "Bravo", "Charlie"])
        self.open_board()
        if self.touch:
            self.js("document.querySelector('[data-column-tab=next]').click()")
            # A person taps "⋯" once the board has glided to the column: a scroll of the board
            # closes the menu (menu.js), and under load the glide outlasted the tap.
            self.driver.execute_async_script("""const done = arguments[0];
                const board = document.getElementById('board');
                let last = NaN, still = 0;
                const look = () => { still = board.scrollLeft === last ? still + 1 : 0; last = board.scrollLeft;
                                     still >= 5 ? done() : requestAnimationFrame(look); };
                requestAnimationFrame(look);""")
        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Bravo']} .task-more")
        self.wait(lambda d: not d.execute_script("return document.getElementById('card-menu-open').hidden"))
        self.js("[...document.querySelectorAll('#card-menu-open .menu-item')].find((i) => i.dataset.action === 'select').click()")
        self.assertEqual(self.selected(), ["Bravo"])
        self.assertIn("Click or tap cards to add them", self.status_text())
        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Charlie']} .task-title")
        self.assertEqual(self.selected(), ["Bravo", "Charlie"])
        self.press_bar("delete")
        self.wait(lambda d: self.dom_titles()["next"] == ["Alpha"])
        self.assertEqual(self.titles()["next"], ["Alpha"])
        self.assertEqual(self.status_text(), "Deleted 2 tasks.")
        self.key("z", modifiers=2)
        self.settled()
        self.wait(lambda d: self.dom_titles()["next"] == ["Alpha", "Bravo", "Charlie"])

    def test_without_javascript_the_select_page_finishes_the_ticked_tasks(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        driver = chromium(width=self.width, height=self.height, mobile=self.mobile, touch=self.touch, javascript=False)
        self.addCleanup(driver.quit)
        driver.get(self.server.url + "/")
        driver.find_element(By.LINK_TEXT, "Select").click()
        for title in ("Alpha", "Charlie"):
            driver.find_element(By.NAME, f"task-{ids[title]}").click()
        driver.find_element(By.XPATH, "//button[normalize-space()='Mark as finished']").click()
        self.wait(lambda d: driver.current_url.endswith("/"))
        self.assertIn("Marked 2 tasks as finished.", driver.find_element(By.TAG_NAME, "body").text)
        finished = [card.get_attribute("data-finished") for card in driver.find_elements(By.CSS_SELECTOR, "#column-today .task")]
        self.assertEqual(finished, ["true", "false", "true"])
        self.driver.get(self.server.url + "/select")
        self.assertEqual(audit(self.driver), [], "the Select page")


class SelectionOnAPhone(SelectionOnADesktop):
    width, height, mobile, touch = 390, 844, True, True

    # A phone has no Ctrl, Shift or arrow keys: the menu's Select and taps are its way.
    test_ctrl_and_shift_clicks_select_and_the_bar_moves_them_all_in_one_request_and_one_undo = None
    test_shift_arrows_select_from_the_keyboard_and_a_refusal_changes_nothing = None


class SelectionInTheDarkScheme(SelectionOnADesktop):
    dark = True


if __name__ == "__main__":
    unittest.main()
