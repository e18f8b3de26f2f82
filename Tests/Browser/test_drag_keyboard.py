"""Moving cards with the keyboard alone, every step announced in the live region."""
import unittest

from dragkit import DragTestCase


class KeyboardDragTests(DragTestCase):
    def focus(self, task_id):
        self.js("document.getElementById(arguments[0]).focus()", f"task-{task_id}")

    def focused(self):
        return self.js("return document.activeElement.id")

    def test_keyboard_lifts_moves_within_and_across_columns_and_drops_with_each_step_announced(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        ids.update(self.api.add("next", ["November"]))
        self.open_board()
        live = self.js("const p = document.getElementById('board-status'); return [p.getAttribute('role'), p.getAttribute('aria-live')]")
        self.assertEqual(live, ["status", "polite"])
        self.focus(ids["Bravo"])

        self.key("Space")
        self.assertEqual(self.status_text(), "Picked up “Bravo”. Position 2 of 3 in Today. Arrow keys move it, Space or Enter drops it, Escape cancels.")
        self.assertIsNone(self.js("return document.querySelector('.status-undo').offsetParent"), "no Undo offered before a move")
        self.key("ArrowUp")
        self.assertEqual(self.status_text(), "“Bravo”: Position 1 of 3 in Today.")
        self.assertEqual(self.dom_titles()["today"], ["Bravo", "Alpha", "Charlie"])
        self.assertEqual(self.focused(), f"task-{ids['Bravo']}", "focus stays on the card")
        self.key("ArrowUp")
        self.assertEqual(self.status_text(), "Already first in Today.")
        self.key("ArrowRight")
        self.assertEqual(self.status_text(), "“Bravo”: Position 1 of 2 in Next.")
        self.key("ArrowDown")
        self.assertEqual(self.status_text(), "“Bravo”: Position 2 of 2 in Next.")
        self.assertEqual(self.focused(), f"task-{ids['Bravo']}", "focus follows the card across columns")
        self.assertEqual(self.sent(), [], "nothing is sent before the drop")

        self.key("Enter")
        self.settled()
        self.assertEqual(self.titles(), {"today": ["Alpha", "Charlie"], "next": ["November", "Bravo"], "later": []})
        self.assertEqual(self.sent(), [f"/tasks/{ids['Bravo']}/move"])
        self.assertEqual(self.status_text(), "Moved “Bravo” to Next, position 2 of 2.")
        self.assertIsNotNone(self.js("return document.querySelector('.status-undo').offsetParent"), "Undo is offered after it")
        self.assertEqual(self.focused(), f"task-{ids['Bravo']}")
        kinds = [event["type"] for event in self.events()]
        self.assertEqual(kinds, ["pickup", "move", "move", "move", "drop"])
        self.assertEqual(self.events("drop")[0]["detail"]["via"], "keyboard")

    def test_escape_cancels_a_keyboard_move_and_sends_nothing(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        self.open_board()
        self.focus(ids["Charlie"])
        self.key("Enter")
        self.key("ArrowUp")
        self.key("ArrowUp")
        self.key("ArrowLeft")
        self.assertEqual(self.status_text(), "Already in the first column.")
        self.assertEqual(self.dom_titles()["today"], ["Charlie", "Alpha", "Bravo"])
        self.key("Escape")
        self.assertEqual(self.dom_titles()["today"], ["Alpha", "Bravo", "Charlie"])
        self.assertEqual(self.status_text(), "Cancelled. “Charlie” is back: Position 3 of 3 in Today.")
        self.assertEqual(self.events("cancel")[0]["detail"]["reason"], "escape")
        self.assertEqual(self.focused(), f"task-{ids['Charlie']}")
        self.assertEqual(self.sent(), [])
        self.assertEqual(self.titles()["today"], ["Alpha", "Bravo", "Charlie"])

    def test_a_finished_task_refuses_a_keyboard_lift(self):
        ids = self.api.add("later", ["Done", "Open"], finished=["Done"])
        self.open_board()
        self.focus(ids["Done"])
        self.key("Space")
        self.assertEqual(self.status_text(), "“Done” is finished, so it can't be moved. Mark it as not finished first.")
        self.assertEqual(self.events("refused")[0]["detail"]["via"], "keyboard")
        self.key("ArrowDown")
        self.assertEqual(self.dom_titles()["later"], ["Done", "Open"], "arrows do nothing: nothing was lifted")
        self.assertEqual(self.sent(), [])

    def test_the_card_menu_moves_from_the_order_shown_after_a_drag(self):
        # The menu's choices are relative: they must move the card from where it is now, not from
        # where the page was drawn.
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        self.open_board()
        self.focus(ids["Charlie"])
        for key in ("Space", "ArrowUp", "ArrowUp", "Space"):
            self.key(key)
        self.settled()
        self.assertEqual(self.titles()["today"], ["Charlie", "Alpha", "Bravo"])
        self.choose(ids["Bravo"], "up")
        self.assertEqual(self.titles()["today"], ["Charlie", "Bravo", "Alpha"])
        self.assertEqual(self.dom_titles()["today"], ["Charlie", "Bravo", "Alpha"])
        self.choose(ids["Alpha"], "top")
        self.assertEqual(self.titles()["today"], ["Alpha", "Charlie", "Bravo"])
        self.choose(ids["Alpha"], "bottom")
        self.assertEqual(self.titles()["today"], ["Charlie", "Bravo", "Alpha"])
        self.choose(ids["Charlie"], "next")
        self.assertEqual(self.titles(), {"today": ["Bravo", "Alpha"], "next": ["Charlie"], "later": []})
        self.assertEqual(self.dom_titles(), {"today": ["Bravo", "Alpha"], "next": ["Charlie"], "later": []})
        self.assertEqual(self.driver.current_url, self.server.url + "/", "no page load: the script sent the moves")

    def choose(self, task_id, action):
        """Opens the card's menu with the keyboard (M) and picks `action` with the arrow keys and Enter."""
        self.focus(task_id)
        self.key("m", code="KeyM")
        self.wait(lambda d: d.execute_script("return !document.getElementById('card-menu-open').hidden"))
        for _ in range(10):
            if self.js("return document.activeElement.dataset.action") == action:
                break
            self.key("ArrowDown")
        self.assertEqual(self.js("return document.activeElement.dataset.action"), action)
        self.key("Enter")
        self.settled()

if __name__ == "__main__":
    unittest.main()
