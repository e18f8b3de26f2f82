"""`planboard` as a newcomer runs it: flags, the printed URL, health, clean stop, data kept."""
import os
import signal
import unittest

from harness import Server
from session import BoardSession


class CommandLineTests(unittest.TestCase):
    def test_prints_the_real_url_answers_healthz_and_stops_cleanly_on_sigterm(self):
        server = Server().start()
        self.addCleanup(server.cleanup)
        self.assertRegex(server.url, r"^http://127\.0\.0\.1:\d+$")
        self.assertNotEqual(server.url.rsplit(":", 1)[1], "0", "port 0 must be replaced by the real port")
        status, _, body = server.request("/healthz")
        self.assertEqual((status, body), (200, "ok"))
        self.assertEqual(server.stop(signal.SIGTERM), 0)

    def test_ctrl_c_stops_cleanly(self):
        server = Server().start()
        self.addCleanup(server.cleanup)
        self.assertEqual(server.stop(signal.SIGINT), 0)

    def test_database_folder_is_created_and_data_survives_a_restart(self):
        first = Server()
        first.database = os.path.join(first.folder, "does", "not", "exist", "board.sqlite")
        first.start()
        self.addCleanup(first.cleanup)
        status, _ = BoardSession(first.url).post("/tasks", {"title": "Survives", "column": "next"})
        self.assertEqual(status, 201)
        self.assertTrue(os.path.exists(first.database))
        first.stop()

        second = Server(database=first.database).start()
        self.addCleanup(second.cleanup)
        status, _, body = second.request("/", headers={"Accept": "application/json"})
        self.assertIn('"title":"Survives"', body)

    def test_bad_flags_are_refused_with_a_message(self):
        import subprocess
        from harness import BINARY
        result = subprocess.run([BINARY, "--port", "70000"], capture_output=True, text=True, timeout=30)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("--port must be between 0 and 65535", result.stderr)
        result = subprocess.run([BINARY, "--resources", "/nonexistent"], capture_output=True, text=True, timeout=30)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("has no Templates/board.mustache", result.stderr)
        result = subprocess.run([BINARY, "--undo-depth", "0"], capture_output=True, text=True, timeout=30)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("--undo-depth, --undo-days and --history-days must be at least 1", result.stderr)

    def test_the_boards_day_can_be_set_by_flags_and_is_kept_with_the_board(self):
        import json
        server = Server(extra_args=["--time-zone", "Asia/Taipei", "--day-starts-at", "4"]).start()
        self.addCleanup(server.cleanup)
        status, _, body = server.request("/settings", headers={"Accept": "application/json"})
        self.assertEqual(status, 200)
        self.assertEqual((json.loads(body)["timeZone"], json.loads(body)["dayStartsAt"]), ("Asia/Taipei", 4))
        server.stop()
        # Started again without the flags, the board keeps them; `server` gives the zone back to the server.
        again = Server(database=server.database, extra_args=["--time-zone", "server"]).start()
        self.addCleanup(again.cleanup)
        status, _, body = again.request("/settings", headers={"Accept": "application/json"})
        self.assertEqual((json.loads(body)["timeZone"], json.loads(body)["dayStartsAt"]), (None, 4))

    def test_a_day_that_cannot_be_is_refused_at_start(self):
        import subprocess
        from harness import BINARY
        result = subprocess.run([BINARY, "--time-zone", "Mars/Olympus"], capture_output=True, text=True, timeout=30)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("--time-zone Mars/Olympus is not the name of a time zone", result.stderr)
        result = subprocess.run([BINARY, "--day-starts-at", "25"], capture_output=True, text=True, timeout=30)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("--day-starts-at must be a whole hour from 0 to 23", result.stderr)

    def test_a_database_server_that_cannot_be_reached_is_said_plainly(self):
        import subprocess
        from harness import BINARY
        # Port 9 (discard): nothing listens there on a test machine.
        result = subprocess.run([BINARY, "--port", "0", "--database", "postgres://planboard:hunter2@127.0.0.1:9/board"],
                                capture_output=True, text=True, timeout=60)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("Could not reach the database at postgres://planboard:***@127.0.0.1:9/board", result.stderr)
        self.assertNotIn("hunter2", result.stderr + result.stdout, "the password is never shown")


