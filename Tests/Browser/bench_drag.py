"""What one pointer-move frame costs while dragging over a column of 500 cards, in headless Chromium.

Not part of the test run (scripts/bench-drag runs it). It adds 500 tasks to Today through the JSON
API, lifts the first card with the mouse and moves it over the column step by step. Each step is
one `mouseMoved` through the DevTools protocol followed by two animation frames; around each step
it reads the renderer's own counters (`Performance.getMetrics`: ScriptDuration, RecalcStyleDuration,
LayoutDuration, LayoutCount), so a step's cost is the main-thread time spent in script, style and
layout for that pointer move and the frame it produced. The same loop with the button up (the
pointer hovering, no drag) measures what the measuring itself costs; both are printed.
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

import bench_http  # noqa: E402
from dragkit import Client  # noqa: E402
from harness import Server, chromium  # noqa: E402

CARDS = 500
STEPS = 240


def metrics(driver):
    values = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return {item["name"]: item["value"] for item in values}


def next_frames(driver):
    driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")


def run_steps(driver, points, buttons):
    """Per step: (script+style+layout ms, layouts, (script, style, layout) ms)."""
    costs = []
    before = metrics(driver)
    for x, y in points:
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "left" if buttons else "none", "buttons": buttons})
        next_frames(driver)
        after = metrics(driver)
        parts = tuple((after[k] - before[k]) * 1000 for k in ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration"))
        costs.append((sum(parts), after["LayoutCount"] - before["LayoutCount"], parts))
        before = after
    return costs


def summary(name, costs):
    ms = sorted(c[0] for c in costs)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    layouts = sum(c[1] for c in costs) / len(costs)
    split = "/".join(f"{statistics.median(c[2][i] for c in costs):.2f}" for i in range(3))
    print(f"{name:<38} median {statistics.median(ms):5.2f} ms  p95 {p95:5.2f} ms  (median script/style/layout {split} ms)  layouts/step {layouts:4.2f}  ({len(ms)} steps)")
    return statistics.median(ms), p95


def main():
    server = Server().start()
    driver = None
    try:
        client = Client(server)
        started = time.monotonic()
        client.add("today", [f"Card number {n:03d}" for n in range(1, CARDS + 1)])
        print(f"added {CARDS} tasks in {time.monotonic() - started:.1f} s")
        driver = chromium(width=1280, height=900)
        driver.set_script_timeout(10)
        driver.get(server.url + "/")
        driver.execute_cdp_cmd("Performance.enable", {"timeDomain": "threadTicks"})
        box = driver.execute_script("const r = document.querySelector('#column-today .tasks').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        first = driver.execute_script("const r = document.querySelector('#column-today .task').getBoundingClientRect(); return [r.left + r.width * 0.6, r.top + 12]")
        x = box[0] + box[2] / 2
        # Up and down the middle of the list, clear of the edge zones: the gap moves, nothing scrolls.
        top, bottom = box[1] + 80, box[1] + box[3] - 80
        sweep = [(x + (i % 7), top + (bottom - top) * abs(((i / 60) % 2) - 1)) for i in range(STEPS)]

        baseline = run_steps(driver, sweep, 0)
        counted = metrics(driver)["LayoutCount"]
        driver.execute_script("document.body.append(document.createElement('div')); document.body.offsetHeight")
        assert metrics(driver)["LayoutCount"] > counted, "LayoutCount does not count layouts here"
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": first[0], "y": first[1], "button": "none", "buttons": 0})
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": first[0], "y": first[1], "button": "left", "buttons": 1, "clickCount": 1})
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": first[0], "y": first[1] + 10, "button": "left", "buttons": 1})
        next_frames(driver)
        assert driver.execute_script("return document.querySelector('.drag-snapshot') !== null"), "the drag did not start"
        dragging = run_steps(driver, sweep, 1)
        # Held in the bottom edge zone: the column scrolls every frame and the gap follows.
        edge = [(x, box[1] + box[3] - 10 + (i % 3)) for i in range(STEPS // 2)]
        scrolling = run_steps(driver, edge, 1)
        scrolled = driver.execute_script("return document.querySelector('#column-today .tasks').scrollTop")
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "rawKeyDown", "key": "Escape", "code": "Escape", "windowsVirtualKeyCode": 27})
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": top, "button": "left", "buttons": 0, "clickCount": 1})

        print(f"Chromium {driver.capabilities.get('browserVersion')}, {CARDS} cards in one column, script + style + layout per pointer-move step:")
        summary("hovering, no drag (measuring overhead)", baseline)
        summary("dragging over the column", dragging)
        summary(f"dragging at the edge (scrolled {scrolled:.0f} px)", scrolling)
        # A hold speeds up (autoscroll.js): frames late in it scroll several times as far as early ones.
        summary("  its first 15 steps (about 0.5 s)", scrolling[:15])
        summary("  the rest (sped up)", scrolling[15:])
        driver.quit()
        driver = None
        big_board()
    finally:
        if driver:
            driver.quit()
        server.cleanup()


def big_board(count=3000):
    """Whether a board of 3,000 realistic tasks (1,000 a column) is still usable: how long the page
    takes to load and to become draggable, what lifting a card costs, and a drag step."""
    server = Server().start()
    driver = None
    try:
        bench_http.seed(server.url, count)
        driver = chromium(width=1280, height=900)
        driver.set_script_timeout(30)
        loads = []
        for _ in range(3):
            driver.get(server.url + "/")
            # Measured once every card is on the page (a long column's later cards come as text,
            # unfold.js), so that what follows measures the change alone.
            WebDriverWait(driver, 30).until(lambda d: d.execute_script("return performance.getEntriesByName('planboard:all-cards').length > 0"))
            loads.append(driver.execute_script("""const n = performance.getEntriesByType('navigation')[0];
                const mark = (name) => performance.getEntriesByName(name)[0].startTime;
                return [n.responseEnd, n.domContentLoadedEventEnd, mark('planboard:ready'), n.loadEventEnd, mark('planboard:all-cards')]"""))
        median = [statistics.median(load[i] for load in loads) for i in range(5)]
        print(f"\nA board of {count} realistic tasks ({count // 3} a column), Chromium, median of {len(loads)} loads:")
        print(f"  page received {median[0]:.0f} ms, parsed (DOMContentLoaded) {median[1]:.0f} ms, "
              f"drag layer ready {median[2]:.0f} ms, load event {median[3]:.0f} ms, every card on the page {median[4]:.0f} ms after navigation start")
        driver.execute_cdp_cmd("Performance.enable", {"timeDomain": "threadTicks"})
        first = driver.execute_script("const r = document.querySelector('#column-next .task').getBoundingClientRect(); return [r.left + r.width * 0.6, r.top + 12]")
        before = metrics(driver)
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": first[0], "y": first[1], "button": "none", "buttons": 0})
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": first[0], "y": first[1], "button": "left", "buttons": 1, "clickCount": 1})
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": first[0], "y": first[1] + 10, "button": "left", "buttons": 1})
        next_frames(driver)
        after = metrics(driver)
        lift = sum((after[k] - before[k]) * 1000 for k in ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration"))
        steps = run_steps(driver, [(first[0] + (i % 5), first[1] + 10 + i * 3) for i in range(60)], 1)
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "rawKeyDown", "key": "Escape", "code": "Escape", "windowsVirtualKeyCode": 27})
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": first[0], "y": first[1], "button": "left", "buttons": 0, "clickCount": 1})
        print(f"  lifting a card (measuring 3,000 cards once): {lift:.1f} ms of script + style + layout")
        summary("  dragging over a column of 1,000", steps)
        interactions(driver, server)
    finally:
        if driver:
            driver.quit()
        server.cleanup()


def main_thread_ms(before, after):
    return sum((after[k] - before[k]) * 1000 for k in ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration"))


def interactions(driver, server, rounds=5):
    """What applying an ordinary change costs the page at this size, in script + style + layout ms
    from the input (or the other tab's request) until the page shows it and two frames passed:
    a keyboard move (lift, one step, drop and the server's answer), a mouse drop (from the
    release), a move made in another tab (arriving on the live stream) and a task added here."""
    client = Client(server)
    wait = WebDriverWait(driver, 15, poll_frequency=0.01)
    settled = "return !document.getElementById('board').hasAttribute('aria-busy') && !document.querySelector('.is-saving')"

    def key(name, code, key_code):
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "rawKeyDown", "key": name, "code": code, "windowsVirtualKeyCode": key_code})
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "key": name, "code": code, "windowsVirtualKeyCode": key_code})

    def measured(action, done):
        before = metrics(driver)
        action()
        wait.until(lambda d: d.execute_script(done))
        next_frames(driver)
        after = metrics(driver)
        return [main_thread_ms(before, after)] + [(after[k] - before[k]) * 1000 for k in ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration")]

    costs = {"keyboard: lift (Space)": [], "keyboard: one step (↓)": [], "keyboard: drop and answer (Space)": [],
             "mouse: drop and answer": [], "another tab's move, live": [], "adding a task": []}
    for round_ in range(rounds):
        card = driver.execute_script("return document.querySelectorAll('#column-next .task:not([data-finished=true])')[3].id")
        driver.execute_script("document.getElementById(arguments[0]).focus()", card)
        costs["keyboard: lift (Space)"].append(measured(lambda: key(" ", "Space", 32), "return document.querySelector('.is-lifted') !== null"))
        costs["keyboard: one step (↓)"].append(measured(lambda: key("ArrowDown", "ArrowDown", 40), "return true"))
        costs["keyboard: drop and answer (Space)"].append(measured(lambda: key(" ", "Space", 32), settled))

        # A card near the list's top, carried 60 px down: the drop lands mid-list, clear of the
        # edge zones (the seventh card, used before, ended in the bottom one, so the drop
        # measured an edge scroll's frame and a measuring of the column too).
        first = driver.execute_script("const r = document.querySelectorAll('#column-next .task:not([data-finished=true])')[2].getBoundingClientRect(); return [r.left + r.width * 0.6, r.top + 12]")
        for kind, y in (("mouseMoved", first[1]), ("mousePressed", first[1]), ("mouseMoved", first[1] + 10), ("mouseMoved", first[1] + 60)):
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": first[0], "y": y, "button": "left" if kind != "mouseMoved" or y != first[1] else "none", "buttons": 0 if kind == "mouseMoved" and y == first[1] else 1, "clickCount": 1})
            next_frames(driver)
        costs["mouse: drop and answer"].append(measured(
            lambda: driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": first[0], "y": first[1] + 60, "button": "left", "buttons": 0, "clickCount": 1}),
            settled + " && !document.querySelector('.drag-snapshot')"))

        moved = driver.execute_script("return document.querySelectorAll('#column-later .task:not([data-finished=true])')[10].dataset.taskId")
        costs["another tab's move, live"].append(measured(
            lambda: client.move(moved, "today"), f"return document.querySelector('#column-today .tasks #task-{moved}') !== null"))

        title = f"Added in the benchmark {round_}"
        field = driver.find_element("id", "new-today")
        field.send_keys(title)
        costs["adding a task"].append(measured(
            lambda: field.send_keys("\n"),
            f"return [...document.querySelectorAll('#column-today .task-title')].some((t) => t.textContent === {title!r})"))
    print(f"  applying a change, script + style + layout ms, median (min–max) of {rounds} (goal: 16 ms), and each part's median:")
    for name, runs in costs.items():
        total = [run[0] for run in runs]
        parts = "/".join(f"{statistics.median(run[k] for run in runs):.1f}" for k in (1, 2, 3))
        print(f"    {name:<36}{statistics.median(total):7.1f} ({min(total):.1f}–{max(total):.1f})   script/style/layout {parts}")


if __name__ == "__main__":
    # --big-board: only the 3,000-task board (its load, lift, drag and the interactions table).
    if "--big-board" in sys.argv[1:]:
        big_board()
    else:
        main()
