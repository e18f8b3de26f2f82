"""Hostile input at the HTTP layer, over real sockets: each gets a clear 4xx (or a closed
connection, for a client too slow to finish its headers) and the board keeps serving others."""
import socket
import time
import unittest

from harness import Server
from session import BoardSession


class HostileHTTPTests(unittest.TestCase):
    def setUp(self):
        self.server = Server(extra_args=["--idle-timeout", "1.5", "--body-timeout", "1.5"]).start()
        self.addCleanup(self.server.cleanup)
        self.port = int(self.server.url.rsplit(":", 1)[1])
        session = BoardSession(self.server.url)
        self.cookie, self.token = session.cookie, session.token

    def raw(self, data, read_timeout=10):
        """Sends raw bytes; returns the status line (or '' if the server closed without answering)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=read_timeout) as sock:
            sock.sendall(data)
            received = b""
            try:
                while b"\r\n" not in received:
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    received += chunk
            except socket.timeout:
                return "timeout"
            return received.split(b"\r\n", 1)[0].decode(errors="replace")

    def assert_still_serving(self):
        status, _, body = self.server.request("/healthz")
        self.assertEqual((status, body), (200, "ok"))
        status, _, page = self.server.request("/")
        self.assertEqual(status, 200)
        self.assertIn('<main id="board"', page)

    def post(self, body, content_type="application/x-www-form-urlencoded", extra=b""):
        head = (f"POST /tasks HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nCookie: {self.cookie}\r\n"
                f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\nAccept: application/json\r\n").encode()
        return self.raw(head + extra + b"\r\n" + body)

    def test_each_hostile_request_gets_a_clear_4xx_and_the_board_keeps_serving(self):
        token = self.token.encode()
        cases = {
            "oversized body": (self.post(b"title=x&column=today&notes=" + b"n" * (1_100_000) + b"&csrf=" + token), "413"),
            "invalid UTF-8": (self.post(b"title=%FF%FE%FD&column=today&csrf=" + token), "400"),
            "raw invalid UTF-8": (self.post(b"title=\xff\xfe&column=today&csrf=" + token), "400"),
            "50,000 form fields": (self.post(b"csrf=" + token + b"&" + b"&".join(b"f%d=1" % i for i in range(50_000))), "400"),
            # NIO's HTTP parser refuses methods it has never heard of before PlanBoard sees them: 400.
            "unknown method": (self.raw(f"BREW / HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "400"),
            "DELETE": (self.raw(f"DELETE /tasks/1 HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "405"),
            # Only exact names of the public files are served; anything else is no file at all.
            "path traversal": (self.raw(f"GET /..%2f..%2fetc/passwd HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "404"),
            "encoded dots": (self.raw(f"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "404"),
            "dot segments in an asset path": (self.raw(f"GET /assets/x/../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "404"),
            "NUL in a file name": (self.raw(f"GET /drag.js%00.svg HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "404"),
            "trailing slash on a file": (self.raw(f"GET /drag.js/ HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "404"),
            "trailing slash on a versioned file": (self.raw(f"GET /assets/x/board.css/ HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "404"),
            "foreign Host": (self.raw(b"GET / HTTP/1.1\r\nHost: rebound.example\r\n\r\n"), "421"),
            # A Host that is not a host name and a port is not a request for this board.
            "Host with a port that is not a number": (self.raw(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:abc\r\n\r\n"), "400"),
            "Host with a port out of range": (self.raw(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n\r\n"), "400"),
            "Host with more after the port": (self.raw(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:8080.evil\r\n\r\n"), "400"),
            "Host with text after an IPv6 address": (self.raw(b"GET / HTTP/1.1\r\nHost: [::1]evil\r\n\r\n"), "400"),
            "Host with an empty port": (self.raw(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:\r\n\r\n"), "400"),
            "two Host headers": (self.raw(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nHost: evil.example\r\n\r\n".encode()), "400"),
            "two Host headers, ours second": (self.raw(f"GET / HTTP/1.1\r\nHost: evil.example\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "400"),
            # A transfer coding nobody knows: refused, never a 500.
            "unknown Transfer-Encoding": (self.raw(
                f"POST /tasks HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nCookie: {self.cookie}\r\nTransfer-Encoding: xchunked\r\n"
                f"Content-Type: application/x-www-form-urlencoded\r\n\r\n5\r\ntitle\r\n0\r\n\r\n".encode()), "400"),
            "chunked, then something else": (self.raw(
                f"POST /tasks HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nCookie: {self.cookie}\r\nTransfer-Encoding: chunked, gzip\r\n"
                f"Content-Type: application/x-www-form-urlencoded\r\n\r\n5\r\ntitle\r\n0\r\n\r\n".encode()), "400"),
            # Issue 22, item 8: a coding before `chunked` was ignored, so the body read was not the one sent.
            "gzip, then chunked": (self.raw(
                f"POST /tasks HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nCookie: {self.cookie}\r\nTransfer-Encoding: gzip, chunked\r\n"
                f"Content-Type: application/x-www-form-urlencoded\r\n\r\n5\r\ntitle\r\n0\r\n\r\n".encode()), "400"),
            # A whole address as the target is for proxies; it was served by the Host header.
            "absolute-form target": (self.raw(f"GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "400"),
            "absolute-form target naming the board": (self.raw(
                f"GET http://127.0.0.1:{self.port}/ HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()), "400"),
            # Only the server names a problem with the head: a client's own field is dropped.
            "a client's own head-problem field": (self.raw(
                f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nPlanBoard-Head-Problem: absolute-target\r\n\r\n".encode()), "200"),
            "no Host": (self.raw(b"GET / HTTP/1.0\r\n\r\n"), "421"),
            "malformed request line": (self.raw(b"THIS IS NOT HTTP\r\n\r\n"), "400"),
        }
        for name, (status_line, code) in cases.items():
            with self.subTest(name):
                self.assertIn(f" {code} ", status_line + " ", f"{name}: {status_line!r}")
                self.assert_still_serving()

    def test_a_client_that_never_finishes_its_headers_is_cut_off(self):
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as sock:
            started = time.monotonic()
            sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n".encode())
            # Trickle a header byte every half second: the idle timer is not fooled by partial headers.
            closed = False
            for _ in range(20):
                time.sleep(0.5)
                try:
                    sock.sendall(b"X")
                    sock.settimeout(0.01)
                    if sock.recv(1) == b"":
                        closed = True
                        break
                except socket.timeout:
                    continue
                except OSError:
                    closed = True
                    break
                finally:
                    sock.settimeout(10)
            self.assertTrue(closed, "the server closed the slow connection")
            self.assertLess(time.monotonic() - started, 8)
        self.assert_still_serving()

    def test_an_idle_connection_is_closed(self):
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as sock:
            started = time.monotonic()
            self.assertEqual(sock.recv(1), b"", "closed without an answer")
            self.assertLess(time.monotonic() - started, 8)
        self.assert_still_serving()

    def test_a_body_that_trickles_in_too_slowly_gets_408(self):
        body = b"title=slow&column=today&csrf=" + self.token.encode()
        head = (f"POST /tasks HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nCookie: {self.cookie}\r\n"
                f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
                "Accept: application/json\r\n\r\n").encode()
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as sock:
            sock.sendall(head)
            status = ""
            for index in range(len(body)):
                try:
                    sock.sendall(body[index:index + 1])
                except OSError:
                    break
                sock.settimeout(0.4)
                try:
                    data = sock.recv(4096)
                    if data:
                        status = data.split(b"\r\n", 1)[0].decode()
                        break
                except socket.timeout:
                    pass
            self.assertIn(" 408 ", status + " ")
        self.assert_still_serving()


if __name__ == "__main__":
    unittest.main()
