"""The board on a 390 × 844 phone: tabs that land exactly on their column, a status bar that never
covers the add form, edge paging of one column per hold, and tap targets of at least 44 px."""
import time
import unittest

from dragkit import DragTestCase, check_a_message_keeps_the_columns_and_the_added_card

# Every control a person can tap on the phone board, and the box that takes the tap (a checkbox's
# label, since tapping the label ticks it).
TARGETS = """
return [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
  .filter((e) => {
    const r = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && !e.closest('.visually-hidden, [hidden]')
      && !e.classList.contains('skip-link') && r.right > 0 && r.left < innerWidth;
  })
  .map((e) => {
    const target = e.type === 'checkbox' ? (e.closest('label') ?? e) : e;
    const r = target.getBoundingClientRect();
    return [e.className || e.tagName, e.getAttribute('aria-label') || e.textContent.trim().slice(0, 24), Math.round(r.width), Math.round(r.height)];
  });
"""


class PhoneTests(DragTestCase):
    width, height, mobile, touch = 390, 844, True, True

    def column_box(self, column):
        return self.js("const r = document.getElementById('column-' + arguments[0]).getBoundingClientRect(); return [r.left, r.right]", column)

    def test_each_column_tab_lands_exactly_on_its_column(self):
        self.api.add("today", ["Alpha"])
        self.api.add("next", ["November"])
        self.api.add("later", ["Lima"])
        self.open_board()
        for column in ("next", "later", "today", "later", "next"):
            self.js("document.querySelector(arguments[0]).click()", f'[data-column-tab="{column}"]')
            self.wait(lambda d: abs(self.column_box(column)[0] - 12) < 1, message=f"{column} lands 12 px from the left")
            time.sleep(0.3)
            left, right = self.column_box(column)
            self.assertAlmostEqual(left, 12, delta=1, msg=column)
            self.assertAlmostEqual(right, 390 - 12, delta=1, msg=column)
            others = [c for c in ("today", "next", "later") if c != column]
            for other in others:
                other_left, other_right = self.column_box(other)
                self.assertTrue(other_right <= 1 or other_left >= 389, f"no sliver of {other} shows beside {column}: {other_left}–{other_right}")
            self.assertEqual(self.js("return document.querySelector('[data-column-tab][aria-current=true]').dataset.columnTab"), column)

    def test_a_message_never_covers_the_add_field_or_the_important_box(self):
        ids = self.api.add("today", [f"Task {n}" for n in range(1, 25)])
        self.open_board()
        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Task 3']} .task-check")
        self.wait(lambda d: "Finished" in self.status_text())
        time.sleep(0.2)
        boxes = self.js("""const box = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
            return [box('.status-bar'), box('#new-today'), box('#column-today .add-task .check')]""")
        bar, field, important = boxes
        for name, other in (("the add field", field), ("the Important box", important)):
            overlap = not (bar[2] <= other[0] or other[2] <= bar[0] or bar[3] <= other[1] or other[3] <= bar[1])
            self.assertFalse(overlap, f"the message covers {name}: {bar} over {other}")
        self.assertLessEqual(important[3], 844, "the add form is on screen")

    def test_a_message_keeps_the_columns_their_size_and_the_added_card_in_view(self):
        check_a_message_keeps_the_columns_and_the_added_card(self)

    def test_both_undo_buttons_show_their_whole_word_in_every_language(self):
        ids = self.api.add("today", ["Alpha", "Bravo"])
        clipped = """return [...document.querySelectorAll(arguments[0])].filter((b) => b.offsetParent !== null).map((b) => {
            const r = b.getBoundingClientRect();
            return [b.textContent.trim(), b.scrollWidth > b.clientWidth + 1 || r.left < 0 || r.right > innerWidth + 0.5];
          });"""
        for language in ("en", "zh-Hant", "zh-Hans"):
            self.driver.get(self.server.url + "/")
            self.driver.add_cookie({"name": "pb_lang", "value": language, "path": "/"})
            self.open_board()
            self.assertEqual(self.js("return document.documentElement.lang"), language)
            header = self.js(clipped, ".app-header .undo-button")
            self.assertEqual(len(header), 1, f"{language}: the header's Undo shows")
            self.assertFalse(header[0][1], f"{language}: the header's Undo “{header[0][0]}” is whole and on screen")
            task = "Alpha" if language == "en" else "Bravo"
            self.js("document.querySelector(arguments[0]).click()", f"#task-{ids[task]} .task-check")
            self.wait(lambda d: self.js("return !document.querySelector('.status-undo').hidden"), message=f"{language}: the message offers Undo")
            message = self.js(clipped, ".status-bar .status-undo")
            self.assertEqual(len(message), 1)
            self.assertFalse(message[0][1], f"{language}: the message's Undo “{message[0][0]}” is whole and on screen")

    def test_every_control_is_at_least_44_px_to_tap(self):
        ids = self.api.add("today", ["Alpha", "Bravo"], finished=["Bravo"])
        self.api.post(f"/tasks/{ids['Alpha']}", {"important": "true", "notes": "Some notes"})
        self.open_board()
        small = [t for t in self.js(TARGETS) if t[2] < 44 or t[3] < 44]
        self.assertEqual(small, [], "controls smaller than 44 × 44 px")
        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Alpha']} .task-more")
        self.wait(lambda d: not d.execute_script("return document.getElementById('card-menu-open').hidden"))
        small = [t for t in self.js(TARGETS) if t[2] < 44 or t[3] < 44]
        self.assertEqual(small, [], "with the card menu open")
        self.key("Escape")
        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Alpha']} .task-check")
        self.wait(lambda d: "Finished" in self.status_text())
        small = [t for t in self.js(TARGETS) if t[2] < 44 or t[3] < 44]
        self.assertEqual(small, [], "with a message and its Undo showing")

    def test_holding_a_card_at_the_side_edge_pages_one_column_per_hold(self):
        ids = self.api.add("today", ["Alpha", "Bravo"])
        self.api.add("next", ["November"])
        self.api.add("later", ["Lima"])
        self.open_board()
        start = self.center(f"#task-{ids['Alpha']}")
        self.finger("touchStart", *start)
        time.sleep(0.45)
        self.wait(lambda d: self.events("pickup"))
        self.touch_glide(start, (386, start[1] + 40), steps=8)
        time.sleep(1.2)
        self.assertEqual(self.js("return document.querySelector('[data-column-tab][aria-current=true]').dataset.columnTab"), "next",
                         "a hold of 1.2 s pages one column, not two")
        # Lift the finger off the edge and come back: the next page.
        self.touch_glide((386, start[1] + 40), (200, start[1] + 40), steps=4)
        time.sleep(0.3)
        self.touch_glide((200, start[1] + 40), (386, start[1] + 40), steps=4)
        time.sleep(1.0)
        self.assertEqual(self.js("return document.querySelector('[data-column-tab][aria-current=true]').dataset.columnTab"), "later")
        self.touch_glide((386, start[1] + 40), (200, start[1] + 60), steps=4)
        time.sleep(0.3)
        self.finger("touchEnd")
        self.settled()
        self.assertEqual(self.titles()["later"], ["Lima", "Alpha"])


if __name__ == "__main__":
    unittest.main()
