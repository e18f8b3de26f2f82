"""The live streams (`GET /events`) under attack: a page on another port of this machine cannot hold
them open, the cap of 64 holds for a burst, and a client that goes away frees its place at once."""
import concurrent.futures
import http.server
import os
import socket
import tempfile
import threading
import time
import unittest
import urllib.parse

from harness import Server, chromium

MAX_STREAMS = 64


class EventStreamTests(unittest.TestCase):
    def setUp(self):
        self.server = Server().start()
        self.addCleanup(self.server.cleanup)
        self.port = urllib.parse.urlparse(self.server.url).port
        self.sockets = []
        self.addCleanup(self.close_all)

    def close_all(self):
        for sock in self.sockets:
            sock.close()
        self.sockets = []

    def open_stream(self, extra=""):
        """Opens /events on a socket of its own; returns (status, socket). The socket stays open."""
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nAccept: text/event-stream\r\n{extra}\r\n".encode())
        received = b""
        while b"\r\n" not in received:
            chunk = sock.recv(4096)
            if not chunk:
                break
            received += chunk
        status = int(received.split(b" ", 2)[1]) if received.startswith(b"HTTP/1.1 ") else 0
        self.sockets.append(sock)
        return status, sock

    def test_a_burst_gets_exactly_the_cap_and_a_closed_stream_frees_its_place_at_once(self):
        with concurrent.futures.ThreadPoolExecutor(max_workers=40) as pool:
            opened = list(pool.map(lambda _: self.open_stream(), range(MAX_STREAMS + 16)))
        statuses = [status for status, _ in opened]
        self.assertEqual(statuses.count(200), MAX_STREAMS, "the cap is checked and taken in one step")
        self.assertEqual(statuses.count(503), 16)
        # Ten tabs close: their places are free well before the next heartbeat (15 s) would notice.
        streaming = [sock for status, sock in opened if status == 200]
        for sock in streaming[:10]:
            sock.close()
        deadline = time.monotonic() + 2
        reopened = 0
        while reopened < 10 and time.monotonic() < deadline:
            status, _ = self.open_stream()
            if status == 200:
                reopened += 1
            else:
                time.sleep(0.05)
        self.assertEqual(reopened, 10, "ten closed streams made room for ten new ones within 2 s")
        self.assertEqual(self.open_stream()[0], 503)

    def test_requests_from_another_site_or_port_are_refused(self):
        other = f"http://127.0.0.1:{self.port + 1}"
        for extra in ("Sec-Fetch-Site: cross-site\r\n", "Sec-Fetch-Site: same-site\r\n", f"Origin: {other}\r\n",
                      "Origin: http://evil.example\r\n", "Sec-Fetch-Site: same-site\r\nSec-Fetch-Dest: image\r\n"):
            with self.subTest(extra=extra.strip()):
                self.assertEqual(self.open_stream(extra)[0], 403)
        self.assertEqual(self.open_stream("Sec-Fetch-Site: same-origin\r\n")[0], 200)
        self.assertEqual(self.open_stream(f"Origin: http://127.0.0.1:{self.port}\r\nSec-Fetch-Site: same-origin\r\n")[0], 200)
        self.assertEqual(self.open_stream()[0], 200, "curl and scripts send neither")

    def test_a_page_on_another_port_cannot_use_up_the_streams(self):
        # The attacker's page, on another port of this machine: image requests to /events, each
        # dropped after a moment so the browser opens another (up to 6 at once per host).
        folder = tempfile.mkdtemp(prefix="planboard-attacker-")
        with open(os.path.join(folder, "attack.html"), "w") as page:
            page.write(f"""<!doctype html><title>attacker</title><script>
              let sent = 0;
              function next() {{
                if (sent >= 150) {{ document.title = 'done'; return; }}
                const image = new Image();
                image.src = 'http://127.0.0.1:{self.port}/events?n=' + (sent++);
                setTimeout(() => {{ image.src = ''; next(); }}, 30);
              }}
              for (let i = 0; i < 6; i++) next();
            </script>""")
        handler = lambda *args: http.server.SimpleHTTPRequestHandler(*args, directory=folder)
        attacker = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.addCleanup(attacker.server_close)
        threading.Thread(target=attacker.serve_forever, daemon=True).start()
        self.addCleanup(attacker.shutdown)

        driver = chromium()
        self.addCleanup(driver.quit)
        driver.get(f"http://127.0.0.1:{attacker.server_address[1]}/attack.html")
        deadline = time.monotonic() + 30
        while driver.title != "done" and time.monotonic() < deadline:
            time.sleep(0.1)
        self.assertEqual(driver.title, "done")
        # Every place is still free for the board's own pages.
        statuses = [self.open_stream()[0] for _ in range(MAX_STREAMS)]
        self.assertEqual(statuses.count(200), MAX_STREAMS)


if __name__ == "__main__":
    unittest.main()
