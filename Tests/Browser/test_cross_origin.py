"""A hostile page in a real browser: another local origin posting forms and calling fetch, and a
DNS-rebound name pointing at the board. None of it may change or read the board."""
import http.server
import threading
import unittest

from selenium.webdriver.support.ui import WebDriverWait

import demo
from harness import ServerTestCase, chromium, wait_until_replaced


def serve_page(html):
    """Serves one HTML page from another origin (127.0.0.1, another port); returns (url, stop)."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    # Threading: Chromium opens spare connections, which would stall a one-at-a-time server.
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/", httpd.shutdown


class CrossOriginTests(ServerTestCase):
    def setUp(self):
        super().setUp()
        demo.seed(self.server)
        self.before = self.board_json()

    def test_a_page_on_another_local_port_can_neither_post_nor_read_even_with_a_leaked_token(self):
        driver = chromium()
        self.addCleanup(driver.quit)
        # The person has the board open: the browser holds its session cookie.
        driver.get(self.server.url + "/")
        token = driver.execute_script("return document.querySelector('input[name=csrf]').value")
        board = self.server.url
        # Same site (ports don't separate sites), so the cookie goes along: only the Origin check stands in the way.
        attack = f"""<!doctype html><title>Totally harmless</title>
<form id="f" method="post" action="{board}/tasks">
  <input name="title" value="forged by form"><input name="column" value="today"><input name="csrf" value="{token}">
</form>
<script>
window.results = {{}};
fetch("{board}/", {{credentials: "include", headers: {{"Accept": "application/json"}}}})
  .then(r => r.text()).then(t => results.read = "read " + t.length + " bytes").catch(e => results.read = "blocked");
fetch("{board}/tasks", {{method: "POST", mode: "no-cors", credentials: "include",
  headers: {{"Content-Type": "application/x-www-form-urlencoded"}}, body: "title=forged+by+fetch&column=today&csrf={token}"}})
  .then(() => results.post = "sent").catch(() => results.post = "failed");
setTimeout(() => document.getElementById("f").submit(), 800);
</script>"""
        url, stop = serve_page(attack)
        self.addCleanup(stop)
        driver.get(url)
        WebDriverWait(driver, 10).until(lambda d: d.current_url.startswith(board))
        # The form landed on the board's refusal page.
        self.assertIn("This request came from another site", driver.page_source)
        after = self.board_json()
        titles = [task["title"] for tasks in after["columns"].values() for task in tasks]
        self.assertNotIn("forged by form", titles)
        self.assertNotIn("forged by fetch", titles)
        self.assertEqual(after["revision"], self.before["revision"])

    def test_the_attack_pages_fetch_cannot_read_the_board(self):
        driver = chromium()
        self.addCleanup(driver.quit)
        driver.get(self.server.url + "/")
        page = f"""<!doctype html><script>
window.results = {{}};
fetch("{self.server.url}/", {{credentials: "include", headers: {{"Accept": "application/json"}}}})
  .then(r => r.text()).then(t => results.read = "read " + t.length).catch(e => results.read = "blocked");
</script>"""
        url, stop = serve_page(page)
        self.addCleanup(stop)
        driver.get(url)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.results && window.results.read"))
        self.assertEqual(driver.execute_script("return window.results.read"), "blocked")

    def test_a_session_cookie_planted_at_a_longer_path_locks_nobody_out(self):
        # Issue 22, item 4: a page on another port of this machine (cookies are not kept apart by
        # port) sets `pb_session=…; path=/tasks`. The browser then sends it before the board's own,
        # at `/`, with every request under /tasks: the first value was used, and every task form
        # failed with 403, even after a reload.
        driver = chromium()
        self.addCleanup(driver.quit)
        driver.get(self.server.url + "/")
        task = self.before["columns"]["today"][0]
        url, stop = serve_page("""<!doctype html><title>planting</title><script>
document.cookie = "pb_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA; path=/tasks";
document.cookie = "pb_session=planted; path=/tasks/";
document.title = "planted";
</script>""")
        self.addCleanup(stop)
        driver.get(url)
        WebDriverWait(driver, 10).until(lambda d: d.title == "planted")
        for attempt in ("first", "after a reload"):
            driver.get(f"{self.server.url}/tasks/{task['id']}")
            driver.find_element("css selector", ".edit-panel > summary").click()
            title = driver.find_element("id", "title")
            title.clear()
            title.send_keys(f"Renamed {attempt}")
            driver.find_element("css selector", ".edit-task button[type=submit]").click()
            wait_until_replaced(driver, title, timeout=10)
            self.assertIn(f"Renamed {attempt}", [t["title"] for t in self.board_json()["columns"]["today"]], attempt)
        # The planted copies were cleared: under /tasks the browser now holds only the board's own.
        driver.get(f"{self.server.url}/tasks/{task['id']}")
        sessions = [cookie for cookie in driver.get_cookies() if cookie["name"] == "pb_session"]
        self.assertEqual([cookie["path"] for cookie in sessions], ["/"], sessions)

    def test_a_dns_rebound_name_gets_nothing(self):
        port = self.server.url.rsplit(":", 1)[1]
        # Chromium resolves rebind.test to 127.0.0.1, as a rebinding attacker's DNS would.
        driver = chromium(extra_args=["--host-resolver-rules=MAP rebind.test 127.0.0.1"])
        self.addCleanup(driver.quit)
        driver.get(f"http://rebind.test:{port}/")
        self.assertIn("This PlanBoard only answers to the addresses it was started for", driver.page_source)
        self.assertNotIn("Reply to Anna", driver.page_source)
        result = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch("/", {headers: {"Accept": "application/json"}}).then(r => r.status + " " + r.statusText).then(done, e => done("error"));""")
        self.assertTrue(result.startswith("421"), result)
        self.assertEqual(self.board_json()["revision"], self.before["revision"])


if __name__ == "__main__":
    unittest.main()