class BackupRestoreTests(unittest.TestCase):
    def run_cli(self, *args):
        import subprocess
        from harness import BINARY
        return subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=60)

    def test_backup_while_the_server_runs_and_restore_it(self):
        import json
        import sqlite3
        import demo
        server = Server().start()
        self.addCleanup(server.cleanup)
        demo.seed(server)
        backup = os.path.join(server.folder, "backups", "nightly.sqlite")
        result = self.run_cli("backup", backup, "--database", server.database)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("Backed up revision", result.stdout)
        with sqlite3.connect(f"file:{backup}?mode=ro", uri=True) as db:
            self.assertEqual(db.execute("PRAGMA integrity_check").fetchone()[0], "ok")
            self.assertEqual(db.execute("SELECT COUNT(*) FROM task").fetchone()[0], 10)

        status, _ = BoardSession(server.url).post("/tasks", {"title": "added after the backup", "column": "today"})
        self.assertEqual(status, 201)
        result = self.run_cli("restore", backup, "--database", server.database)
        self.assertEqual(result.returncode, 0, result.stderr)
        _, _, body = server.request("/", headers={"Accept": "application/json"})
        titles = [task["title"] for tasks in json.loads(body)["columns"].values() for task in tasks]
        self.assertEqual(len(titles), 10)
        self.assertNotIn("added after the backup", titles)

    def test_the_database_and_backups_are_private_and_a_backup_leaves_nothing_beside_it(self):
        # Issue 22, item 7: the database, its -wal/-shm and backups were made 0644 in 0755 folders
        # although they hold the session key; a backup left NAME.partial-wal and -shm behind, and
        # took the live database as its destination.
        import stat
        server = Server().start()
        self.addCleanup(server.cleanup)
        BoardSession(server.url).post("/tasks", {"title": "private", "column": "today"})
        mode = lambda path: stat.S_IMODE(os.stat(path).st_mode)
        self.assertEqual(oct(mode(os.path.dirname(server.database))), oct(0o700), "the folder PlanBoard made")
        for suffix in ("", "-wal", "-shm"):
            self.assertEqual(oct(mode(server.database + suffix)), oct(0o600), "board.sqlite" + suffix)

        folder = os.path.join(server.folder, "backups", "nightly")
        backup = os.path.join(folder, "board.sqlite")
        result = self.run_cli("backup", backup, "--database", server.database)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(os.listdir(folder), ["board.sqlite"], "nothing but the backup")
        self.assertEqual(oct(mode(backup)), oct(0o600))
        self.assertEqual(oct(mode(folder)), oct(0o700))
        self.assertEqual(oct(mode(os.path.dirname(folder))), oct(0o700))

        for destination in (server.database, os.path.join(os.path.dirname(server.database), ".", "board.sqlite")):
            result = self.run_cli("backup", destination, "--database", server.database)
            self.assertNotEqual(result.returncode, 0)
            self.assertIn("is the board's own database", result.stderr)
        _, _, body = server.request("/", headers={"Accept": "application/json"})
        self.assertIn('"title":"private"', body, "the board is untouched")

    def test_backup_and_restore_of_a_board_in_postgresql_point_to_pg_dump(self):
        import subprocess
        from harness import BINARY
        url = "postgres://planboard@127.0.0.1:9/board"
        for command in (["backup", "copy.dump", "--database", url], ["restore", "copy.dump", "--database", url]):
            result = self.run_cli(*command)
            self.assertNotEqual(result.returncode, 0)
            self.assertIn("The board is in PostgreSQL", result.stderr)
            self.assertIn("pg_dump", result.stderr)
        # The same when the URL comes from the environment.
        result = subprocess.run([BINARY, "backup", "copy.dump"], capture_output=True, text=True, timeout=60,
                                env={**os.environ, "PLANBOARD_DATABASE_URL": url})
        self.assertIn("pg_dump", result.stderr)

    def test_restore_refuses_a_damaged_file_and_changes_nothing(self):
        server = Server().start()
        self.addCleanup(server.cleanup)
        bad = os.path.join(server.folder, "bad.sqlite")
        with open(bad, "w") as handle:
            handle.write("this is not a database")
        result = self.run_cli("restore", bad, "--database", server.database)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("is not a PlanBoard database", result.stderr)


if __name__ == "__main__":
    unittest.main()
