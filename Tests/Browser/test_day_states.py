"""Every state the board's days add passes axe-core: cards with a when-date, a deadline today, an
overdue deadline and a repeat; the add field's chip; the ⋯ menu's days; the Pick-a-date dialog; a
task page with its date fields. On a desktop and on a 390 px phone, in English and Chinese, with the
phone's pages fitting the screen. The phone screenshots are the README's (PLANBOARD_REFRESH_DOCS=1)."""
import datetime
import unittest

from selenium.webdriver.common.by import By

from dragkit import DragTestCase
from harness import save_screenshot
from test_accessibility import audit


class DayStates(DragTestCase):
    """Seeds a board that shows every date state a card has."""

    def seed(self):
        today = datetime.date.today()
        ids = self.api.add("today", ["Pay the electricity bill", "Renew the passport", "Water the plants", "Reply to Anna"],
                           finished=["Reply to Anna"])
        ids.update(self.api.add("next", ["Dentist check-up", "Quarterly report"]))
        ids.update(self.api.add("later", ["Plan the summer trip"]))

        def dates(title, **fields):
            self.api.post(f"/tasks/{ids[title]}", {"title": title, **fields})

        dates("Pay the electricity bill", deadline=(today - datetime.timedelta(days=3)).isoformat(), important="true")
        dates("Renew the passport", deadline=today.isoformat())
        dates("Water the plants", repeat="every day")
        dates("Dentist check-up", when=(today + datetime.timedelta(days=5)).isoformat())
        dates("Quarterly report", when=(today + datetime.timedelta(days=9)).isoformat(),
              deadline=(today + datetime.timedelta(days=14)).isoformat())
        return ids

    def card_dates(self, task_id):
        return self.js("return document.querySelector(arguments[0])?.textContent.trim() ?? ''", f"#task-{task_id} .task-dates")

    def page_fits(self):
        """The page never scrolls sideways on its own (the phone's board scrolls inside itself), and
        its heading is inset from the screen's edges rather than touching them."""
        return self.js("""const h1 = document.querySelector('main h1')?.getBoundingClientRect();
            return document.documentElement.scrollWidth <= window.innerWidth
                && (!h1 || (h1.left >= 8 && h1.right <= window.innerWidth - 8))""")


class DayStatesOnADesktopTests(DayStates):
    def test_every_date_state_the_chip_the_menu_and_the_dialog_pass_axe(self):
        ids = self.seed()
        self.open_board()
        self.assertIn("overdue", self.card_dates(ids["Pay the electricity bill"]))
        self.assertIn("today", self.card_dates(ids["Renew the passport"]))
        self.assertIn("↻", self.card_dates(ids["Water the plants"]))
        self.assertTrue(self.card_dates(ids["Dentist check-up"]).startswith("from "))
        self.assertEqual(audit(self.driver), [], "cards with every date state")

        self.driver.find_element(By.ID, "new-today").send_keys("Call the bank tomorrow")
        self.wait(lambda d: d.execute_script("return !document.getElementById('new-today-chip').hidden"), message="the chip")
        self.assertEqual(audit(self.driver), [], "the add field with its chip")
        self.driver.find_element(By.ID, "new-today").clear()

        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Quarterly report']} .task-more")
        self.wait(lambda d: d.execute_script("return !document.getElementById('card-menu-open').hidden"))
        self.assertEqual(audit(self.driver), [], "the ⋯ menu with its days")
        self.js("document.querySelector(\"#card-menu-open .menu-item[data-action='schedule:pick']\").click()")
        self.wait(lambda d: d.execute_script("return document.querySelector('dialog.pick-day-dialog')?.open === true"))
        self.assertEqual(audit(self.driver), [], "the Pick a date dialog")
        self.key("Escape")
        self.wait(lambda d: d.execute_script("return document.querySelector('dialog.pick-day-dialog') === null"))

        self.driver.get(self.server.url + f"/tasks/{ids['Quarterly report']}")
        self.wait(lambda d: d.title.startswith("Quarterly report"))
        fields = {e.get_attribute("name"): e.get_attribute("value") for e in self.driver.find_elements(By.CSS_SELECTOR, "input[type=date]")}
        self.assertEqual(set(fields), {"when", "deadline"})
        self.assertTrue(all(fields.values()), fields)
        self.assertEqual(audit(self.driver), [], "a task page with both dates")
        self.driver.get(self.server.url + f"/tasks/{ids['Water the plants']}")
        self.wait(lambda d: d.title.startswith("Water the plants"))
        self.assertEqual(audit(self.driver), [], "a task page with a repeat")


class DayStatesOnAPhoneTests(DayStates):
    width, height, mobile, touch = 390, 844, True, True

    def test_cards_with_dates_the_logbook_and_settings_fit_a_phone_and_pass_axe(self):
        ids = self.seed()
        self.api.post("/columns/today/clear-finished")
        self.open_board()
        self.assertIn("overdue", self.card_dates(ids["Pay the electricity bill"]))
        self.assertTrue(self.page_fits(), "the board with dates fits the phone")
        self.assertEqual(audit(self.driver), [], "cards with dates on a phone")
        save_screenshot(self.driver, "board-phone-dates.png")
        for path, name, title in (("/logbook", "logbook-phone.png", "Logbook"), ("/settings", "settings-phone.png", "Settings"),
                                  (f"/tasks/{ids['Quarterly report']}", "task-phone-dates.png", "Quarterly report")):
            self.driver.get(self.server.url + path)
            self.wait(lambda d: d.title.startswith(title), message=path)
            self.assertTrue(self.page_fits(), f"{path} fits the phone")
            self.assertEqual(audit(self.driver), [], f"{path} on a phone")
            save_screenshot(self.driver, name)


class DayStatesOnAPhoneInChineseTests(DayStates):
    width, height, mobile, touch = 390, 844, True, True
    languages = "zh-TW"

    def test_cards_with_dates_speak_chinese_fit_a_phone_and_pass_axe(self):
        ids = self.seed()
        self.open_board()
        self.wait(lambda d: d.execute_script("return document.documentElement.lang") == "zh-Hant")
        self.assertIn("已過期", self.card_dates(ids["Pay the electricity bill"]))
        self.assertTrue(self.page_fits(), "the board with dates fits the phone in Chinese")
        self.assertEqual(audit(self.driver), [], "cards with dates on a phone, in Chinese")
        save_screenshot(self.driver, "board-phone-dates-zh-Hant.png")
        self.driver.find_element(By.ID, "new-today").send_keys("報稅 明天")
        self.wait(lambda d: d.execute_script("return !document.getElementById('new-today-chip').hidden"), message="the chip")
        self.assertTrue(self.page_fits(), "the chip fits the phone")
        self.assertEqual(audit(self.driver), [], "the chip on a phone, in Chinese")


if __name__ == "__main__":
    unittest.main()
