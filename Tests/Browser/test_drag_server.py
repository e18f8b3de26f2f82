"""The server decides: a stale move (409) redraws the board as the server has it, a refused move
(422) or an unreachable server puts everything back as it was at pickup, and undo asks the server."""
import time
import unittest

from dragkit import DragTestCase
from harness import Server


class DropAnswerTests(DragTestCase):
    def drag_until_after(self, task_id, anchor_id):
        """Lifts the card with the mouse and holds it where it would follow `anchor_id`; returns the point."""
        start = self.center(f"#task-{task_id}")
        anchor = self.js(f"const r = document.getElementById('task-{anchor_id}').getBoundingClientRect(); return [r.left + r.width / 2, r.bottom - 6]")
        self.mouse_drag(start, anchor, release=False)
        self.wait(lambda d: self.events("move") and self.events("move")[-1]["detail"]["to"]["after"] == str(anchor_id))
        return anchor

    def test_when_another_client_moved_the_anchor_first_the_board_is_redrawn_from_the_servers_state(self):
        self.expected_console = (r"status of 409",)
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie", "Delta"])
        self.open_board()
        point = self.drag_until_after(ids["Delta"], ids["Alpha"])
        other = self.api.__class__(self.server)
        self.assertEqual(other.move(ids["Alpha"], "later")[0], 200)
        self.mouse("mouseReleased", *point, buttons=0)
        self.settled()

        self.assertEqual(self.sent(), [f"/tasks/{ids['Delta']}/move"])
        server = self.titles()
        self.assertEqual(server, {"today": ["Bravo", "Charlie", "Delta"], "next": [], "later": ["Alpha"]})
        self.assertEqual(self.dom_titles(), server, "the page shows what the server has")
        self.assertEqual([c[1] for c in self.counts()], ["3", "0", "1"])
        self.assertEqual(self.js("return document.getElementById('board').dataset.revision"), str(self.board_json()["revision"]))
        self.assertIn("The board changed before your move arrived", self.status_text())
        self.assertEqual(self.js("return document.querySelector('.status-bar').dataset.kind"), "error")

    def test_a_409_naming_a_task_the_page_lacks_redraws_the_whole_board(self):
        self.expected_console = (r"status of 409",)
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        self.open_board()
        point = self.drag_until_after(ids["Charlie"], ids["Alpha"])
        other = self.api.__class__(self.server)
        other.add("today", ["Echo from elsewhere"])
        other.move(ids["Alpha"], "next")
        self.mouse("mouseReleased", *point, buttons=0)
        self.settled()
        self.wait(lambda d: "Echo from elsewhere" in self.dom_titles()["today"])
        self.assertEqual(self.dom_titles(), self.titles())
        self.assertEqual(self.js("return document.querySelector('.header-summary').textContent"), "4 tasks")
        # The redrawn cards can be dragged again.
        self.assertEqual(self.js("return document.querySelector('#board .task').getAttribute('aria-describedby')"), "drag-help")

    def test_a_refused_move_puts_everything_back_as_it_was_at_pickup(self):
        self.expected_console = (r"status of 422",)
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        ids.update(self.api.add("next", ["November"]))
        self.open_board()
        before = self.dom_titles()
        start = self.center(f"#task-{ids['Bravo']}")
        november = self.js(f"const r = document.getElementById('task-{ids['November']}').getBoundingClientRect(); return [r.left + r.width / 2, r.bottom - 6]")
        self.mouse_drag(start, november, release=False)
        self.wait(lambda d: self.events("move") and self.events("move")[-1]["detail"]["to"]["column"] == "next")
        other = self.api.__class__(self.server)
        self.assertEqual(other.post(f"/tasks/{ids['Bravo']}/finish", {"finished": "true"})[0], 200)
        self.mouse("mouseReleased", *november, buttons=0)
        self.settled()

        self.assertEqual(self.dom_titles(), before)
        self.assertEqual([c[1] for c in self.counts()], ["3", "1", "0"])
        self.assertEqual(self.status_text(), "The move was not saved. “Bravo” is finished, so it can't be moved. Mark it as not finished first.")
        self.assertEqual(self.titles(), before, "the server kept it where it was")

    def test_when_the_server_is_unreachable_the_drop_is_rolled_back_with_a_message(self):
        self.expected_console = (r"ERR_CONNECTION_REFUSED", r"Failed to fetch")
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        ids.update(self.api.add("later", ["Lima"]))
        self.open_board()
        before = self.dom_titles()
        point = self.drag_until_after(ids["Alpha"], ids["Lima"])
        database = self.server.database
        self.server.stop()  # the server is gone mid-drag: nothing listens on its port any more
        self.mouse("mouseReleased", *point, buttons=0)
        self.settled()

        self.assertEqual(self.dom_titles(), before)
        self.assertEqual([c[1] for c in self.counts()], ["3", "0", "1"])
        self.assertIn("The move was not saved. The server could not be reached.", self.status_text())
        self.wait(lambda d: d.execute_script("return document.querySelectorAll('.drag-snapshot, .drop-placeholder, .is-drag-source').length") == 0)
        restarted = Server(database=database).start()
        self.addCleanup(restarted.cleanup)
        self.server = restarted
        self.assertEqual(self.titles(), before, "nothing was saved")


