"""Shared pieces of the browser tests: the real server on loopback and headless Chromium.

Nothing here downloads anything: Chromium and chromedriver come from Debian packages
(scripts/install-deps), and Selenium is told exactly which driver to use.
"""
import atexit
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("PLANBOARD_BINARY", os.path.join(ROOT, ".build", "debug", "planboard"))
# Templates/ and Public/ for the server (`--resources`), when not the checkout the binary was built
# from: a benchmark of an older build, say.
RESOURCES = os.environ.get("PLANBOARD_RESOURCES")
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
URL_LINE = re.compile(r"PlanBoard is running at (http://\S+?)/\s")


class Server:
    """`planboard --port 0` on a fresh database file, as a newcomer would run it."""

    def __init__(self, database=None, extra_args=(), launcher=()):
        self.launcher = list(launcher)
        self.folder = tempfile.mkdtemp(prefix="planboard-browser-")
        self.database = database or os.path.join(self.folder, "data", "board.sqlite")
        self.extra_args = list(extra_args) + (["--resources", RESOURCES] if RESOURCES else [])
        self.process = None
        self.url = None

    def start(self, timeout=30):
        # The log goes to a file: a pipe nobody reads would block the server once full.
        self.log_path = os.path.join(self.folder, "server.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [*self.launcher, BINARY, "--host", "127.0.0.1", "--port", "0", "--database", self.database, *self.extra_args],
            stdout=subprocess.PIPE, stderr=self.log, text=True, cwd=self.folder)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("planboard exited early: " + open(self.log_path).read())
            match = URL_LINE.search(line)
            if match:
                self.url = match.group(1)
                return self
        raise RuntimeError("planboard did not print its URL in time")

    def stop(self, sig=signal.SIGTERM, timeout=10):
        if self.process and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process:
            self.process.stdout.close()
            self.log.close()
        return self.process.returncode if self.process else None

    def cleanup(self):
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def request(self, path, data=None, headers=None, method=None):
        """A plain HTTP request; returns (status, headers, body text)."""
        request = urllib.request.Request(self.url + path, data=data, headers=headers or {}, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()


def chromium(width=1280, height=900, javascript=True, mobile=False, touch=False, network_log=False, dark=False,
             reduced_motion=False, extra_args=(), languages="en-GB", time_zone=None):
    """Headless Chromium from Debian, with the browser log captured for console-error checks.

    `network_log` also keeps the DevTools network events (`driver.get_log("performance")`), so a
    test can tell exactly which requests the page sent. `languages` is what the browser asks for
    (its Accept-Language), `time_zone` the zone its clock is in (an IANA name).
    """
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", f"--lang={languages.split(',')[0]}", *extra_args):
        options.add_argument(argument)
    prefs = {"intl.accept_languages": languages}
    logs = {"browser": "ALL"}
    if network_log:
        logs["performance"] = "ALL"
        options.set_capability("goog:perfLoggingPrefs", {"enableNetwork": True, "enablePage": False})
    options.set_capability("goog:loggingPrefs", logs)
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    if time_zone:
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": time_zone})
    if mobile or touch:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    features = [{"name": "prefers-color-scheme", "value": "dark"}] if dark else []
    if reduced_motion:
        features.append({"name": "prefers-reduced-motion", "value": "reduce"})
    if features:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
    return driver


# Screenshots for the README go to docs/ only when asked (PLANBOARD_REFRESH_DOCS=1); otherwise to a
# temporary folder, removed when the tests end, so a test run leaves the checkout as it found it.
REFRESH_DOCS = os.environ.get("PLANBOARD_REFRESH_DOCS") == "1"
_screenshot_folder = None


def save_screenshot(driver, name):
    """Saves what the browser shows as NAME (docs/NAME when refreshing the docs); returns the path."""
    global _screenshot_folder
    if REFRESH_DOCS:
        folder = os.path.join(ROOT, "docs")
    else:
        if _screenshot_folder is None:
            _screenshot_folder = tempfile.mkdtemp(prefix="planboard-screenshots-")
            atexit.register(shutil.rmtree, _screenshot_folder, True)
        folder = _screenshot_folder
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    if not driver.save_screenshot(path) or os.path.getsize(path) == 0:
        raise AssertionError(f"the screenshot {name} was not written")
    return path


def console_errors(driver):
    """Severe browser log entries: script errors, failed loads, CSP violations."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


class ServerTestCase(unittest.TestCase):
    """A test case with its own server (fresh database) started for each test."""

    def setUp(self):
        self.server = Server().start()
        self.addCleanup(self.server.cleanup)

    def board_json(self):
        status, _, body = self.server.request("/", headers={"Accept": "application/json"})
        self.assertEqual(status, 200)
        return json.loads(body)

    def titles(self):
        board = self.board_json()
        return {column: [task["title"] for task in tasks] for column, tasks in board["columns"].items()}


def wait_until_replaced(driver, element, timeout=15):
    """Waits until `element` has left the page (a navigation replaced the document). Chromium may
    answer a question about a node of the old document with "Node with given id does not belong to
    the document" rather than a stale-element error; both mean the page was replaced."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait as _Wait

    def gone(_):
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise

    _Wait(driver, timeout).until(gone, "the page was not replaced")

