"""The board in Chinese, in a real browser: the language the browser asks for, the switch, the drag
layer's words, times in the browser's own zone, an accessibility audit, and screenshots."""
import json
import os
import re
import unittest

from selenium.webdriver.common.by import By

import demo
from dragkit import DragTestCase
from harness import ROOT, Server, save_screenshot
from test_accessibility import audit


def catalog(tag):
    """The texts the server reads for a language, so the expectations here follow the catalog."""
    with open(os.path.join(ROOT, "Templates", "strings", f"{tag}.json"), encoding="utf-8") as file:
        return json.load(file)


def fill(template, **values):
    return re.sub(r"\{(\w+)\}", lambda match: str(values.get(match.group(1), match.group(0))), template)


class TraditionalChineseTests(DragTestCase):
    """A browser in Taiwan: it asks for zh-TW and keeps Taipei time."""

    languages, time_zone = "zh-TW,zh;q=0.9,en;q=0.5", "Asia/Taipei"
    expected_console = (r"ERR_CONNECTION_REFUSED", r"Failed to fetch")

    def setUp(self):
        super().setUp()
        self.t = catalog("zh-Hant")

    def test_the_page_the_drag_layer_and_its_refusals_speak_traditional_chinese(self):
        ids = self.api.add("today", ["買牛奶", "寫報告", "打電話給安娜"], finished=["打電話給安娜"])
        self.open_board()
        self.assertEqual(self.js("return document.documentElement.lang"), "zh-Hant")
        headings = self.js("return [...document.querySelectorAll('.column h2')].map((h) => h.textContent)")
        self.assertEqual(headings, [self.t["column.today"], self.t["column.next"], self.t["column.later"]])
        self.assertEqual(headings, ["今天", "接下來", "以後"])

        # Carried by keyboard: each step is announced in Chinese.
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['寫報告']}")
        self.key("Space")
        position = fill(self.t["js.position"], column="今天", position=2, count=3)
        self.assertEqual(self.status_text(), fill(self.t["js.pickedUp"], title="寫報告", position=position))
        self.key("ArrowRight")
        self.key("Space")
        self.settled()
        self.assertEqual(self.status_text(), fill(self.t["js.moved"], title="寫報告", column="接下來", position=1, count=1))
        self.assertEqual(self.titles()["next"], ["寫報告"])

        # A finished task can't be carried: the reason is given in Chinese.
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['打電話給安娜']}")
        self.key("Space")
        self.assertEqual(self.status_text(), fill(self.t["js.refused"], title="打電話給安娜"))

        # The server is gone: the drop is rolled back, and the page says why, in Chinese.
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['買牛奶']}")
        self.key("Space")
        self.key("ArrowRight")
        database = self.server.database
        self.server.stop()
        self.key("Space")
        self.settled()
        self.assertIn(fill(self.t["js.notMoved"], reason=self.t["js.network"]), self.status_text())
        self.assertEqual(self.dom_titles()["today"], ["買牛奶", "打電話給安娜"])
        restarted = Server(database=database).start()
        self.addCleanup(restarted.cleanup)
        self.server = restarted

    def test_times_are_in_the_browsers_zone_once_it_has_said_which(self):
        ids = self.api.add("today", ["換燈泡"])
        self.open_board()
        cookie = self.js("return document.cookie")
        self.assertIn("pb_tz=Asia%2FTaipei", cookie, "the page tells the server the browser's zone")
        self.driver.get(f"{self.server.url}/tasks/{ids['換燈泡']}")
        time = self.driver.find_element(By.CSS_SELECTOR, ".meta time")
        shown = time.text
        self.assertNotIn("UTC", shown)
        self.assertIn("年", shown, "written the Chinese way")
        expected = self.js("""return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Taipei', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
            .format(new Date(arguments[0]))""", time.get_attribute("datetime"))
        hour, minute = (int(part) for part in re.search(r"(\d{1,2}):(\d{2})", shown).groups())
        self.assertEqual(f"{hour:02d}:{minute:02d}", expected)

    def test_the_board_and_a_task_page_pass_axe_in_chinese(self):
        ids = demo.seed(self.server, demo.DEMO_HANT, demo.FINISHED_HANT)
        self.open_board()
        self.assertEqual(audit(self.driver), [])
        self.driver.get(f"{self.server.url}/tasks/{ids['起草季度報告']}")
        self.assertEqual(audit(self.driver), [])

    def test_screenshot_of_the_board_in_traditional_chinese(self):
        demo.seed(self.server, demo.DEMO_HANT, demo.FINISHED_HANT)
        self.open_board()
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), self.width, "nothing is pushed off the side")
        save_screenshot(self.driver, "board-zh-Hant.png")


