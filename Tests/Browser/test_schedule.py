"""Scheduling a card from its ⋯ menu and with the S shortcut: Tomorrow, This weekend, Next week
and Pick a date set its when-date on the board's days, and the card shows it without a reload."""
import datetime
import unittest

from dragkit import DragTestCase


class ScheduleTests(DragTestCase):
    def task(self, task_id):
        return next(task for tasks in self.board_json()["columns"].values() for task in tasks if task["id"] == task_id)

    def card_dates(self, task_id):
        return self.js("return document.querySelector(arguments[0])?.textContent ?? ''", f"#task-{task_id} .task-dates")

    def choose_from_menu(self, task_id, action):
        self.js("document.querySelector(arguments[0]).click()", f"#task-{task_id} .task-more")
        self.wait(lambda d: d.execute_script("return !document.getElementById('card-menu-open').hidden"))
        self.js("document.querySelector(arguments[0]).click()", f"#card-menu-open .menu-item[data-action='{action}']")

    def test_this_weekend_from_the_menu_sets_the_coming_saturday_and_the_card_shows_it(self):
        ids = self.api.add("next", ["Alpha", "Bravo"])
        self.open_board()
        offers = self.menu_offers(ids["Alpha"])
        for label in ("Tomorrow", "This weekend", "Next week", "Pick a date…"):
            self.assertIn(label, offers)
        self.choose_from_menu(ids["Alpha"], "schedule:weekend")
        self.wait(lambda d: self.card_dates(ids["Alpha"]) != "", message="the card shows its day")
        self.settled()
        when = datetime.date.fromisoformat(self.task(ids["Alpha"])["when"])
        self.assertEqual(when.weekday(), 5, "this weekend is a Saturday")
        self.assertEqual(self.sent(), [f"/tasks/{ids['Alpha']}/schedule"])
        self.assertTrue(self.card_dates(ids["Alpha"]).startswith("from "), self.card_dates(ids["Alpha"]))
        self.assertTrue(self.status_text().startswith("“Alpha”: scheduled for "), self.status_text())
        self.assertEqual(self.driver.current_url, self.server.url + "/", "no page load")
        # Undo takes the day away again.
        self.js("document.querySelector('.status-bar .status-undo').click()")
        self.wait(lambda d: self.card_dates(ids["Alpha"]) == "", message="undo clears the day")
        self.assertIsNone(self.task(ids["Alpha"]).get("when"))

    def test_s_opens_the_menu_at_its_days_and_enter_schedules_tomorrow(self):
        ids = self.api.add("later", ["Alpha"])
        self.open_board()
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Alpha']}")
        self.key("s")
        self.wait(lambda d: d.execute_script("return !document.getElementById('card-menu-open').hidden"))
        self.assertEqual(self.js("return document.activeElement.dataset.action"), "schedule:tomorrow")
        self.key("Enter")
        self.wait(lambda d: self.card_dates(ids["Alpha"]) == "from tomorrow", message="the card says tomorrow")
        self.settled()
        self.assertEqual(self.js("return document.activeElement.id"), f"task-{ids['Alpha']}", "focus stays on the card")
        self.assertIsNotNone(self.task(ids["Alpha"])["when"])

    def test_pick_a_date_asks_in_a_dialog_and_sets_that_day(self):
        ids = self.api.add("today", ["Alpha"])
        self.open_board()
        self.choose_from_menu(ids["Alpha"], "schedule:pick")
        self.wait(lambda d: d.execute_script("return document.querySelector('dialog.pick-day-dialog')?.open === true"))
        self.assertEqual(self.js("return document.activeElement.type"), "date")
        self.js("document.querySelector('dialog.pick-day-dialog input').value = '2030-05-17'")
        self.js("document.querySelector('dialog.pick-day-dialog .button-primary').click()")
        self.wait(lambda d: self.card_dates(ids["Alpha"]) == "from 17 May 2030", message="the picked day is on the card")
        self.settled()
        self.assertEqual(self.task(ids["Alpha"])["when"], "2030-05-17")
        self.assertIsNone(self.js("return document.querySelector('dialog.pick-day-dialog')"), "the dialog is gone")

    def test_cancelling_the_dialog_changes_nothing(self):
        ids = self.api.add("today", ["Alpha"])
        self.open_board()
        self.choose_from_menu(ids["Alpha"], "schedule:pick")
        self.wait(lambda d: d.execute_script("return document.querySelector('dialog.pick-day-dialog')?.open === true"))
        self.key("Escape")
        self.wait(lambda d: d.execute_script("return document.querySelector('dialog.pick-day-dialog') === null"))
        self.assertEqual(self.sent(), [])
        self.assertIsNone(self.task(ids["Alpha"]).get("when"))


if __name__ == "__main__":
    unittest.main()