class UndoTests(DragTestCase):
    def test_the_undo_notice_after_a_move_puts_it_back(self):
        ids = self.api.add("today", ["Alpha", "Bravo", "Charlie"])
        self.open_board()
        self.keyboard_move(ids["Charlie"], ["ArrowUp", "ArrowUp"])
        self.assertEqual(self.titles()["today"], ["Charlie", "Alpha", "Bravo"])
        undo = "document.querySelector('.status-bar.is-open .status-undo:not([hidden])')"
        self.assertTrue(self.js(f"return {undo} !== null"), "an Undo button is offered")
        self.js(f"{undo}.click()")
        self.settled()
        self.wait(lambda d: self.dom_titles()["today"] == ["Alpha", "Bravo", "Charlie"])
        self.assertEqual(self.titles()["today"], ["Alpha", "Bravo", "Charlie"])
        self.assertEqual(self.status_text(), "Undone: “Charlie” is back where it was.")
        self.assertEqual(self.sent(), [f"/tasks/{ids['Charlie']}/move", "/undo"])

    def test_the_undo_notice_goes_away_after_a_few_seconds(self):
        ids = self.api.add("today", ["Alpha", "Bravo"])
        self.open_board()
        self.keyboard_move(ids["Bravo"], ["ArrowUp"])
        self.js("document.activeElement.blur()")
        self.assertTrue(self.status_text())
        self.wait(lambda d: self.status_text() == "", timeout=12, message="the notice hides itself")

    def test_ctrl_z_and_the_header_button_undo_the_last_move_but_not_while_typing(self):
        self.expected_console = (r"status of 422",)
        ids = self.api.add("today", ["Alpha", "Bravo"])
        ids.update(self.api.add("next", ["November"]))
        self.open_board()
        self.keyboard_move(ids["Alpha"], ["ArrowRight"])
        self.assertEqual(self.titles()["next"], ["Alpha", "November"])
        self.assertEqual(self.sent(), [f"/tasks/{ids['Alpha']}/move"])

        self.js("document.getElementById('new-today').focus()")
        self.key("z", code="KeyZ", modifiers=2)
        time.sleep(0.3)
        self.assertEqual(self.sent(), [], "Ctrl+Z in a text field is the field's own undo")

        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Bravo']}")
        self.key("z", code="KeyZ", modifiers=2)
        self.settled()
        self.wait(lambda d: self.dom_titles()["today"] == ["Alpha", "Bravo"])
        self.assertEqual(self.titles(), {"today": ["Alpha", "Bravo"], "next": ["November"], "later": []})
        self.assertEqual(self.sent(), ["/undo"])
        self.assertEqual([c[1] for c in self.counts()], ["2", "1", "0"])

        # The header's Undo button (a form for the no-JS page) goes through the script too.
        self.js("document.querySelector('.undo-button').click()")
        self.settled()
        self.wait(lambda d: self.status_text() == "There is nothing of yours to undo.")
        self.assertEqual(self.driver.current_url, self.server.url + "/", "no page load")
        self.assertEqual(self.sent(), ["/undo"])
        self.assertEqual(self.titles(), {"today": ["Alpha", "Bravo"], "next": ["November"], "later": []})


if __name__ == "__main__":
    unittest.main()
