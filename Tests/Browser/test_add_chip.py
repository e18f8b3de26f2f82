"""The add field's chip: how a typed title will be read (a day, a repeat, quotes) shows under the
field before Enter, in the page's language, and goes once the task is added."""
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from dragkit import DragTestCase


class AddChipTests(DragTestCase):
    def chip(self):
        return self.js("const c = document.getElementById('new-today-chip'); return c && !c.hidden ? c.textContent : null")

    def type_title(self, text):
        field = self.driver.find_element(By.ID, "new-today")
        field.clear()
        field.send_keys(text)
        return field

    def test_the_chip_says_how_the_title_is_read_before_enter_and_goes_after(self):
        self.open_board()
        self.assertIsNone(self.chip(), "no chip before anything is typed")
        self.type_title("Call the bank tomorrow")
        self.wait(lambda d: (self.chip() or "").startswith("“Call the bank” for tomorrow, "), message="the chip reads tomorrow")
        self.assertIn("new-today-chip", self.js("return document.getElementById('new-today').getAttribute('aria-describedby')"))
        self.type_title("Water the plants every Monday")
        self.wait(lambda d: (self.chip() or "").startswith("“Water the plants”, every Monday, first on "), message="the chip reads the repeat")
        self.type_title("“Meet on Friday”")
        self.wait(lambda d: self.chip() == "“Meet on Friday”, kept as typed", message="quotes keep the words")
        self.type_title("Just a title")
        self.wait(lambda d: self.chip() is None, message="nothing read, no chip")
        field = self.type_title("Pay rent tomorrow")
        self.wait(lambda d: self.chip() is not None)
        field.send_keys(Keys.ENTER)
        self.wait(lambda d: "Pay rent" in self.dom_titles()["today"], message="the task is added")
        self.settled()
        self.assertIsNone(self.chip(), "the chip goes with the added title")
        task = next(t for t in self.board_json()["columns"]["today"] if t["title"] == "Pay rent")
        self.assertIsNotNone(task.get("when"), "the added task has the day the chip said")


class AddChipInChineseTests(DragTestCase):
    languages = "zh-TW"

    def test_the_chip_speaks_the_pages_language(self):
        self.open_board()
        field = self.driver.find_element(By.ID, "new-today")
        field.send_keys("報稅 明天")
        self.wait(lambda d: (d.execute_script("return document.getElementById('new-today-chip').textContent") or "").startswith("「報稅」：明天，"))


if __name__ == "__main__":
    unittest.main()
