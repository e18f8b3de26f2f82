"""Helpers for the drag-layer tests: a seeded board, real input through the DevTools protocol
(mouse and touch events the browser treats as a person's), a record of the requests the page sent,
and the checks every test ends with (no console errors, no CSP violations)."""
import json
import re
import time
import urllib.parse

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

from harness import ServerTestCase, chromium
from session import BoardSession

# Runs in every page before its own scripts (DevTools injection is outside the page's CSP): it
# records the drag layer's events and any Content-Security-Policy violation.
RECORDER = """
window.__planboard = { events: [], csp: [] };
for (const name of ['pickup', 'move', 'drop', 'cancel', 'refused']) {
  document.addEventListener('planboard:' + name, (event) => {
    window.__planboard.events.push({ type: name, id: event.target.id, detail: JSON.parse(JSON.stringify(event.detail)) });
  });
}
window.__planboard.vibrations = [];
if ('vibrate' in navigator) navigator.vibrate = (pattern) => { window.__planboard.vibrations.push(pattern); return true; };
document.addEventListener('securitypolicyviolation', (event) => {
  window.__planboard.csp.push(event.violatedDirective + ' ' + event.blockedURI);
});
"""


class Client(BoardSession):
    """A second browser, as far as the server can tell: its own session, talking JSON."""

    def __init__(self, server):
        super().__init__(server.url)

    def add(self, column, titles, finished=()):
        """Adds tasks in order; returns {title: id}."""
        ids = {}
        for title in titles:
            status, task = self.post("/tasks", {"title": title, "column": column})
            assert status == 201, (status, task)
            ids[title] = task["id"]
        for title in finished:
            status, _ = self.post(f"/tasks/{ids[title]}/finish", {"finished": "true"})
            assert status == 200
        return ids

    def move(self, task_id, column, after=""):
        return self.post(f"/tasks/{task_id}/move", {"column": column, "after": str(after)})


