"""Upgrading a board: the server keeps a copy and says where; a board from a newer PlanBoard is
refused, unchanged, with a message that says what to do."""
import hashlib
import os
import shutil
import sqlite3
import subprocess
import unittest

from harness import BINARY, ROOT, Server

FIXTURES = os.path.join(ROOT, "Tests", "PlanStoreTests", "Fixtures")


def digest(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


class UpgradeTests(unittest.TestCase):
    def test_an_old_board_is_copied_first_and_the_log_says_where(self):
        server = Server()
        self.addCleanup(server.cleanup)
        os.makedirs(os.path.dirname(server.database), exist_ok=True)
        shutil.copy(os.path.join(FIXTURES, "sqlite-v3.sqlite"), server.database)
        server.start()
        status, _, body = server.request("/", headers={"Accept": "application/json"})
        self.assertEqual(status, 200)
        self.assertIn('"title":"Markdown notes"', body)
        server.stop()
        log = open(server.log_path).read()
        self.assertIn("Upgraded the board's database from schema v3 to", log)
        backup = log.split("a copy of it as it was is at ", 1)[1].split()[0]
        self.assertTrue(os.path.exists(backup), log)
        self.assertEqual(os.path.dirname(backup), os.path.dirname(server.database))
        with sqlite3.connect(backup) as kept:
            self.assertEqual(kept.execute("SELECT count(*) FROM grdb_migrations").fetchone()[0], 3)

    def test_a_board_from_a_newer_planboard_is_refused_and_left_as_it_was(self):
        server = Server()
        self.addCleanup(server.cleanup)
        os.makedirs(os.path.dirname(server.database), exist_ok=True)
        shutil.copy(os.path.join(FIXTURES, "sqlite-v5.sqlite"), server.database)
        with sqlite3.connect(server.database) as board:
            board.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        board.close()
        before = digest(server.database)
        result = subprocess.run([BINARY, "--port", "0", "--database", server.database],
                                capture_output=True, text=True, timeout=60)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("was written by a newer version of PlanBoard", result.stderr)
        self.assertIn("v99: from the future", result.stderr)
        self.assertIn("Nothing was changed", result.stderr)
        self.assertEqual(digest(server.database), before)


if __name__ == "__main__":
    unittest.main()
