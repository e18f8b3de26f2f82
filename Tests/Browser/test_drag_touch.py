"""Touch: a long-press lifts a card, a quick swipe only scrolls, and on a phone a card is carried
from column to column by holding it at the side of the screen."""
import time
import unittest

from dragkit import DragTestCase
from harness import save_screenshot


class TouchDragTests(DragTestCase):
    width, height, touch = 800, 900, True

    def test_a_long_press_lifts_a_card_and_the_finger_moves_it(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        ids.update(self.api.add("next", ["November"]))
        self.open_board()
        # A first tap anywhere gives the page the user activation that vibration needs.
        heading = self.center("#column-next h2")
        self.finger("touchStart", *heading)
        self.finger("touchEnd")
        start = self.center(f"#task-{ids['Alpha']}")
        self.long_press(start)
        self.assertEqual(self.events("pickup")[0]["detail"]["via"], "touch")
        self.assertEqual(self.js("return window.__planboard.vibrations"), [15], "a short buzz on pickup")
        november = self.js(f"const r = document.getElementById('task-{ids['November']}').getBoundingClientRect(); return [r.left + r.width / 2, r.bottom - 4]")
        self.touch_glide(start, november, steps=14)
        time.sleep(0.1)
        self.finger("touchEnd")
        self.settled()
        self.assertEqual(self.titles(), {"today": ["Bravo", "Charlie"], "next": ["November", "Alpha"], "later": []})
        self.assertEqual(self.dom_titles(), {"today": ["Bravo", "Charlie"], "next": ["November", "Alpha"], "later": []})
        self.assertEqual(self.sent(), [f"/tasks/{ids['Alpha']}/move"])

    def test_a_quick_swipe_scrolls_the_column_and_moves_nothing(self):
        ids = self.api.add("today", [f"Task {n}" for n in range(1, 41)])
        self.open_board()
        scroll = "return document.querySelector('#column-today .tasks').scrollTop"
        start = self.center(f"#task-{ids['Task 6']}")
        self.finger("touchStart", *start)
        self.touch_glide(start, (start[0], start[1] - 300), steps=8, pause=0.01)
        self.finger("touchEnd")
        self.wait(lambda d: d.execute_script(scroll) > 100, message="the swipe scrolled the column")
        time.sleep(0.5)  # longer than the long-press: a lift would have happened by now
        self.assertEqual(self.events(), [], "no pickup, no move")
        self.assertEqual(self.js("return document.querySelectorAll('.drag-snapshot, .is-drag-source').length"), 0)
        self.assertEqual(self.sent(), [])
        self.assertEqual(self.titles()["today"], [f"Task {n}" for n in range(1, 41)])


class PhoneDragTests(DragTestCase):
    width, height, mobile, touch = 390, 844, True, True

    def test_on_a_phone_a_card_is_carried_from_today_to_later_by_holding_it_at_the_side(self):
        ids = self.api.add("today", ["Alpha", "Bravo"])
        ids.update(self.api.add("next", ["November"]))
        ids.update(self.api.add("later", ["Lima", "Mike"]))
        self.open_board()
        width = self.js("return window.innerWidth")
        column = self.js("return document.getElementById('column-today').getBoundingClientRect().width")
        self.assertGreater(column, width * 0.85, "one column fills the screen")
        self.assertEqual(self.js("return getComputedStyle(document.getElementById('board')).scrollSnapType"), "x mandatory")
        self.assertEqual(self.js("return document.querySelector('[data-column-tab][aria-current=true]').dataset.columnTab"), "today")

        start = self.center(f"#task-{ids['Bravo']}")
        self.long_press(start)
        edge = (width - 6, start[1] + 40)
        self.touch_glide(start, edge, steps=10)
        visible = "const b = document.getElementById('board'); return Math.round(b.scrollLeft / (document.getElementById('column-next').offsetLeft - document.getElementById('column-today').offsetLeft))"
        self.wait(lambda d: d.execute_script(visible) == 1, message="held at the edge, the board pages to Next")
        self.wait(lambda d: d.execute_script(visible) == 2, message="and on to Later")
        mike = self.js(f"const r = document.getElementById('task-{ids['Mike']}').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
        self.touch_glide(edge, (mike[0], mike[1]), steps=10)
        time.sleep(0.2)
        save_screenshot(self.driver, "board-phone-drag.png")
        self.finger("touchEnd")
        self.settled()
        self.assertEqual(self.titles()["today"], ["Alpha"])
        self.assertIn("Bravo", self.titles()["later"])
        self.assertEqual(self.dom_titles()["later"], self.titles()["later"])
        self.assertEqual(self.js("return document.querySelector('[data-column-tab=later] [data-count]').textContent"), "3")
        self.wait(lambda d: d.execute_script("return document.querySelector('[data-column-tab][aria-current=true]').dataset.columnTab") == "later")
        self.assertEqual(self.sent(), [f"/tasks/{ids['Bravo']}/move"])


if __name__ == "__main__":
    unittest.main()