class DragTestCase(ServerTestCase):
    """A fresh server and browser per test, with the checks every drag test ends with."""

    width, height, mobile, touch, reduced_motion, dark = 1280, 900, False, False, False, False
    # What the browser asks for (Accept-Language) and the zone its clock is in.
    languages, time_zone = "en-GB", None
    # Console lines a test expects (a refused request logs its status); anything else fails it.
    expected_console = ()

    def setUp(self):
        super().setUp()
        self.api = Client(self.server)
        self.driver = chromium(width=self.width, height=self.height, mobile=self.mobile, touch=self.touch,
                               reduced_motion=self.reduced_motion, dark=self.dark, network_log=True, languages=self.languages,
                               time_zone=self.time_zone)
        self.addCleanup(self.driver.quit)
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
        self.requests = []
        self._unread_posts = []
        self._unread_gets = []

    def tearDown(self):
        # Runs before the cleanups, while the browser is still open.
        if getattr(self, "driver", None) is None:
            return
        errors = [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        unexpected = [line for line in errors if not any(re.search(pattern, line) for pattern in self.expected_console)]
        self.assertEqual(unexpected, [], "console errors")
        self.assertEqual(self.csp_violations(), [], "CSP violations")

    # MARK: - The page

    def open_board(self):
        self.driver.get(self.server.url + "/")
        # The drag layer ready, and a long column's later cards on the page (unfold.js).
        self.wait(lambda d: d.execute_script("const board = document.getElementById('board'); return board.classList.contains('drag-ready') && board.dataset.cards === 'all'"))
        self.sent()  # forget the page load's own requests
        self.fetched()

    def wait(self, condition, timeout=8, message=""):
        # An element read while the page is being replaced (a form's redirect landing) is asked again.
        return WebDriverWait(self.driver, timeout, poll_frequency=0.03, ignored_exceptions=(StaleElementReferenceException,)).until(condition, message)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def dom_titles(self):
        """What the page shows: {column: [title, …]}."""
        return self.js("""
            const out = {};
            for (const section of document.querySelectorAll('#board .column'))
              out[section.dataset.column] = [...section.querySelectorAll('.tasks .task')].map(c => c.querySelector('.task-title').textContent.trim());
            return out;""")

    def counts(self):
        return self.js("""return [...document.querySelectorAll('#board .column')].map(s => [s.dataset.column, s.querySelector('[data-count]').textContent, s.querySelectorAll('.tasks .task').length]);""")

    def center(self, selector):
        """A point in the middle of the element's upper half (clear of its buttons), in viewport pixels."""
        rect = self.js("const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", selector)
        return rect[0] + rect[2] * 0.6, rect[1] + min(14, rect[3] / 4)

    def events(self, kind=None):
        events = self.js("return window.__planboard.events")
        return [event for event in events if kind is None or event["type"] == kind]

    def csp_violations(self):
        try:
            return self.js("return window.__planboard ? window.__planboard.csp : []")
        except Exception:  # the page is gone (the browser closed): nothing more to read
            return []

    def menu_offers(self, task_id):
        """Opens the card's menu ("⋯"), reads the choices it offers (enabled and shown), and closes it."""
        self.js("document.querySelector(arguments[0]).click()", f"#task-{task_id} .task-more")
        offers = self.js("""return [...document.querySelectorAll('#card-menu-open .menu-item')]
            .filter((item) => !item.hidden && !item.disabled).map((item) => item.textContent.trim())""")
        self.key("Escape")
        return offers

    def status_text(self):
        return self.js("return document.querySelector('.status-bar.is-open .status-text')?.textContent ?? ''")

    def keyboard_move(self, task_id, keys):
        """Lifts the card with Space, carries it with `keys`, drops it with Space, and waits for the save."""
        self.js("document.getElementById(arguments[0]).focus()", f"task-{task_id}")
        for key in ("Space", *keys, "Space"):
            self.key(key)
        self.settled()

    def settled(self):
        """Waits until no move or undo is being saved."""
        self.wait(lambda d: d.execute_script("return !document.getElementById('board').hasAttribute('aria-busy') && !document.querySelector('.is-saving')"))

    # MARK: - What the page sent

    def read_network(self):
        """Moves what the browser's network log holds into the unread POSTs and GETs (the log is read once)."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                request = message["params"]["request"]
                url = urllib.parse.urlparse(request["url"])
                if request["method"] == "POST":
                    self._unread_posts.append(url.path)
                elif request["method"] == "GET":
                    self._unread_gets.append((url.path + (f"?{url.query}" if url.query else ""), request["headers"].get("Accept", "")))

    def sent(self):
        """POST requests the page sent since the last call, as paths, from the browser's network log."""
        self.read_network()
        posts, self._unread_posts = self._unread_posts, []
        self.requests.extend(posts)
        return posts

    def fetched(self):
        """GET requests the page sent since the last call, as (path with its query, Accept header)."""
        self.read_network()
        gets, self._unread_gets = self._unread_gets, []
        return gets

    # MARK: - Input, as the browser receives it from a person

    def mouse(self, kind, x, y, buttons=1):
        event = {"type": kind, "x": x, "y": y, "button": "left" if kind != "mouseMoved" or buttons else "none", "buttons": buttons}
        if kind in ("mousePressed", "mouseReleased"):
            event["clickCount"] = 1
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", event)

    def mouse_glide(self, start, end, steps=10):
        """Moves the pressed mouse from start to end in small steps, one frame apart."""
        for step in range(1, steps + 1):
            f = step / steps
            self.mouse("mouseMoved", start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)
            time.sleep(0.016)

    def mouse_drag(self, start, end, steps=12, release=True):
        self.mouse("mouseMoved", *start, buttons=0)
        self.mouse("mousePressed", *start)
        self.mouse_glide(start, (start[0] + 8, start[1] + 8), steps=2)
        self.mouse_glide((start[0] + 8, start[1] + 8), end, steps=steps)
        if release:
            time.sleep(0.05)
            self.mouse("mouseReleased", *end, buttons=0)

    def finger(self, kind, x=None, y=None):
        points = [] if kind in ("touchEnd", "touchCancel") else [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def touch_glide(self, start, end, steps=10, pause=0.016):
        for step in range(1, steps + 1):
            f = step / steps
            self.finger("touchMove", start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)
            time.sleep(pause)

    def long_press(self, point):
        """Presses and holds well past the board's long-press delay, then waits for the lift."""
        delay = int(self.js("return document.getElementById('board').dataset.longPress")) / 1000
        self.finger("touchStart", *point)
        time.sleep(delay + 0.15)
        self.wait(lambda d: self.events("pickup") or self.events("refused"), timeout=3, message="the long-press lifted nothing")

    def key(self, key, code=None, modifiers=0):
        """A key press through the browser's input pipeline (so default actions happen too)."""
        codes = {"Space": (" ", 32), "Enter": ("\r", 13), "Escape": ("", 27), "ArrowUp": ("", 38), "ArrowDown": ("", 40),
                 "ArrowLeft": ("", 37), "ArrowRight": ("", 39), "z": ("z", 90), "Tab": ("", 9),
                 "m": ("m", 77), "n": ("n", 78), "s": ("s", 83), "Delete": ("", 46), "Home": ("", 36), "End": ("", 35),
                 "/": ("/", 191), "x": ("x", 88), "i": ("i", 73), "e": ("e", 69), "F2": ("", 113)}
        text, keycode = codes[key]
        name = " " if key == "Space" else key
        base = {"key": name, "code": code or ({"/": "Slash"}.get(key) or ("Key" + key.upper() if len(key) == 1 else key)), "windowsVirtualKeyCode": keycode, "modifiers": modifiers}
        down = {**base, "type": "keyDown" if text and not modifiers else "rawKeyDown"}
        if text and not modifiers:
            down["text"] = text
        self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", down)
        self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", {**base, "type": "keyUp"})


MESSAGE_ROOM = """const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return {
      columns: [...document.querySelectorAll('.column')].map(box),
      bar: document.querySelector('.status-bar.is-open') ? box(document.querySelector('.status-bar')) : null,
      forms: [...document.querySelectorAll('.add-task')].map(box),
      added: (() => { const t = [...document.querySelectorAll('#column-today .task')].find((c) => c.querySelector('.task-title').textContent === arguments[0]);
                      return t ? box(t) : null; })(),
      list: box(document.querySelector('#column-today .tasks')),
    };"""


def overlaps(a, b):
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def check_a_message_keeps_the_columns_and_the_added_card(case):
    """Adds a task to a full Today column and checks the "Added" message: the columns keep their size,
    the new card shows whole in its list, and neither it nor any add form is under the message; a
    carried card is drawn above the message."""
    case.api.add("today", [f"Task {n}" for n in range(1, 25)])
    case.open_board()
    before = case.js(MESSAGE_ROOM, "")
    title = "The task just added"
    case.driver.find_element("id", "new-today").send_keys(title + "\n")
    case.wait(lambda d: "Added" in case.status_text())
    time.sleep(0.3)
    after = case.js(MESSAGE_ROOM, title)
    case.assertIsNotNone(after["bar"], "the message shows")
    for old, new in zip(before["columns"], after["columns"]):
        for a, b in zip(old, new):
            case.assertAlmostEqual(a, b, delta=0.5, msg=f"a column kept its box: {old} -> {new}")
    card, shown = after["added"], after["list"]
    case.assertIsNotNone(card)
    case.assertTrue(card[1] >= shown[1] - 1 and card[3] <= shown[3] + 1, f"the new card {card} shows whole in its list {shown}")
    case.assertFalse(overlaps(card, after["bar"]), f"the message {after['bar']} covers the new card {card}")
    for form in after["forms"]:
        case.assertFalse(overlaps(form, after["bar"]), f"the message {after['bar']} covers an add form {form}")
    # A card carried over the message is drawn above it.
    start = ((card[0] + card[2]) / 2, (card[1] + card[3]) / 2)
    case.mouse_drag(start, (start[0], after["bar"][1] + 10), release=False)
    case.wait(lambda d: case.js("return document.querySelector('.drag-snapshot') !== null"), message="the card is carried")
    layers = case.js("return [getComputedStyle(document.querySelector('.drag-snapshot')).zIndex, getComputedStyle(document.querySelector('.status-bar')).zIndex].map(Number)")
    case.assertGreater(layers[0], layers[1], "the carried card is above the message")
    case.key("Escape")
