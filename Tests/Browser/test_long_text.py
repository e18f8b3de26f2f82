"""Long text never breaks the layout: a title of 200 characters with no place to break, and one that is
a long address, wrap on every page that shows them (the board, the task's page, its actions page,
search, the logbook) and in the status message, on a desktop and on a phone; the page never gets
wider than the screen."""
import unittest
import urllib.parse

from dragkit import DragTestCase

UNBROKEN = "Ｒ" + "r" * 199
ADDRESS = "https://example.com/" + "/".join(f"segment{n:03d}" for n in range(16))[:178]

# How far the page reaches past the screen, and which elements stick out (for the failure message).
WIDTH = """
const over = document.documentElement.scrollWidth - innerWidth;
const culprits = over <= 0 ? [] : [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.visually-hidden, .board, .column-tabs'))
  .slice(0, 5).map((e) => e.tagName + '.' + e.className);
return [over, culprits];
"""


class LongTextOnADesktop(DragTestCase):
    def check_width(self, where):
        over, culprits = self.js(WIDTH)
        self.assertLessEqual(over, 0, f"{where}: the page is {over} px wider than the screen ({culprits})")

    def test_long_titles_wrap_on_every_page_and_in_messages(self):
        self.assertEqual(len(UNBROKEN), 200)
        self.assertLessEqual(len(ADDRESS), 200)
        ids = self.api.add("today", [UNBROKEN, ADDRESS])
        self.api.add("next", ["Short"])
        self.open_board()
        self.check_width("the board")
        for title in (UNBROKEN, ADDRESS):
            card = self.js("const r = document.getElementById(arguments[0]).getBoundingClientRect(); const c = document.getElementById('column-today').getBoundingClientRect(); return [r.right, c.right]", f"task-{ids[title]}")
            self.assertLessEqual(card[0], card[1], "the card stays inside its column")
        # The message naming the title wraps too.
        self.driver.find_element("id", "new-next").send_keys(UNBROKEN + "\n")
        self.wait(lambda d: "Added" in self.status_text())
        self.check_width("the board with a message naming the long title")
        bar = self.js("const r = document.querySelector('.status-bar').getBoundingClientRect(); return [r.left, r.right]")
        self.assertGreaterEqual(bar[0], 0)
        self.assertLessEqual(bar[1], self.width)
        pages = {
            "the task's page": f"/tasks/{ids[UNBROKEN]}",
            "the other task's page": f"/tasks/{ids[ADDRESS]}",
            "its actions page": f"/tasks/{ids[ADDRESS]}/actions",
            "search": "/search?q=" + urllib.parse.quote(UNBROKEN[:40]),
        }
        for where, path in pages.items():
            self.driver.get(self.server.url + path)
            self.check_width(where)
        # The edit form holds the address in its title field; the field scrolls, the page does not.
        self.driver.get(self.server.url + f"/tasks/{ids[ADDRESS]}")
        self.js("document.querySelector('.edit-panel summary').click()")
        self.wait(lambda d: self.js("return document.querySelector('.edit-panel').open"))
        self.check_width("the task's page with its form open")
        self.api.post(f"/tasks/{ids[UNBROKEN]}/finish", {"finished": "true"})
        self.api.post("/columns/today/clear-finished")  # to the logbook now, not when the day turns
        self.driver.get(self.server.url + "/logbook")
        self.assertIn(UNBROKEN, self.driver.page_source)
        self.check_width("the logbook")


class LongTextOnAPhone(LongTextOnADesktop):
    width, height, mobile, touch = 390, 844, True, True


if __name__ == "__main__":
    unittest.main()