class SimplifiedChineseTests(DragTestCase):
    """A browser that asks for English; the person picks 简体中文 with the switch."""

    time_zone = "Asia/Shanghai"

    def setUp(self):
        super().setUp()
        self.t = catalog("zh-Hans")

    def choose(self, tag):
        self.driver.find_element(By.CSS_SELECTOR, ".language-menu summary").click()
        self.driver.find_element(By.CSS_SELECTOR, f'.language-options button[value="{tag}"]').click()
        self.wait(lambda d: d.execute_script("return document.documentElement.lang") == tag and document_ready(d))

    def test_the_switch_is_remembered_on_every_page(self):
        ids = demo.seed(self.server, demo.DEMO_HANS, demo.FINISHED_HANS)
        self.driver.get(f"{self.server.url}/tasks/{ids['更新护照']}")
        self.assertEqual(self.js("return document.documentElement.lang"), "en")
        # The menu closes as menus do: Escape (focus back on its button), or a click elsewhere.
        summary = self.driver.find_element(By.CSS_SELECTOR, ".language-menu summary")
        summary.click()
        self.assertTrue(self.js("return document.querySelector('.language-menu').open"))
        self.key("Escape")
        self.assertFalse(self.js("return document.querySelector('.language-menu').open"))
        self.assertTrue(self.js("return document.activeElement === document.querySelector('.language-menu summary')"))
        summary.click()
        self.driver.find_element(By.CSS_SELECTOR, "h1").click()
        self.assertFalse(self.js("return document.querySelector('.language-menu').open"))
        self.choose("zh-Hans")
        self.assertTrue(self.driver.current_url.endswith(f"/tasks/{ids['更新护照']}"), "the switch comes back to the same page")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, ".header-link").text, self.t["layout.backToBoard"])
        self.open_board()
        self.assertEqual(self.js("return document.documentElement.lang"), "zh-Hans")
        self.assertEqual(self.js("return [...document.querySelectorAll('.column h2')].map((h) => h.textContent)"), ["今天", "接下来", "以后"])
        self.assertEqual(self.js("return document.querySelector('.language-menu summary').textContent.trim()"), "语言：简")

        # Words the drag layer writes after the page was drawn are Chinese too.
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['更新护照']}")
        self.key("Space")
        self.key("ArrowUp")
        self.key("Space")
        self.settled()
        self.assertEqual(self.status_text(), fill(self.t["js.moved"], title="更新护照", column="接下来", position=1, count=3))
        self.assertEqual(self.js("return document.querySelector('.status-bar .status-undo')?.textContent"), self.t["js.undo"])

        # And back to English, for good.
        self.choose("en")
        self.driver.refresh()
        self.assertEqual(self.js("return document.documentElement.lang"), "en")

    def test_screenshots_of_the_board_in_simplified_chinese(self):
        demo.seed(self.server, demo.DEMO_HANS, demo.FINISHED_HANS)
        self.open_board()
        self.choose("zh-Hans")
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), self.width)
        save_screenshot(self.driver, "board-zh-Hans.png")


class ChinesePhoneTests(DragTestCase):
    width, height, mobile, touch = 390, 844, True, True
    languages = "zh-CN"

    def test_the_phone_header_fits_in_chinese(self):
        demo.seed(self.server, demo.DEMO_HANS, demo.FINISHED_HANS)
        self.open_board()
        self.assertEqual(self.js("return document.documentElement.lang"), "zh-Hans")
        overflow = self.js("""const header = document.querySelector('.app-header');
            return [...header.querySelectorAll('a, button, summary')].filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5).map((e) => e.textContent)""")
        self.assertEqual(overflow, [], "every header control is on screen")
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), self.width)
        save_screenshot(self.driver, "board-phone-zh-Hans.png")


def document_ready(driver):
    return driver.execute_script("return document.readyState") == "complete"


if __name__ == "__main__":
    unittest.main()
