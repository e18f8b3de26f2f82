"""Search in the browser: `/` reaches the header's field from anywhere outside a text field,
Enter shows the results page with the words marked, Escape empties the field; the results page
passes axe in English and in Chinese, and works with JavaScript off."""
import unittest
from urllib.parse import quote

from selenium.webdriver.support.ui import WebDriverWait

from dragkit import Client, DragTestCase
from harness import ServerTestCase, chromium, save_screenshot
from test_accessibility import audit


class SearchTests(DragTestCase):
    def seed(self):
        ids = self.api.add("today", ["Call the dentist", "Buy milk"])
        ids.update(self.api.add("later", ["買牛奶和麵包", "Plan the week"]))
        self.api.post(f"/tasks/{ids['Plan the week']}", {"title": "Plan the week", "notes": "Ask the dentist about Friday", "notesFormat": "plain"})
        return ids

    def test_slash_focuses_the_field_enter_searches_and_escape_empties_it(self):
        ids = self.seed()
        self.open_board()
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Buy milk']}")
        self.key("/")
        self.assertEqual(self.js("return document.activeElement.id"), "search-q")
        # The slash itself is not typed into the field.
        self.assertEqual(self.js("return document.activeElement.value"), "")
        field = self.driver.switch_to.active_element
        field.send_keys("dentist")
        self.key("Escape")
        self.assertEqual(self.js("return document.getElementById('search-q').value"), "")
        field.send_keys("dentist\n")
        self.wait(lambda d: "/search" in d.current_url, message="the results page opened")
        results = self.js("return [...document.querySelectorAll('.search-result-title')].map((a) => a.textContent)")
        self.assertEqual(results, ["Call the dentist", "Plan the week"])
        marks = self.js("return [...document.querySelectorAll('.search-result mark')].map((m) => m.textContent)")
        self.assertEqual(marks, ["dentist", "dentist"])
        self.assertEqual(audit(self.driver), [])
        save_screenshot(self.driver, "search-en.png")
        # A result leads to its task.
        self.driver.find_element("link text", "Plan the week").click()
        self.wait(lambda d: f"/tasks/{ids['Plan the week']}" in d.current_url, message="the task opened")

    def test_chinese_results_pass_axe_and_find_the_other_script(self):
        self.expected_console = (r"status of 422",)  # the refused query at the end
        self.seed()
        self.driver.get(self.server.url + "/")
        self.driver.add_cookie({"name": "pb_lang", "value": "zh-Hant", "path": "/"})
        self.driver.get(self.server.url + "/search?q=" + quote("买牛奶"))
        self.assertEqual(self.js("return document.documentElement.lang"), "zh-Hant")
        self.assertEqual(self.js("return [...document.querySelectorAll('.search-result-title')].map((a) => a.textContent)"), ["買牛奶和麵包"])
        self.assertEqual(self.js("return document.querySelector('.search-result mark').textContent"), "買牛奶")
        self.assertEqual(audit(self.driver), [])
        save_screenshot(self.driver, "search-zh-Hant.png")
        # Nothing found, and a refused query, also pass.
        self.driver.get(self.server.url + "/search?q=" + quote("斑馬"))
        self.assertIn("斑馬", self.js("return document.querySelector('.search-empty').textContent"))
        self.assertEqual(audit(self.driver), [])
        self.driver.get(self.server.url + "/search?q=" + quote("a b c d e f g h i"))
        self.assertEqual(self.js("return document.getElementById('search-page-q').getAttribute('aria-invalid')"), "true")
        self.assertEqual(audit(self.driver), [])


class SearchWithoutJavaScriptTests(ServerTestCase):
    def setUp(self):
        super().setUp()
        self.driver = chromium(javascript=False)
        self.addCleanup(self.driver.quit)
        self.api = Client(self.server)

    def wait(self, condition, message=""):
        WebDriverWait(self.driver, 8).until(condition, message)

    def test_the_header_field_submits_and_the_next_page_is_a_link(self):
        self.api.add("next", [f"errand {n}" for n in range(1, 23)])
        self.driver.get(self.server.url + "/")
        field = self.driver.find_element("id", "search-q")
        field.send_keys("errand\n")
        self.wait(lambda d: "/search" in d.current_url, message="the results page opened")
        self.assertEqual(len(self.driver.find_elements("css selector", ".search-result")), 20)
        self.driver.find_element("css selector", ".search-more a").click()
        self.wait(lambda d: "from=20" in d.current_url, message="the next page opened")
        self.assertEqual(len(self.driver.find_elements("css selector", ".search-result")), 2)


if __name__ == "__main__":
    unittest.main()
