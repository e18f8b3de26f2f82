"""Memory of the real server while it reads large imports: a bounded peak, and given back after.

Reads the server's resident memory from /proc (VmRSS now, VmHWM the peak) around three refused
~7 MB Trello imports (too many cards) and one accepted import of 9,000 cards."""
import http.client
import json
import random
import time
import unittest
import urllib.parse

from harness import Server
from session import BoardSession

MB = 1024 * 1024


def trello_board(cards, seed):
    """A Trello export of `cards` cards with descriptions, labels and a long action history."""
    rng = random.Random(seed)
    words = "plan the trip book flights call anna review the report budget milk eggs bread".split()
    lists = [{"id": f"L{index}", "name": name, "closed": False} for index, name in enumerate(["Today", "Doing", "Next", "Later", "Done"])]
    board = {
        "name": "Big board", "lists": lists, "checklists": [],
        "cards": [{"id": f"{seed:08x}{index:016x}", "name": " ".join(rng.choice(words) for _ in range(6)),
                   "desc": " ".join(rng.choice(words) for _ in range(25)), "idList": f"L{index % 5}", "closed": False,
                   "labels": [{"color": "red", "name": "x"}], "dateLastActivity": "2024-01-01T00:00:00.000Z", "dueComplete": False}
                  for index in range(cards)],
        "actions": [{"id": f"a{index}", "type": "updateCard", "date": "2024-01-01T00:00:00.000Z",
                     "data": {"text": " ".join(rng.choice(words) for _ in range(20))}} for index in range(15_000)],
    }
    return json.dumps(board).encode()


def memory(pid):
    """(resident now, resident at its peak), in bytes."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return int(fields["VmRSS"].split()[0]) * 1024, int(fields["VmHWM"].split()[0]) * 1024


class ImportMemoryTests(unittest.TestCase):
    def setUp(self):
        self.server = Server().start()
        self.addCleanup(self.server.cleanup)
        parsed = urllib.parse.urlparse(self.server.url)
        self.host, self.port = parsed.hostname, parsed.port
        session = BoardSession(self.server.url)
        self.cookie, self.token = session.cookie, session.token

    def upload(self, data):
        boundary = "----PlanBoardMemoryTest"
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{self.token}\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"board.json\"\r\n"
                f"Content-Type: application/json\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
        connection = http.client.HTTPConnection(self.host, self.port, timeout=120)
        try:
            connection.request("POST", "/import", body=body, headers={
                "Cookie": self.cookie, "Content-Type": f"multipart/form-data; boundary={boundary}", "Accept": "application/json"})
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()

    def test_large_imports_keep_memory_bounded_and_give_it_back(self):
        pid = self.server.process.pid
        # Warm up: the first request of each kind loads code and caches that stay for good.
        self.upload(trello_board(50, seed=0))
        time.sleep(0.5)
        # The peak is counted from here (writing 5 to clear_refs resets VmHWM).
        with open(f"/proc/{pid}/clear_refs", "w") as clear:
            clear.write("5")
        start, _ = memory(pid)
        refused = trello_board(11_000, seed=1)  # about 7 MB
        self.assertGreater(len(refused), 6.5 * MB)
        for attempt in range(3):
            status, body = self.upload(refused)
            self.assertEqual(status, 422, body[:300])
            self.assertIn("10000", body.replace(",", ""))
            time.sleep(0.5)
        accepted = trello_board(9_000, seed=2)
        status, body = self.upload(accepted)
        self.assertEqual(status, 200, body[:300])
        self.assertEqual(json.loads(body)["total"], 9_000)
        time.sleep(0.5)
        after, peak = memory(pid)
        upload = len(refused)
        print(f"\nimport memory: upload {upload / MB:.1f} MB; resident {start / MB:.0f} MB before, "
              f"peak {peak / MB:.0f} MB, {after / MB:.0f} MB after (peak {(peak - start) / upload:.1f}× the upload above the start)")
        # Measured 6.4–9.5× over five runs on 27 Nov 2026 (glibc's arenas make it vary with how
        # the work falls on threads); before imports were read where they lie it was 43×.
        self.assertLessEqual(peak - start, 12 * upload, "the peak stays within 12× the upload")
        self.assertLessEqual(after - start, 50 * MB, "and memory is given back after the import")


    def test_unread_exports_are_bounded_and_streamed(self):
        # Issue 22, item 7: twenty `GET /export` answers of a large board that nobody reads each
        # held the whole encoded file until the idle timeout (1.1 GB for a 25 MB board). At most
        # two exports or imports run at once; the rest are told to come back (503, Retry-After),
        # and an export is written as it is read.
        import socket
        notes = ("Notes that take up room, line after line. " * 2500)[:100_000]
        document = {"format": "planboard-export", "version": 1, "columns": {
            "today": [{"title": f"Task {index}", "notes": notes} for index in range(50)], "next": [], "later": []}}
        status, answer = BoardSession(self.server.url).post_json("/import", document)
        self.assertEqual(status, 200, answer)
        pid = self.server.process.pid
        before, _ = memory(pid)
        sockets, statuses = [], []
        for _ in range(20):
            sock = socket.create_connection((self.host, self.port), timeout=30)
            sockets.append(sock)
            sock.sendall(f"GET /export HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nCookie: {self.cookie}\r\n\r\n".encode())
            head = b""
            while b"\r\n\r\n" not in head:
                head += sock.recv(1)
            statuses.append((int(head.split(b" ", 2)[1]), b"retry-after: 5" in head.lower()))
        time.sleep(1)
        held, _ = memory(pid)
        print(f"\n20 unread exports of a {len(json.dumps(document)) / MB:.1f} MB board: "
              f"{before / MB:.0f} MB -> {held / MB:.0f} MB while held; answers {[code for code, _ in statuses]}")
        self.assertEqual([code for code, _ in statuses].count(200), 2)
        self.assertEqual(statuses.count((503, True)), 18, "the rest are told when to come back")
        self.assertLess(held - before, 64 * MB)
        self.assertEqual(self.server.request("/healthz")[:1], (200,))
        for sock in sockets:
            sock.close()
        # The places come back with the connections, and the export is whole (notes and their source
        # make it larger than the 8 MB import limit, so it is not imported again here).
        for _ in range(100):
            status, headers, body = self.server.request("/export")
            if status == 200:
                break
            time.sleep(0.1)
        self.assertEqual(status, 200)
        exported = json.loads(body)
        self.assertEqual(len(exported["columns"]["today"]), 50)
        self.assertEqual(exported["format"], "planboard-export")



if __name__ == "__main__":
    unittest.main()
