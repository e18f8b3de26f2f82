"""How long a person waits for the board in the browser: headless Chromium loading GET / of boards of
30, 300 and 3,000 realistic tasks from the release build on loopback. Not part of the test run;
scripts/bench-browser runs it.

For each board it loads the page `--loads` times with a cold cache (the browser's cache cleared
before each load), as many times cold as on a first visit (without the screenful the page keeps,
so with the server's default count of cards as markup, BoardPage.markupEnd) and as many times
warm (the stylesheet and scripts cached), in turns, and prints medians with the spread (min–max) of:

- first contentful paint, DOM interactive and DOMContentLoaded (the page's own navigation and paint
  timings);
- liftable: when the drag layer is ready (drag.js marks `planboard:ready`), so a card can be lifted;
- every card: when the last of the cards the page sends as text (a long column's later groups,
  PageRenderer.laterStart) are on the page (unfold.js marks `planboard:all-cards`), so find in
  page reaches them without a key pressed first;
- Chromium's layout, style and script time for the load (`Performance.getMetrics`: the renderer's
  LayoutDuration, RecalcStyleDuration and ScriptDuration counters, read before and after);
- the floor: the same HTML with its stylesheet and scripts taken out, served from a local file
  server, loaded the same way, so the distance to it is what the stylesheet and scripts cost.

Then, on the page loaded warm, it scrolls the Today column's list from its top to its bottom with
a smooth wheel gesture (`Input.synthesizeScrollGesture`, `--scroll-speed` px/s) and prints the
frames the page drew meanwhile (requestAnimationFrame timestamps): frames per second, the median,
95th percentile and longest time between frames, how many took over 25 ms (a missed frame at
60 Hz), and Chromium's layout / style / script ms for the whole scroll.
"""
import argparse
import functools
import http.server
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))

from bench_http import seed, start  # noqa: E402
from harness import ROOT, chromium  # noqa: E402

TIMINGS = """
const scripted = arguments[0];
const done = arguments[arguments.length - 1];
const read = () => {
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const ready = performance.getEntriesByName('planboard:ready')[0];
  // Every card is on the page at the mark; a build before unfold.js never marks it, and had every
  // card at DOMContentLoaded (nothing waiting in a noscript once the drag layer is ready).
  const all = performance.getEntriesByName('planboard:all-cards')[0]
    ?? (ready && !document.querySelector('noscript.later-cards') ? { startTime: nav.domContentLoadedEventEnd } : null);
  if (!nav || nav.loadEventEnd === 0 || !paint || (scripted && !(ready && all))) { setTimeout(read, 20); return; }
  // Two frames after load, so the counters include the first layout after the scripts ran.
  requestAnimationFrame(() => requestAnimationFrame(() => done({
    paint: paint.startTime, interactive: nav.domInteractive, loaded: nav.domContentLoadedEventEnd,
    ready: ready ? ready.startTime : null, all: all ? all.startTime : null, elements: document.getElementsByTagName('*').length })));
};
read();
"""

COUNTERS = ("LayoutDuration", "RecalcStyleDuration", "ScriptDuration")

FRAMES = """
const done = arguments[arguments.length - 1];
const list = document.querySelector('#column-today .tasks');
const frames = [];
let running = true;
const tick = (time) => { frames.push(time); if (running) requestAnimationFrame(tick); };
requestAnimationFrame(tick);
window.__stopFrames = () => { running = false; return frames; };
const box = list.getBoundingClientRect();
// Two frames first, so the gesture starts on a page that is drawing.
requestAnimationFrame(() => requestAnimationFrame(() => done({
  x: box.left + box.width / 2, y: box.top + Math.min(box.height / 2, 300),
  distance: list.scrollHeight - list.clientHeight, cards: list.querySelectorAll('.task').length })));
"""


