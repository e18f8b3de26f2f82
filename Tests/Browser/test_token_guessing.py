"""Guessing the access token, over real sockets from several loopback addresses (127.0.0.x are all
this machine, and each is a client of its own): one budget per client for bearer and form guesses
together, the owner never locked out, weak tokens refused at start, logout, and Secure cookies
behind https."""
import concurrent.futures
import http.client
import subprocess
import time
import unittest
import urllib.parse

from harness import BINARY, Server

TOKEN = subprocess.run([BINARY, "token"], capture_output=True, text=True, check=True).stdout.strip()


class Client:
    """HTTP from one source address, keeping every header (Set-Cookie may come more than once)."""

    def __init__(self, server, source):
        parsed = urllib.parse.urlparse(server.url)
        self.host, self.port, self.source = parsed.hostname, parsed.port, source

    def send(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=15, source_address=(self.source, 0))
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.getheaders(), response.read().decode()
        finally:
            connection.close()

    def bearer(self, token, extra=None):
        return self.send("GET", "/", headers={"Authorization": f"Bearer {token}", "Accept": "application/json", **(extra or {})})

    def login(self, token):
        """The login form as a browser sends it: a first visit for the session, then the post."""
        _, headers, _ = self.send("GET", "/login")
        session = cookie(headers, "pb_session")
        body = urllib.parse.urlencode({"csrf": session, "token": token, "next": "/"})
        return self.send("POST", "/login", body=body, headers={
            "Cookie": f"pb_session={session}", "Content-Type": "application/x-www-form-urlencoded"}) + (session,)


def cookie(headers, name):
    for key, value in headers:
        if key.lower() == "set-cookie" and value.startswith(name + "="):
            return value.split(";", 1)[0].split("=", 1)[1]
    return None


def set_cookies(headers):
    return [value for key, value in headers if key.lower() == "set-cookie"]


