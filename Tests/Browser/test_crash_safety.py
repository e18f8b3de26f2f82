"""SIGKILL in the middle of concurrent writes: after a restart nothing acknowledged is lost."""
import json
import signal
import threading
import time
import unittest

import loadgen
from harness import Server


class CrashSafetyTests(unittest.TestCase):
    # Different points in the load: early, while tasks are being created, and well into the moves.
    KILL_AFTER_SECONDS = (0.3, 0.7, 1.2, 2.0)

    def test_killed_mid_load_the_database_is_intact_and_every_acknowledged_change_survives(self):
        for round_number, delay in enumerate(self.KILL_AFTER_SECONDS):
            with self.subTest(kill_after=delay):
                server = Server().start()
                self.addCleanup(server.cleanup)
                host, port = "127.0.0.1", int(server.url.rsplit(":", 1)[1])
                initial = loadgen.seed_board(host, port, count=30)

                stop = threading.Event()
                result = {}

                def load():
                    result["ops"], _ = loadgen.run_load(host, port, clients=4, ops=100_000, seconds=15, seed=round_number + 1, stop=stop)

                worker = threading.Thread(target=load)
                worker.start()
                time.sleep(delay)
                server.process.send_signal(signal.SIGKILL)
                server.process.wait(timeout=10)
                stop.set()
                worker.join(timeout=30)
                self.assertFalse(worker.is_alive(), "the load stopped after the kill")
                answered = [op for op in result["ops"] if op.status is not None]
                self.assertGreater(len(answered), 0, "the kill came after some answers")

                restarted = Server(database=server.database).start()
                self.addCleanup(restarted.cleanup)
                status, _, page = restarted.request("/")
                self.assertEqual(status, 200)
                self.assertIn('<main id="board"', page)
                _, _, body = restarted.request("/", headers={"Accept": "application/json"})
                final = json.loads(body)
                problems = loadgen.verify(restarted.database, final, initial, answered, complete=False)
                self.assertEqual(problems, [], f"after a kill at {delay}s with {len(answered)} answered operations")
                restarted.stop()


if __name__ == "__main__":
    unittest.main()
