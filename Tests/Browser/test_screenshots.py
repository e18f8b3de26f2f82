"""Screenshots for the README, taken from the real server, with checks on the layout they show.
They are written to a temporary folder; PLANBOARD_REFRESH_DOCS=1 writes them to docs/ instead."""
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import demo
from dragkit import DragTestCase
from harness import ServerTestCase, chromium, console_errors, save_screenshot


class ScreenshotTests(ServerTestCase):
    def setUp(self):
        super().setUp()
        demo.seed(self.server)

    def test_desktop_board_shows_three_columns_side_by_side(self):
        driver = chromium(width=1280, height=760)
        self.addCleanup(driver.quit)
        driver.get(self.server.url + "/")
        columns = driver.find_elements(By.CSS_SELECTOR, "section.column")
        self.assertEqual([c.get_attribute("data-column") for c in columns], ["today", "next", "later"])
        tops = {c.rect["y"] for c in columns}
        self.assertEqual(len(tops), 1, "columns sit side by side")
        self.assertLessEqual(driver.execute_script("return document.documentElement.scrollWidth"), 1280)
        # As a mouse user sees it: the pointer over one card, whose "⋯" shows; the others stay calm.
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.getElementById('board').classList.contains('drag-ready')"))
        point = driver.execute_script("const r = document.querySelectorAll('#column-next .task')[1].getBoundingClientRect(); return [r.left + r.width * 0.7, r.top + r.height / 2]")
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": point[0], "y": point[1], "button": "none", "buttons": 0})
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.documentElement.classList.contains('uses-mouse')"))
        save_screenshot(driver, "board.png")
        self.assertEqual(console_errors(driver), [])

    def test_phone_board_shows_one_column_at_a_time(self):
        driver = chromium(width=390, height=844, mobile=True)
        self.addCleanup(driver.quit)
        driver.get(self.server.url + "/")
        width = driver.execute_script("return window.innerWidth")
        column = driver.find_element(By.CSS_SELECTOR, 'section[data-column="today"]')
        self.assertGreater(column.rect["width"], width * 0.85, "a column fills the screen")
        self.assertLessEqual(column.rect["x"] + column.rect["width"], width, "and fits in it")
        page_width = driver.execute_script("return document.documentElement.scrollWidth")
        self.assertLessEqual(page_width, width, "the page itself never scrolls sideways; the board does")
        save_screenshot(driver, "board-phone.png")
        self.assertEqual(console_errors(driver), [])


class BothSchemesScreenshotTests(ServerTestCase):
    """Every page in the light and the dark scheme, for the README's gallery: the page's background
    follows the scheme, and nothing logs an error."""

    def test_every_page_in_both_schemes(self):
        ids = demo.seed(self.server)
        first = next(iter(ids.values()))
        pages = {"board": "/", "task": f"/tasks/{first}", "actions": f"/tasks/{first}/actions", "select": "/select",
                 "search": "/search?q=the", "logbook": "/logbook", "settings": "/settings", "import": "/import"}
        for dark in (False, True):
            driver = chromium(width=1280, height=760, dark=dark)
            self.addCleanup(driver.quit)
            for name, path in pages.items():
                driver.get(self.server.url + path)
                background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
                self.assertEqual(background, "rgb(20, 23, 28)" if dark else "rgb(244, 245, 247)", f"{name}, dark={dark}")
                save_screenshot(driver, f"scheme-{name}-{'dark' if dark else 'light'}.png")
            self.assertEqual(console_errors(driver), [])


class DragScreenshotTests(DragTestCase):
    """The board mid-drag, light and dark, for the README."""

    def test_mid_drag_shows_the_lifted_card_and_the_gap_where_it_will_land(self):
        ids = demo.seed(self.server)
        for dark, name in ((False, "board-drag.png"), (True, "board-drag-dark.png")):
            if dark:
                self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            self.open_board()
            start = self.center(f"#task-{ids['Renew passport']}")
            # Held a little right of and above the gap, so both the lifted card and the gap show.
            review = self.js(f"const r = document.getElementById('task-{ids['Reply to Anna about the offsite dates']}').getBoundingClientRect(); return [r.left + r.width * 0.75, r.bottom - 12]")
            self.mouse_drag(start, review, steps=16, release=False)
            self.wait(lambda d: self.events("move") and self.events("move")[-1]["detail"]["to"]["column"] == "today")
            time.sleep(0.35)  # the cards finish making room
            placeholder = self.js("return document.querySelector('#column-today .drop-placeholder') !== null")
            self.assertTrue(placeholder)
            save_screenshot(self.driver, name)
            self.key("Escape")
            self.mouse("mouseReleased", *review, buttons=0)
            self.wait(lambda d: d.execute_script("return document.querySelector('.drag-snapshot') === null"))
        self.assertEqual(self.sent(), [])


if __name__ == "__main__":
    unittest.main()