def counters(driver):
    values = {item["name"]: item["value"] for item in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
    return [values[name] * 1000 for name in COUNTERS]


SCREENFUL = "pb_screenful"


def wait_for_screenful(driver):
    """The cards a column shows, as the board page measured and kept it (unfold.js), once kept."""
    for _ in range(100):
        kept = driver.get_cookie(SCREENFUL)
        if kept:
            return kept["value"]
        time.sleep(0.05)
    raise RuntimeError("the board page kept no screenful (pb_screenful)")


def load(driver, url, cold, scripted):
    """One load of `url`: the page's timings and Chromium's layout/style/script ms during it."""
    # From a blank page, so that tearing down the previous board (thousands of elements) is not
    # counted in this load's timings: navigated straight from one board to the next, even a
    # trivial page's first paint measured 52–60 ms here, and 40 ms with about:blank between.
    driver.get("about:blank")
    if cold:
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    before = counters(driver)
    driver.get(url)
    timings = driver.execute_async_script(TIMINGS, scripted)
    after = counters(driver)
    # The counters are the renderer's since it started: should the load have got a new renderer,
    # what it shows is this load's alone.
    renewed = any(b < a for a, b in zip(before, after))
    timings.update(zip(("layout", "style", "script"), (b if renewed else b - a for a, b in zip(before, after))))
    return timings


def scroll(driver, speed):
    """Scrolls the Today column's list top to bottom as a wheel would; returns what the frames say."""
    place = driver.execute_async_script(FRAMES)
    before = counters(driver)
    started = time.monotonic()
    driver.execute_cdp_cmd("Input.synthesizeScrollGesture", {
        "x": place["x"], "y": place["y"], "yDistance": -place["distance"], "speed": speed,
        "gestureSourceType": "mouse", "preventFling": True})
    took = (time.monotonic() - started) * 1000
    after = counters(driver)
    frames = driver.execute_script("return window.__stopFrames()")
    gaps = sorted(b - a for a, b in zip(frames, frames[1:]))
    scrolled = driver.execute_script("const l = document.querySelector('#column-today .tasks'); return l.scrollTop")
    return {
        "cards": place["cards"], "distance": place["distance"], "scrolled": scrolled, "took": took,
        "fps": 1000 * len(gaps) / (frames[-1] - frames[0]) if len(frames) > 1 else 0,
        "median": statistics.median(gaps), "p95": gaps[int(len(gaps) * 0.95)], "longest": gaps[-1],
        "missed": sum(1 for gap in gaps if gap > 25), "frames": len(gaps),
        "work": [b - a for a, b in zip(before, after)],
    }


def floor_page(html):
    """The board's HTML without its stylesheet and scripts."""
    html = re.sub(r"<script\b[^>]*>.*?</script>", "", html, flags=re.S)
    html = re.sub(r"<link\b[^>]*>", "", html)
    return html


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def serve_folder(folder):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def spread(values):
    values = [v for v in values if v is not None]
    if not values:
        return "      —            "
    return f"{statistics.median(values):7.0f} ({min(values):5.0f}–{max(values):5.0f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "planboard"))
    parser.add_argument("--resources", default=ROOT, help="the checkout whose Templates/ and Public/ the binary serves")
    parser.add_argument("--loads", type=int, default=7)
    parser.add_argument("--sizes", default="30,300,3000")
    parser.add_argument("--scroll-speed", type=int, default=2000, help="px/s of the scroll gesture")
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="planboard-browser-bench-")
    # One renderer for the whole run (no back-forward cache, no swapping it on navigation), so its
    # counters can be read before and after each load.
    driver = chromium(extra_args=("--disable-features=BackForwardCache,ProactivelySwapBrowsingInstance,RenderDocument",))
    driver.execute_cdp_cmd("Performance.enable", {})
    driver.execute_cdp_cmd("Network.enable", {})
    print(f"Board page in headless Chromium ({os.cpu_count()} cores), {arguments.loads} loads each, median (min–max) in ms")
    print(f"{'board':<32}{'first paint':>22}{'DOM interactive':>22}{'DOMContentLoaded':>22}{'liftable':>22}{'every card':>22}"
          f"{'layout':>22}{'style':>22}{'script':>22}  elements")
    try:
        for size in [int(s) for s in arguments.sizes.split(",")]:
            board_folder = os.path.join(folder, str(size))
            os.makedirs(board_folder)
            process, url = start(arguments.binary, board_folder, arguments.resources)
            files = serve_folder(board_folder)
            try:
                cookie = seed(url, size)
                name, value = cookie.split("=", 1)
                driver.get(url + "/healthz")
                driver.add_cookie({"name": name, "value": value, "path": "/"})
                # The server's first drawing, not counted; the page measures how many cards a column
                # shows here and keeps it (pb_screenful), so later loads get that many as markup.
                load(driver, url + "/", cold=False, scripted=True)
                screenful = wait_for_screenful(driver)
                with urllib.request.urlopen(urllib.request.Request(url + "/", headers={"Cookie": f"{cookie}; {SCREENFUL}={screenful}"}), timeout=60) as response:
                    html = response.read().decode()
                with open(os.path.join(board_folder, "floor.html"), "w") as page:
                    page.write(floor_page(html))
                floor_url = f"http://127.0.0.1:{files.server_address[1]}/floor.html"
                runs = {"cold": [], "cold, first visit": [], "warm": [], "floor": []}
                for _ in range(arguments.loads):  # in turns, so a slow moment of the machine hits all kinds alike
                    runs["cold"].append(load(driver, url + "/", cold=True, scripted=True))
                    # As on a first visit: no screenful kept yet (BoardPage.screenfulByDefault cards).
                    driver.delete_cookie(SCREENFUL)
                    runs["cold, first visit"].append(load(driver, url + "/", cold=True, scripted=True))
                    driver.add_cookie({"name": SCREENFUL, "value": screenful, "path": "/"})
                    runs["warm"].append(load(driver, url + "/", cold=False, scripted=True))
                    runs["floor"].append(load(driver, floor_url, cold=True, scripted=False))
                for kind, samples in runs.items():
                    label = f"{size:>5} tasks, {kind}"
                    columns = "".join(spread([s[key] for s in samples])
                                      for key in ("paint", "interactive", "loaded", "ready", "all", "layout", "style", "script"))
                    print(f"{label:<32}{columns}  {samples[0]['elements']}")
                print(f"{size:>5} tasks: the page sent {screenful} cards a column as markup, the screenful it measured "
                      f"here (a first visit: 12)")
                load(driver, url + "/", cold=False, scripted=True)
                moved = scroll(driver, arguments.scroll_speed)
                layout, style, script = moved["work"]
                print(f"{size:>5} tasks, scrolling Today ({moved['cards']:,} cards, {moved['distance']:,} px at "
                      f"{arguments.scroll_speed:,} px/s, {moved['took']:.0f} ms): {moved['fps']:.1f} fps over {moved['frames']} frames; "
                      f"between frames median {moved['median']:.1f}, p95 {moved['p95']:.1f}, longest {moved['longest']:.1f} ms; "
                      f"{moved['missed']} over 25 ms; layout / style / script {layout:.0f} / {style:.0f} / {script:.0f} ms"
                      f"{'' if moved['scrolled'] >= moved['distance'] - 2 else ' (did not reach the bottom: ' + str(moved['scrolled']) + ')'}",
                      flush=True)
            finally:
                files.shutdown()
                process.terminate()
                process.wait()
    finally:
        driver.quit()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
