"""A long column's cards sit in groups of 50 (each laid out on its own, board.css), and nothing a
person does or hears shows it: the column reads as one list of all its cards, and a card moved by
keyboard, by mouse or by another tab crosses from one group into the next as from one card to the
next. Groups stay between 1 and 100 cards as cards come and go."""
import unittest

from dragkit import DragTestCase
from test_accessibility import audit

TITLES = [f"Task {n:03d}" for n in range(1, 121)]

# Every group of every list: its size, and whether it is in the list where the server draws groups.
GROUPS = """return [...document.querySelectorAll('#board .tasks')].map((list) =>
  [...list.children].filter((child) => child.classList.contains('task-group')).map((group) => group.children.length))"""


def list_items(driver, name):
    """The items of the one list named `name` in Chromium's accessibility tree, as a screen reader
    gets them: through the nodes left out of the tree (a list's groups) to the cards."""
    driver.execute_cdp_cmd("Accessibility.enable", {})
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    by_id = {node["nodeId"]: node for node in nodes}

    def role(node):
        return node.get("role", {}).get("value")

    def items(node):
        found = []
        for child_id in node.get("childIds", []):
            child = by_id.get(child_id)
            if not child:
                continue
            if role(child) == "listitem" and not child.get("ignored"):
                found.append(child)
            elif child.get("ignored") or role(child) in ("none", "generic", "presentation"):
                found.extend(items(child))
        return found

    lists = [node for node in nodes if role(node) == "list" and node.get("name", {}).get("value") == name and not node.get("ignored")]
    assert len(lists) == 1, f"one list named {name}, not {len(lists)}"
    return items(lists[0])


