"""One way from the server to the page: the answer to this page's own move, another tab's change, an
undo and a stale move are all shown by the same path (announced by `planboard:sync` from the
board), keep the cards they did not change, and never load the page again; the window is listened
to only while a card is pressed or carried; a tunable can be changed for one page by a `data-`
attribute on the board."""
import time
import unittest

from dragkit import DragTestCase

# Records every `planboard:sync` (the one path's announcement) before the page's own scripts run.
SYNC_RECORDER = """
window.__syncs = [];
document.addEventListener('planboard:sync', (event) => window.__syncs.push(JSON.parse(JSON.stringify(event.detail))));
"""
# Marks every card element now on the page, so a test can tell which ones were kept afterwards.
MARK_CARDS = "for (const card of document.querySelectorAll('#board .task')) card.__kept = true;"
KEPT_CARDS = "return [...document.querySelectorAll('#board .task')].filter((card) => card.__kept).map((card) => card.dataset.taskId)"


class PageSyncTests(DragTestCase):
    def setUp(self):
        super().setUp()
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SYNC_RECORDER})

    def open_live_board(self):
        self.open_board()
        self.wait(lambda d: d.execute_script("return document.getElementById('board').dataset.live") == "connected",
                  message="the live stream is open")

    def syncs(self):
        return self.js("return window.__syncs")

    def kept(self):
        return sorted(int(task_id) for task_id in self.js(KEPT_CARDS))

    def board_loads(self):
        """The GETs of the board ('/' with any query) since the last look, with what each accepted."""
        return [(path, accept) for path, accept in self.fetched() if path == "/" or path.startswith("/?")]

    def test_a_move_and_another_tabs_change_take_the_same_path_and_keep_the_cards_they_did_not_change(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        ids.update(self.api.add("next", ["November"]))
        self.open_live_board()
        self.js(MARK_CARDS)

        self.keyboard_move(ids["Charlie"], ["ArrowUp"])
        self.assertEqual(self.titles()["today"], ["Alpha", "Charlie", "Bravo"])
        move = self.syncs()[-1]
        self.assertEqual((move["cause"], move["tasks"], move["whole"]), ("move", [str(ids["Charlie"])], False))
        self.assertEqual(move["revision"], self.board_json()["revision"])

        status, _ = self.api.post(f"/tasks/{ids['Bravo']}", {"title": "Bravo, renamed"})
        self.assertEqual(status, 200)
        self.wait(lambda d: self.dom_titles()["today"] == ["Alpha", "Charlie", "Bravo, renamed"], message="the edit shows")
        live = [sync for sync in self.syncs() if sync["cause"] == "live"]
        self.assertTrue(live and str(ids["Bravo"]) in live[-1]["tasks"] and not live[-1]["whole"], self.syncs())

        self.assertEqual(self.kept(), sorted([ids["Alpha"], ids["Charlie"], ids["November"]]),
                         "only the card drawn anew (Bravo's new title) was replaced")
        self.assertEqual(self.js("return document.getElementById('board').dataset.revision"), str(self.board_json()["revision"]))
        self.assertEqual(self.board_loads(), [], "neither needed the board from the server")
        self.assertEqual(self.dom_titles(), self.titles())

    def test_an_undo_takes_the_board_as_json_and_keeps_the_cards_drawn_with_the_page(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        self.open_live_board()
        self.keyboard_move(ids["Charlie"], ["ArrowUp", "ArrowUp"])
        self.board_loads()
        self.js(MARK_CARDS)
        self.key("z", modifiers=2)  # Ctrl+Z
        self.settled()
        self.wait(lambda d: self.dom_titles()["today"] == ["Alpha", "Bravo", "Charlie"])
        self.assertEqual(self.syncs()[-1]["cause"], "undo")
        self.assertTrue(self.syncs()[-1]["whole"])
        self.assertEqual(self.board_loads(), [("/?cards=html", "application/json")], "the board as JSON, once; never the page")
        self.assertEqual(self.kept(), sorted(ids.values()), "every card was drawn the same, so every card was kept")

    def test_a_stale_move_shows_the_board_its_answer_carries_without_asking_for_more(self):
        self.expected_console = (r"status of 409",)
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie", "Delta"])
        self.open_live_board()
        self.js(MARK_CARDS)
        # Delta is lifted and carried to just after Alpha…
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Delta']}")
        for key in ("Space", "ArrowUp", "ArrowUp"):
            self.key(key)
        # …while another device moves Alpha away: the drop's anchor is gone (409).
        self.assertEqual(self.api.move(ids["Alpha"], "later")[0], 200)
        self.key("Space")
        self.settled()
        self.wait(lambda d: self.dom_titles() == self.titles(), message="the page shows the server's board")
        self.assertEqual(self.titles(), {"today": ["Bravo", "Charlie", "Delta"], "next": [], "later": ["Alpha"]})
        self.assertEqual([sync["cause"] for sync in self.syncs()][-1:], ["stale"])
        self.assertEqual(self.board_loads(), [], "the 409 carried the board and its cards")
        self.assertEqual(self.kept(), sorted(ids.values()))
        self.assertEqual([c[1] for c in self.counts()], ["3", "0", "1"])

    def test_the_window_is_listened_to_only_while_a_card_is_pressed_or_carried(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        self.open_board()
        idle = {"window": [], "document": self.pointer_listeners("document")}
        self.assertEqual(self.pointer_listeners("window"), [], "an idle board has no window pointer listener")
        self.assertNotIn("pointermove", idle["document"])

        start = self.center(f"#task-{ids['Alpha']}")
        self.mouse("mouseMoved", *start, buttons=0)
        self.mouse("mousePressed", *start)
        self.assertEqual(self.pointer_listeners("window"), ["pointercancel", "pointermove", "pointerup"], "a press is followed")
        self.mouse_glide(start, (start[0] + 8, start[1] + 8), steps=2)
        self.wait(lambda d: self.events("pickup"))
        self.assertEqual(self.pointer_listeners("window"), ["pointercancel", "pointermove", "pointerup"], "so is a drag")
        self.assertIn("scroll", self.listeners("document"))
        self.mouse("mouseReleased", start[0] + 8, start[1] + 8, buttons=0)
        self.settled()
        self.assertEqual(self.pointer_listeners("window"), [], "and after the drop, nothing")
        self.assertNotIn("scroll", self.listeners("document"))

        # A click (a press that never becomes a drag) leaves nothing behind either; nor does the card menu.
        point = self.on_card_itself(ids["Bravo"])
        self.mouse("mousePressed", *point)
        self.assertEqual(self.pointer_listeners("window"), ["pointercancel", "pointermove", "pointerup"])
        self.mouse("mouseReleased", *point, buttons=0)
        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Charlie']} .task-more")
        self.assertFalse(self.js("return document.getElementById('card-menu-open').hidden"))
        self.key("Escape")
        self.assertEqual(self.pointer_listeners("window"), [])
        self.assertEqual(self.pointer_listeners("document"), idle["document"])

    def test_a_change_waits_while_a_card_is_pressed_then_appears(self):
        ids = self.api.add("today", ["Alpha", "Bravo"])
        ids.update(self.api.add("later", ["Lima"]))
        self.open_live_board()
        point = self.on_card_itself(ids["Alpha"])
        self.mouse("mouseMoved", *point, buttons=0)
        self.mouse("mousePressed", *point)
        self.assertEqual(self.api.move(ids["Lima"], "today", "")[0], 200)
        time.sleep(1.0)
        self.assertEqual(self.dom_titles()["today"], ["Alpha", "Bravo"], "nothing changes under a pressed card")
        self.mouse("mouseReleased", *point, buttons=0)
        self.wait(lambda d: self.dom_titles()["today"] == ["Lima", "Alpha", "Bravo"], message="the change that waited")
        self.assertEqual(self.dom_titles(), self.titles())

    def test_a_tunable_is_changed_for_one_page_by_a_data_attribute_on_the_board(self):
        ids = self.api.add("today", ["Alpha", "Bravo"])
        self.open_board()
        self.js("document.getElementById('board').dataset.mouseSlop = '60'")
        start = self.center(f"#task-{ids['Alpha']}")
        self.mouse("mouseMoved", *start, buttons=0)
        self.mouse("mousePressed", *start)
        self.mouse_glide(start, (start[0] + 30, start[1]), steps=6)
        self.assertEqual(self.events("pickup"), [], "30 px is within this page's 60 px")
        self.mouse_glide((start[0] + 30, start[1]), (start[0] + 90, start[1]), steps=6)
        self.wait(lambda d: self.events("pickup"), message="beyond 60 px the card lifts")
        self.mouse("mouseReleased", start[0] + 90, start[1], buttons=0)
        self.settled()
        self.assertEqual(self.sent(), [], "dropped where it was: nothing to save")

    def on_card_itself(self, task_id):
        """A point on the card itself, not on its title link or its buttons (a click there does nothing)."""
        point = self.js("""const card = document.getElementById(arguments[0]); const r = card.getBoundingClientRect();
            for (let y = r.bottom - 2; y > r.top; y -= 2)
              for (let x = r.right - 2; x > r.left; x -= 4)
                if (document.elementFromPoint(x, y) === card) return [x, y];
            return null;""", f"task-{task_id}")
        self.assertIsNotNone(point, "the card has room of its own")
        return point

    # MARK: - Listeners, as DevTools sees them

    def listeners(self, target):
        """The event types listened to on `window` or `document` (DevTools' DOMDebugger)."""
        handle = self.driver.execute_cdp_cmd("Runtime.evaluate", {"expression": target})["result"]["objectId"]
        found = self.driver.execute_cdp_cmd("DOMDebugger.getEventListeners", {"objectId": handle})["listeners"]
        return sorted(listener["type"] for listener in found)

    def pointer_listeners(self, target):
        return [kind for kind in self.listeners(target) if kind.startswith("pointer")]


if __name__ == "__main__":
    unittest.main()
