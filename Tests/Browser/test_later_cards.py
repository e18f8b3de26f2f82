"""A long column sends as many cards as markup as a column shows on the browser's screen (12 until
the page has measured it, BoardPage.markupEnd) and the rest inside a noscript each group
(PageRenderer.laterStart): read as markup without scripts, read as text with them, and put on the
page by unfold.js after the first paint. Nothing a person does can tell: without JavaScript every
card shows, laid out as the first ones; with it, a key, a press or a link to a card finds every card
there at once, even in the moment before the rest were put on the page; and no card's text can end
the noscript early."""
import unittest

from dragkit import DragTestCase
from harness import chromium
from test_accessibility import audit
from test_card_groups import list_items

TITLES = [f"Task {n:03d}" for n in range(1, 131)]
CONTENT_VISIBILITY = "return [...document.querySelectorAll('#column-today .task')].map((c) => getComputedStyle(c).contentVisibility)"
HOSTILE = '</noscript><img src=x id=escaped onerror="window.escaped = true">'

# Run in the page as it loads (Page.addScriptToEvaluateOnNewDocument): at DOMContentLoaded the
# drag layer has just started and unfold.js has put no group on the page yet (its first waits for
# a frame). `window.early` keeps what the key found, for the test to read.
EARLY_KEY = """
document.addEventListener('DOMContentLoaded', () => {
  const waiting = document.querySelectorAll('noscript.later-cards').length;
  const first = document.querySelector('#column-today .task');
  first.focus();
  first.dispatchEvent(new KeyboardEvent('keydown', %s));
  window.early = { waiting, cards: document.querySelectorAll('#column-today .task').length,
                   lazy: document.querySelectorAll('#column-today .task-group.is-lazy').length,
                   focused: document.activeElement.id, found: window.find('Task 130') };
});
"""


