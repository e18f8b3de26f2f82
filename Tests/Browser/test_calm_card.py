"""The calm card and what surrounds it, in Chromium with the drag layer loaded: the card shows its
check, title, star and excerpt; moving and deleting sit behind "⋯" (mouse, keyboard, touch);
one Tab stop per column; N reaches the add field; fast capture; folding finished tasks; delete with
Undo. (Without JavaScript, the same choices are tested in test_board_without_javascript.py.)"""
import re
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from dragkit import DragTestCase, check_a_message_keeps_the_columns_and_the_added_card


class CalmCardTests(DragTestCase):
    def test_a_message_keeps_the_columns_their_size_and_the_added_card_in_view(self):
        check_a_message_keeps_the_columns_and_the_added_card(self)

    def test_at_rest_a_card_shows_its_check_title_star_and_excerpt_and_hover_brings_out_its_menu(self):
        ids = self.api.add("today", ["Alpha", "Bravo"])
        self.api.post(f"/tasks/{ids['Alpha']}", {"important": "true", "notes": "<p>Bring the signed form.</p>"})
        self.open_board()
        card = f"#task-{ids['Alpha']}"
        parts = self.js("""const card = document.querySelector(arguments[0]);
            return [...card.children].filter((e) => e.offsetParent !== null && getComputedStyle(e).position !== 'absolute')
              .map((e) => e.className)""", card)
        self.assertEqual(parts, ["task-check", "task-title", "important-mark", "task-excerpt", "task-more"])
        self.assertEqual(self.js("return document.querySelector(arguments[0]).querySelectorAll('form').length", card), 0)
        # Once a mouse is seen, "⋯" waits for the pointer (or focus) on its card.
        bravo = self.center(f"#task-{ids['Bravo']}")
        self.mouse("mouseMoved", *bravo, buttons=0)
        hidden = "return getComputedStyle(document.querySelector(arguments[0] + ' .task-more')).color === 'rgba(0, 0, 0, 0)'"
        self.wait(lambda d: self.js(hidden, card), message="the menu button hides without the pointer")
        self.mouse("mouseMoved", *self.center(card), buttons=0)
        self.wait(lambda d: not self.js(hidden, card), message="the menu button shows under the pointer")

    def test_the_mouse_opens_the_menu_and_moves_a_card_to_the_top_and_bottom_without_a_page_load(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        self.open_board()
        self.js("window.__notReloaded = true")
        self.click_menu(ids["Charlie"], "Move to top")
        self.assertEqual(self.titles()["today"], ["Charlie", "Alpha", "Bravo"])
        self.assertEqual(self.dom_titles()["today"], ["Charlie", "Alpha", "Bravo"])
        self.assertIn("Moved “Charlie” to Today, position 1 of 3.", self.status_text())
        self.click_menu(ids["Charlie"], "Move to bottom")
        self.assertEqual(self.titles()["today"], ["Alpha", "Bravo", "Charlie"])
        self.click_menu(ids["Alpha"], "Move to Later")
        self.assertEqual(self.titles(), {"today": ["Bravo", "Charlie"], "next": [], "later": ["Alpha"]})
        self.assertEqual([c[1] for c in self.counts()], ["2", "0", "1"])
        self.assertTrue(self.js("return window.__notReloaded === true"))
        # A click outside closes an open menu and changes nothing.
        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Bravo']} .task-more")
        self.assertFalse(self.js("return document.getElementById('card-menu-open').hidden"))
        self.mouse("mousePressed", 5, 5)
        self.mouse("mouseReleased", 5, 5, buttons=0)
        self.assertTrue(self.js("return document.getElementById('card-menu-open').hidden"))
        self.assertEqual(self.sent(), ["/tasks/%d/move" % ids["Charlie"]] * 2 + ["/tasks/%d/move" % ids["Alpha"]])

    def test_delete_from_the_menu_or_the_delete_key_gets_an_undo_notice_that_brings_it_back_in_place(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        self.open_board()
        self.click_menu(ids["Bravo"], "Delete")
        self.assertEqual(self.titles()["today"], ["Alpha", "Charlie"])
        self.assertEqual(self.dom_titles()["today"], ["Alpha", "Charlie"])
        self.assertIn("Deleted “Bravo”.", self.status_text())
        self.js("document.querySelector('.status-bar .status-undo').click()")
        self.settled()
        self.wait(lambda d: self.dom_titles()["today"] == ["Alpha", "Bravo", "Charlie"], message="undo brought Bravo back in place")
        self.assertEqual(self.titles()["today"], ["Alpha", "Bravo", "Charlie"])
        # The Delete key on a focused card does the same, and focus stays in the column.
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Charlie']}")
        self.key("Delete")
        self.settled()
        self.assertEqual(self.titles()["today"], ["Alpha", "Bravo"])
        self.assertIn("Deleted “Charlie”.", self.status_text())
        self.assertEqual(self.js("return document.activeElement.id"), f"task-{ids['Bravo']}")
        self.key("z", modifiers=2)  # Ctrl+Z
        self.settled()
        self.wait(lambda d: self.dom_titles()["today"] == ["Alpha", "Bravo", "Charlie"])
        # M opens the card's menu; Escape closes it and gives focus back to the card, so Delete works.
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Alpha']}")
        self.key("m")
        self.wait(lambda d: not d.execute_script("return document.getElementById('card-menu-open').hidden"))
        self.key("Escape")
        self.assertEqual(self.js("return document.activeElement.id"), f"task-{ids['Alpha']}", "focus is back on the card")
        self.key("Delete")
        self.settled()
        self.assertEqual(self.titles()["today"], ["Bravo", "Charlie"])

    def test_one_tab_stop_per_column_arrows_move_between_cards_and_n_reaches_the_add_field(self):
        self.api.add("today", [f"Today {n}" for n in range(1, 61)])
        self.api.add("next", [f"Next {n}" for n in range(1, 61)])
        ids = self.api.add("later", [f"Later {n}" for n in range(1, 61)])
        self.open_board()
        self.js("document.querySelector('.brand').focus()")
        stops = []
        for _ in range(40):
            self.key("Tab")
            stops.append(self.js("""const e = document.activeElement;
                return e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 20)"""))
            if stops[-1] == "new-later":
                break
        # Today's first card, its three controls, the fold button (hidden: none finished), the add form…
        self.assertIn("new-later", stops, stops)
        # (The header's twelve stops: search, the board's four filter switches, Select, Import,
        # Export, Logbook, Settings, Undo, Language.)
        self.assertLessEqual(len(stops), 31, stops)
        self.assertEqual(sum(1 for s in stops if re.fullmatch(r"task-\d+", s)), 3, "one card per column is a Tab stop")
        # The skip links reach each add field straight from the top of the page.
        self.assertEqual(self.js("return [...document.querySelectorAll('.skip-link')].map((a) => a.getAttribute('href'))"),
                         ["#content", "#new-today", "#new-next", "#new-later"])
        # Arrows move between cards, and the column's Tab stop follows.
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Later 1']}")
        for _ in range(3):
            self.key("ArrowDown")
        self.assertEqual(self.js("return document.activeElement.id"), f"task-{ids['Later 4']}")
        self.assertEqual(self.js("return [...document.querySelectorAll('#column-later .task[tabindex=\"0\"]')].map((c) => c.id)"),
                         [f"task-{ids['Later 4']}"])
        self.key("End")
        self.assertEqual(self.js("return document.activeElement.id"), f"task-{ids['Later 60']}")
        self.key("ArrowLeft")
        self.assertTrue(self.js("return document.activeElement.closest('.column').dataset.column") == "next")
        self.key("n", code="KeyN")
        self.assertEqual(self.js("return document.activeElement.id"), "new-next")
        self.assertEqual(self.sent(), [], "moving focus sends nothing")

    def test_five_tasks_typed_in_a_row_each_with_enter_all_land_in_order_with_their_full_text(self):
        self.api.add("today", ["Already here"])
        self.open_board()
        self.js("window.__notReloaded = true")
        field = self.driver.find_element(By.ID, "new-today")
        field.click()
        titles = ["Buy milk and eggs", "Call Anna about the trip", "Book the dentist", "Renew the passport", "Water the plants"]
        field.send_keys("".join(title + Keys.ENTER for title in titles))
        self.wait(lambda d: self.titles()["today"] == ["Already here", *titles], message="all five saved, in order")
        self.wait(lambda d: self.dom_titles()["today"] == ["Already here", *titles], message="all five shown, in order")
        self.assertEqual(self.js("return document.activeElement.id"), "new-today", "focus stays in the add field")
        self.assertEqual(field.get_attribute("value"), "")
        self.assertTrue(self.js("return window.__notReloaded === true"), "no page load")
        self.assertEqual(self.events("pickup"), [], "spaces typed in the field lift no card")
        self.assertEqual(self.counts()[0][1], "6")
        # A title longer than the limit is not cut as it is typed: it is refused, and comes back
        # into the field whole with the reason beside it.
        field.send_keys("y" * 201)
        self.assertEqual(field.get_attribute("value"), "y" * 201, "the field keeps every character typed")
        field.send_keys(Keys.ENTER)
        self.wait(lambda d: self.js("return !document.getElementById('new-today-error').hidden"))
        self.assertIn("keep it to 200 or fewer", self.js("return document.getElementById('new-today-error').textContent"))
        self.assertEqual(field.get_attribute("value"), "y" * 201)
        self.assertEqual(field.get_attribute("aria-invalid"), "true")
        # A title of spaces alone gets the reason, with no quoted blank before it.
        self.js("document.getElementById('new-today').value = ''")
        field.send_keys("   " + Keys.ENTER)
        self.wait(lambda d: "Give the task a title." in self.status_text())
        self.assertNotIn("“", self.status_text())
        self.assertEqual(self.js("return document.getElementById('new-today-error').textContent"), "Give the task a title.")
        self.expected_console = (r"status of 422",)

    def test_finished_tasks_fold_away_per_column_and_stay_folded_after_a_reload(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"], finished=["Alpha", "Charlie"])
        ids.update(self.api.add("next", ["November"], finished=["November"]))
        self.open_board()
        toggle = "#column-today .finished-toggle"
        self.assertEqual(self.js("return document.querySelector(arguments[0]).innerText.trim()", toggle), "Hide 2 finished")
        self.js("document.querySelector(arguments[0]).click()", toggle)
        self.wait(lambda d: self.js("return document.getElementById('column-today').dataset.hideFinished") == "true")
        self.assertEqual(self.visible_titles("today"), ["Bravo"])
        self.assertEqual(self.visible_titles("next"), ["November"], "only that column folds")
        self.assertEqual(self.js("return document.querySelector(arguments[0]).innerText.trim()", toggle), "Show 2 finished")
        self.wait(lambda d: "pb_hide_finished=today" in (self.driver.get_cookie("pb_hide_finished") or {}).get("name", "") + "=" + (self.driver.get_cookie("pb_hide_finished") or {}).get("value", ""))
        self.driver.refresh()
        self.wait(lambda d: d.execute_script("return document.getElementById('board').classList.contains('drag-ready')"))
        self.assertEqual(self.visible_titles("today"), ["Bravo"])
        # Finishing another task there folds it away too, and the count follows.
        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Bravo']} .task-check")
        self.settled()
        self.wait(lambda d: self.visible_titles("today") == [])
        self.assertEqual(self.js("return document.querySelector(arguments[0]).innerText.trim()", toggle), "Show 3 finished")
        self.assertIn("Finished “Bravo”.", self.status_text())
        self.js("document.querySelector(arguments[0]).click()", toggle)
        self.wait(lambda d: self.visible_titles("today") == ["Alpha", "Bravo", "Charlie"])

    def test_an_empty_board_explains_itself_once_and_got_it_puts_that_away_for_good(self):
        from test_accessibility import audit
        self.open_board()
        self.assertTrue(self.js("return document.querySelector('.welcome') !== null"))
        self.assertEqual(audit(self.driver), [], "with the first-visit explanation")
        self.js("document.querySelector('.welcome button').click()")
        self.wait(lambda d: d.execute_script("return document.querySelector('.welcome') === null"))
        self.assertEqual(self.js("return document.activeElement.id"), "new-today", "focus goes where the first task is typed")
        self.wait(lambda d: d.get_cookie("pb_welcome") is not None)
        self.driver.refresh()
        self.wait(lambda d: d.execute_script("return document.getElementById('board').classList.contains('drag-ready')"))
        self.assertTrue(self.js("return document.querySelector('.welcome') === null"), "gone for good")

    def visible_titles(self, column):
        return self.js("""return [...document.querySelectorAll('#column-' + arguments[0] + ' .task')]
            .filter((c) => c.offsetParent !== null).map((c) => c.querySelector('.task-title').textContent.trim())""", column)

    def click_menu(self, task_id, label):
        """Clicks the card's "⋯" with the mouse, then the choice."""
        self.wait(lambda d: d.execute_script("return document.getAnimations().length === 0"), message="cards came to rest")
        self.mouse("mouseMoved", *self.center(f"#task-{task_id}"), buttons=0)
        more = self.js("const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]",
                       f"#task-{task_id} .task-more")
        self.mouse("mouseMoved", *more, buttons=0)
        self.mouse("mousePressed", *more)
        self.mouse("mouseReleased", *more, buttons=0)
        self.wait(lambda d: not d.execute_script("return document.getElementById('card-menu-open').hidden"), message="the menu opened")
        item = self.js("""const item = [...document.querySelectorAll('#card-menu-open .menu-item')].find((i) => i.textContent.trim() === arguments[0]);
            const r = item.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]""", label)
        self.mouse("mouseMoved", *item, buttons=0)
        self.mouse("mousePressed", *item)
        self.mouse("mouseReleased", *item, buttons=0)
        self.settled()


class TouchMenuTests(DragTestCase):
    width, height, mobile, touch = 390, 844, True, True

    def test_a_tap_on_the_menu_deletes_and_undo_brings_it_back(self):
        ids = self.api.add("today", ["Alpha", "Bravo"])
        self.open_board()
        more = self.js("const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]",
                       f"#task-{ids['Alpha']} .task-more")
        self.finger("touchStart", more[0], more[1])
        self.finger("touchEnd")
        self.wait(lambda d: not d.execute_script("return document.getElementById('card-menu-open').hidden"), message="the menu opened")
        item = self.js("""const r = document.querySelector('#card-menu-open [data-action="delete"]').getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]""")
        self.finger("touchStart", *item)
        self.finger("touchEnd")
        self.settled()
        self.assertEqual(self.titles()["today"], ["Bravo"])
        undo = self.js("const r = document.querySelector('.status-bar .status-undo').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
        self.finger("touchStart", *undo)
        self.finger("touchEnd")
        self.wait(lambda d: self.dom_titles()["today"] == ["Alpha", "Bravo"], message="undo brought Alpha back")
        self.assertEqual(self.events("pickup"), [], "taps lift nothing")


if __name__ == "__main__":
    unittest.main()