class CardGroupTests(DragTestCase):
    def setUp(self):
        super().setUp()
        self.ids = self.api.add("today", TITLES)
        self.ids.update(self.api.add("next", ["Nova", "Oscar"]))

    def focused(self):
        return self.js("return document.activeElement.id")

    def group_of(self, title):
        """The index of the group holding the card, among its list's groups."""
        return self.js("const card = document.getElementById(arguments[0]); return [...card.parentElement.parentElement.children].indexOf(card.parentElement)",
                       f"task-{self.ids[title]}")

    def scroll_to(self, title):
        """Scrolls the card to the middle of its list and waits two frames, until cards drawn on the
        way have their real heights (content-visibility), so that what is measured next stays put."""
        self.js("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", f"task-{self.ids[title]}")
        self.driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()))")

    def assert_groups_kept(self):
        for sizes in self.js(GROUPS):
            self.assertTrue(all(1 <= size <= 100 for size in sizes), f"groups of 1–100 cards: {sizes}")

    def test_a_column_of_120_cards_is_drawn_in_groups_of_at_most_50_and_reads_as_one_list_of_120_items(self):
        self.open_board()
        # Groups of 50, the first split where the page's markup ended (a first visit's 12 cards,
        # BoardPage.screenfulByDefault).
        self.assertEqual(self.js(GROUPS), [[12, 38, 50, 20], [2], []])
        self.assertEqual(self.js("return document.getElementById('board').dataset.groupSize"), "50")
        # The accessibility tree, as a screen reader gets it: the list named Today holds 120 items.
        today = list_items(self.driver, "Today")
        self.assertEqual(len(today), 120)
        # Every card is named by its title, also the ones scrolled out of view whose drawing
        # content-visibility skipped (named through aria-labelledby, those had no name at all).
        titles = self.js("return [...document.querySelectorAll('#column-today .task .task-title')].map((t) => t.textContent.trim())")
        self.assertEqual([item.get("name", {}).get("value") for item in today], titles)
        self.assertEqual(audit(self.driver), [])

    def test_keyboard_steps_cross_from_one_group_into_the_next_and_back(self):
        self.open_board()
        self.assertEqual((self.group_of("Task 050"), self.group_of("Task 051")), (1, 2))
        self.scroll_to("Task 050")
        self.js("document.getElementById(arguments[0]).focus()", f"task-{self.ids['Task 050']}")
        self.key("Space")
        self.key("ArrowDown")
        self.assertEqual(self.status_text(), "“Task 050”: Position 51 of 120 in Today.")
        self.assertEqual(self.dom_titles()["today"][48:53], ["Task 049", "Task 051", "Task 050", "Task 052", "Task 053"])
        self.assertEqual(self.focused(), f"task-{self.ids['Task 050']}", "focus stays on the card")
        self.key("Space")
        self.settled()
        self.assertEqual(self.titles()["today"], self.dom_titles()["today"])
        self.assertEqual(self.status_text(), "Moved “Task 050” to Today, position 51 of 120.")

        # Down into the next group, then back up across the boundary: where it started.
        self.js("document.getElementById(arguments[0]).focus()", f"task-{self.ids['Task 050']}")
        self.key("Space")
        self.key("ArrowUp")
        self.key("ArrowUp")
        self.assertEqual(self.status_text(), "“Task 050”: Position 49 of 120 in Today.")
        self.key("ArrowDown")
        self.key("Space")
        self.settled()
        self.assertEqual(self.dom_titles()["today"][:52], TITLES[:52])
        self.assertEqual(self.titles()["today"], TITLES)
        # Home and End reach across every group.
        self.js("document.getElementById(arguments[0]).focus()", f"task-{self.ids['Task 050']}")
        self.key("End")
        self.assertEqual(self.focused(), f"task-{self.ids['Task 120']}")
        self.key("ArrowUp")
        self.assertEqual(self.focused(), f"task-{self.ids['Task 119']}")
        self.assert_groups_kept()

    def test_a_mouse_drop_onto_the_boundary_lands_between_the_groups(self):
        self.open_board()
        self.scroll_to("Task 050")
        start = self.center(f"#task-{self.ids['Task 048']}")
        box = self.js("const r = document.getElementById(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]",
                      f"task-{self.ids['Task 051']}")
        # Over the upper part of Task 051, the first card of the second group: the gap opens before it.
        self.mouse_drag(start, (box[0] + box[2] * 0.6, box[1] + box[3] * 0.3))
        self.settled()
        expected = TITLES[:47] + ["Task 049", "Task 050", "Task 048"] + TITLES[50:]
        self.assertEqual(self.dom_titles()["today"], expected)
        self.assertEqual(self.titles()["today"], expected)
        self.assert_groups_kept()

    def test_live_moves_into_a_group_boundary_land_in_place_and_grown_groups_split(self):
        self.open_board()
        self.wait(lambda d: d.execute_script("return document.getElementById('board').dataset.live") == "connected")
        # Another tab puts a card straight after the last card of the first group.
        self.api.move(self.ids["Nova"], "today", after=self.ids["Task 050"])
        self.wait(lambda d: self.dom_titles()["today"][50:51] == ["Nova"])
        self.assertEqual(self.dom_titles()["today"][48:53], ["Task 049", "Task 050", "Nova", "Task 051", "Task 052"])
        self.assertEqual(self.counts()[0], ["today", "121", 121])
        # Many more into the first group: it grows past 100 cards and splits, keeping the order.
        more = self.api.add("later", [f"Later {n:02d}" for n in range(1, 61)])
        for title in more:
            self.api.move(more[title], "today", after=self.ids["Task 010"])
        self.wait(lambda d: len(self.dom_titles()["today"]) == 181, timeout=20)
        self.assertEqual(self.dom_titles()["today"], self.titles()["today"])
        self.assert_groups_kept()
        self.assertGreater(len(self.js(GROUPS)[0]), 3, "the grown group split")
        # And when they all leave again, no empty group stays behind.
        for title in more:
            self.api.move(more[title], "later")
        self.wait(lambda d: len(self.dom_titles()["today"]) == 121, timeout=20)
        self.assertEqual(self.dom_titles()["today"], self.titles()["today"])
        self.assert_groups_kept()


if __name__ == "__main__":
    unittest.main()