class LaterCardsTests(DragTestCase):
    def setUp(self):
        super().setUp()
        self.ids = self.api.add("today", TITLES)

    def titles_in_today(self, driver):
        return driver.execute_script(
            "return [...document.querySelectorAll('#column-today .task .task-title')].map((t) => t.textContent.trim())")

    def open_early(self, key):
        """Opens the board with a key pressed at DOMContentLoaded; returns what the page found."""
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": EARLY_KEY % key})
        self.open_board()
        return self.js("return window.early")

    def test_the_page_sends_later_groups_as_text_and_puts_every_card_on_the_page(self):
        self.open_board()
        self.assertEqual(self.titles_in_today(self.driver), TITLES)
        self.assertEqual(self.js("return document.querySelectorAll('noscript').length"), 0)
        self.assertEqual(self.counts()[0], ["today", "130", 130])
        # The first cards are drawn where the first card is; the unfolded ones follow them with the
        # same gap as between any two cards (after the 12th, the markup's last, and the 50th).
        gaps = self.js("""const cards = [...document.querySelectorAll('#column-today .task')];
            const gap = (i) => cards[i].getBoundingClientRect().top - cards[i - 1].getBoundingClientRect().bottom;
            cards[50].scrollIntoView({block: 'center'});
            return [gap(49), gap(50), gap(11), gap(12)];""")
        self.assertAlmostEqual(gaps[0], gaps[1], delta=0.5)
        self.assertAlmostEqual(gaps[2], gaps[3], delta=0.5)
        self.assertEqual(audit(self.driver), [])
        # Once the page has settled every card is drawn in full (board.css says why).
        self.wait(lambda d: self.js("return document.querySelectorAll('.task-group.is-lazy').length === 0"),
                  message="every card drawn in full after the first paint")
        self.assertEqual(set(self.js(CONTENT_VISIBILITY)), {"visible"})

    def markup_at_first(self):
        """Opens the board; returns what Today held at DOMContentLoaded, before unfold.js's first task."""
        self.open_board()
        return self.js("return window.atFirst")

    def screenful(self):
        return next((int(c["value"]) for c in self.driver.get_cookies() if c["name"] == "pb_screenful"), None)

    def in_view(self):
        """How many of Today's cards show, whole or in part, with its list scrolled to the top."""
        return self.js("""const list = document.querySelector('#column-today .tasks'); list.scrollTop = 0;
            const bottom = list.getBoundingClientRect().bottom;
            return [...list.querySelectorAll('.task')].filter((c) => c.getBoundingClientRect().top < bottom).length""")

    def test_for_the_first_paint_the_page_holds_only_the_cards_a_column_shows(self):
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            document.addEventListener('DOMContentLoaded', () => {
              const cards = [...document.querySelectorAll('#column-today .task')];
              window.atFirst = { drawn: cards.map((c) => getComputedStyle(c).contentVisibility),
                                 groups: [...document.querySelectorAll('#column-today .task-group')].map((g) => [g.className, g.children.length]),
                                 waiting: document.querySelectorAll('#column-today noscript.later-cards').length };
            });"""})
        # A first visit: 12 cards, drawn in full; the first group's other 38 and the two later
        # groups wait, each in its noscript.
        at_first = self.markup_at_first()
        self.assertEqual(at_first, {"drawn": ["visible"] * 12, "groups": [["task-group", 12]], "waiting": 3})
        # The page measured how many cards a column shows here and told the server (the cookie).
        self.wait(lambda d: self.screenful() is not None, message="the screenful is kept")
        screenful, shown = self.screenful(), self.in_view()
        self.assertIn(screenful, (shown, shown + 1), f"{shown} cards in view, {screenful} kept")
        # The next load holds exactly that many; every card still reaches the page.
        at_first = self.markup_at_first()
        self.assertEqual(at_first["groups"], [["task-group", screenful]])
        self.assertEqual(at_first["drawn"], ["visible"] * screenful)
        self.assertEqual(self.titles_in_today(self.driver), TITLES)
        self.assertEqual(self.js("return [...document.querySelectorAll('#column-today .task-group')].map((g) => g.children.length)"),
                         [screenful, 50 - screenful, 50, 30])
        # A taller window shows more cards: measured again once it stops changing, and sent so.
        self.driver.set_window_size(1280, 1400)
        self.wait(lambda d: (self.screenful() or 0) > screenful, message="a taller window's screenful kept")
        taller, shown = self.screenful(), self.in_view()
        self.assertIn(taller, (shown, shown + 1))
        self.assertEqual(self.markup_at_first()["groups"], [["task-group", taller]])
        self.assertEqual(set(self.js(CONTENT_VISIBILITY)), {"visible"})

    def test_without_javascript_every_card_shows_in_order_laid_out_as_the_first_ones(self):
        driver = chromium(javascript=False)
        self.addCleanup(driver.quit)
        driver.get(self.server.url + "/")
        driver.add_cookie({"name": self.api.cookie.split("=", 1)[0], "value": self.api.cookie.split("=", 1)[1], "path": "/"})
        driver.get(self.server.url + "/")
        # (No script measured this screen: the first 12 cards, then the first group's rest and two more.)
        self.assertEqual(driver.execute_script("return document.querySelectorAll('noscript.later-cards').length"), 3)
        self.assertEqual(self.titles_in_today(driver), TITLES)
        boxes = driver.execute_script("""const cards = [...document.querySelectorAll('#column-today .task')];
            return cards.map((card) => { card.scrollIntoView({block: 'center'}); const box = card.getBoundingClientRect();
              return [box.left, box.width, box.top, box.bottom]; });""")
        self.assertTrue(all(box[1] > 100 for box in boxes), "every card is drawn full width")
        self.assertEqual({box[0] for box in boxes}, {boxes[0][0]}, "every card in the one column")
        # Each card is a card's gap below the one before, across the groups too.
        driver.execute_script("document.querySelectorAll('#column-today .task')[50].scrollIntoView({block: 'center'})")
        gaps = driver.execute_script("""const cards = [...document.querySelectorAll('#column-today .task')];
            const box = (i) => cards[i].getBoundingClientRect();
            return [box(49).top - box(48).bottom, box(50).top - box(49).bottom];""")
        self.assertAlmostEqual(gaps[0], gaps[1], delta=0.5)
        lazy = driver.execute_script(CONTENT_VISIBILITY)
        self.assertEqual(set(lazy), {"auto"}, "without scripts every card is the page's markup, each drawn lazily")
        # A screen reader hears one list of all 130 (axe needs the page's scripts, off here).
        self.assertEqual([item.get("name", {}).get("value") for item in list_items(driver, "Today")], TITLES)

    def test_a_key_pressed_before_the_later_cards_are_on_the_page_finds_every_card(self):
        early = self.open_early("{key: 'End', bubbles: true, cancelable: true}")
        self.assertGreater(early["waiting"], 0, "the key came while groups were waiting")
        self.assertEqual(early["cards"], 130)
        self.assertEqual(early["focused"], f"task-{self.ids['Task 130']}")
        # Put on the page all at once, the groups came drawn lazily (the first group's rest and two
        # more); the next tasks draw them in full.
        self.assertEqual(early["lazy"], 3)
        self.wait(lambda d: self.js("return [...document.querySelectorAll('#column-today .task')].slice(50)"
                                    ".every((c) => getComputedStyle(c).contentVisibility === 'visible')"),
                  message="every unfolded card drawn in full")
        self.assertEqual(self.js("return document.querySelectorAll('.task-group.is-lazy').length"), 0)

    def test_find_in_page_opened_before_the_later_cards_are_on_the_page_finds_them(self):
        # Ctrl+F reaches the page as a key before the browser opens its find bar.
        early = self.open_early("{key: 'f', ctrlKey: true, bubbles: true, cancelable: true}")
        self.assertGreater(early["waiting"], 0)
        self.assertEqual(early["cards"], 130)
        self.assertTrue(early["found"])

    def test_a_link_to_a_later_card_scrolls_to_it_once_it_is_on_the_page(self):
        card = f"task-{self.ids['Task 120']}"
        self.driver.get(self.server.url + "/#" + card)
        # When the browser looked for it, the card was still waiting; unfold.js scrolls to it.
        self.wait(lambda d: d.execute_script("""const card = document.getElementById(arguments[0])?.getBoundingClientRect();
            const list = document.querySelector('#column-today .tasks').getBoundingClientRect();
            return !!card && card.top >= list.top && card.bottom <= list.bottom && card.bottom <= innerHeight;""", card),
                  message="the linked card is in view")

    def test_an_address_with_a_fragment_that_is_not_utf8_still_gets_every_card(self):
        self.driver.get(self.server.url + "/#%E0%A4%A")
        self.wait(lambda d: d.execute_script("return document.getElementById('board').dataset.cards === 'all'"),
                  message="every card on the page")
        self.assertEqual(self.titles_in_today(self.driver), TITLES)

    def test_a_later_cards_title_cannot_end_the_noscript_it_comes_in(self):
        ids = self.api.add("today", [HOSTILE])
        for driver in (self.driver, chromium(javascript=False)):
            if driver is not self.driver:
                self.addCleanup(driver.quit)
                driver.get(self.server.url + "/")
                name, value = self.api.cookie.split("=", 1)
                driver.add_cookie({"name": name, "value": value, "path": "/"})
                driver.get(self.server.url + "/")
            else:
                self.open_board()
            title = driver.execute_script("return document.querySelector(`#task-${arguments[0]} .task-title`).textContent.trim()", ids[HOSTILE])
            self.assertEqual(title, HOSTILE)
            self.assertIsNone(driver.execute_script("return document.getElementById('escaped')"))
            self.assertEqual(len(self.titles_in_today(driver)), 131)
        self.assertIsNone(self.js("return window.escaped ?? null"))


if __name__ == "__main__":
    unittest.main()