class TokenGuessingTests(unittest.TestCase):
    def setUp(self):
        self.server = Server(extra_args=["--access-token", TOKEN, "--trusted-proxy", "127.0.0.9"]).start()
        self.addCleanup(self.server.cleanup)

    def guess_in_parallel(self, guesses):
        """(client, kind) pairs, each sending a wrong token; returns their statuses."""
        def one(guess):
            client, kind = guess
            if kind == "bearer":
                return client.bearer("wrong-" + TOKEN[:10])[0]
            return client.login("wrong-" + TOKEN[:10])[0]
        with concurrent.futures.ThreadPoolExecutor(max_workers=20) as pool:
            return list(pool.map(one, guesses))

    def test_a_guesser_is_stopped_after_ten_tries_and_the_owner_still_gets_in(self):
        attacker, owner = Client(self.server, "127.0.0.2"), Client(self.server, "127.0.0.3")
        # Bearer and form guesses draw on one budget: ten in all, each answered after a pause.
        statuses = self.guess_in_parallel([(attacker, "bearer" if index % 2 else "form") for index in range(10)])
        self.assertEqual(statuses, [401] * 10)
        # The eleventh is not even checked — the right token included — and is answered without the
        # pause a wrong token gets (the time is printed, not asserted: machines are noisy).
        started = time.monotonic()
        status, headers, body = attacker.bearer(TOKEN)
        self.assertEqual(status, 429)
        print(f"\n429 answered in {(time.monotonic() - started) * 1000:.0f} ms (a wrong token is answered after 500 ms)")
        self.assertEqual(dict(headers).get("Retry-After"), "60")
        self.assertIn("too_many_guesses", body)
        self.assertEqual(attacker.login(TOKEN)[0], 429)
        # Headers naming another client do not help a client that is not a trusted proxy.
        self.assertEqual(attacker.bearer(TOKEN, {"X-Forwarded-For": "203.0.113.5"})[0], 429)
        # The owner, on another address, is checked as usual and gets in, by bearer and by the form.
        self.assertEqual(owner.bearer(TOKEN)[0], 200)
        status, headers, _, _ = owner.login(TOKEN)
        self.assertEqual(status, 303)
        self.assertIsNotNone(cookie(headers, "pb_access"))

    def test_guessing_from_many_addresses_leaves_each_one_try_while_the_owner_gets_in(self):
        attackers = [Client(self.server, f"127.0.0.{10 + index}") for index in range(10)]
        statuses = self.guess_in_parallel([(client, "bearer") for client in attackers for _ in range(10)])
        self.assertEqual(statuses, [401] * 100)
        newcomer = Client(self.server, "127.0.0.40")
        self.assertEqual(newcomer.bearer("wrong")[0], 401, "one try for a new address while under attack")
        self.assertEqual(newcomer.bearer("wrong")[0], 429)
        self.assertEqual(Client(self.server, "127.0.0.3").bearer(TOKEN)[0], 200, "the owner's first try, right, gets in")

    def test_behind_a_trusted_proxy_clients_are_told_apart_by_x_forwarded_for(self):
        proxy = Client(self.server, "127.0.0.9")
        for _ in range(10):
            self.assertEqual(proxy.bearer("wrong", {"X-Forwarded-For": "198.51.100.7"})[0], 401)
        self.assertEqual(proxy.bearer(TOKEN, {"X-Forwarded-For": "198.51.100.7"})[0], 429)
        self.assertEqual(proxy.bearer(TOKEN, {"X-Forwarded-For": "198.51.100.7, 198.51.100.8"})[0], 200,
                         "the proxy's own entry (the last) names the client")
        # Over https (as the proxy says), every cookie is Secure; the same header from anyone else is ignored.
        status, headers, _ = proxy.send("GET", "/login", headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.9"})
        self.assertEqual(status, 200)
        self.assertTrue(set_cookies(headers) and all("Secure" in value for value in set_cookies(headers)), set_cookies(headers))
        _, headers, _ = Client(self.server, "127.0.0.2").send("GET", "/login", headers={"X-Forwarded-Proto": "https"})
        self.assertFalse(any("Secure" in value for value in set_cookies(headers)))

    def test_logging_out_ends_the_login(self):
        owner = Client(self.server, "127.0.0.3")
        _, headers, _, session = owner.login(TOKEN)
        access = cookie(headers, "pb_access")
        cookies = f"pb_session={session}; pb_access={access}"
        status, _, page = owner.send("GET", "/", headers={"Cookie": cookies})
        self.assertEqual(status, 200)
        self.assertIn('action="/logout"', page, "a logged-in page offers to log out")
        status, headers, _ = owner.send("POST", "/logout", body=f"csrf={session}", headers={
            "Cookie": cookies, "Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual(status, 303)
        self.assertEqual(dict(headers)["Location"], "/login")
        self.assertTrue(any(value.startswith("pb_access=;") and "Max-Age=0" in value for value in set_cookies(headers)))
        status, headers, _ = owner.send("GET", "/", headers={"Cookie": cookies})
        self.assertEqual(status, 303, "the old login cookie opens nothing any more")
        self.assertTrue(dict(headers)["Location"].startswith("/login"))


class StartupTests(unittest.TestCase):
    def test_weak_tokens_are_refused_at_start_and_planboard_token_makes_a_strong_one(self):
        for weak in ["aaaaaaaaaaaaaaaa", "password12345678"]:
            result = subprocess.run([BINARY, "--host", "127.0.0.1", "--port", "0", "--access-token", weak, "--database", "/nonexistent/x.sqlite"],
                                    capture_output=True, text=True, timeout=30)
            self.assertNotEqual(result.returncode, 0)
            self.assertIn("planboard token", result.stderr + result.stdout)
        tokens = {subprocess.run([BINARY, "token"], capture_output=True, text=True, check=True).stdout.strip() for _ in range(3)}
        self.assertEqual(len(tokens), 3)
        self.assertTrue(all(len(token) == 43 for token in tokens))

    def test_behind_https_every_cookie_is_secure(self):
        server = Server(extra_args=["--behind-https"]).start()
        self.addCleanup(server.cleanup)
        _, headers, _ = Client(server, "127.0.0.1").send("GET", "/")
        self.assertTrue(set_cookies(headers))
        self.assertTrue(all("Secure" in value for value in set_cookies(headers)))


if __name__ == "__main__":
    unittest.main()
