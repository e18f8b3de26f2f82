"""A session with the board as a script holds one: the cookie from a first visit and the CSRF
token that goes with it (the same value), sent back with every change. Standard library only, so
benchmarks and load scripts can use it without Selenium."""
import json
import urllib.error
import urllib.parse
import urllib.request


class BoardSession:
    """One browser, as far as the server can tell: its own session cookie and token."""

    def __init__(self, url):
        self.url = url.rstrip("/")
        with urllib.request.urlopen(self.url + "/", timeout=30) as response:
            self.cookie = response.headers["Set-Cookie"].split(";")[0]
        self.token = self.cookie.split("=", 1)[1]

    def request(self, path, data=None, headers=None, method=None):
        """Any request with this session's cookie; returns (status, headers, body text)."""
        request = urllib.request.Request(self.url + path, data=data, headers={"Cookie": self.cookie, **(headers or {})}, method=method)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def post(self, path, fields=None):
        """A form post as the page's scripts send it (answered in JSON); returns (status, parsed body or None)."""
        body = urllib.parse.urlencode({**(fields or {}), "csrf": self.token}).encode()
        status, _, text = self.request(path, data=body, headers={
            "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
        return status, (json.loads(text) if text else None)

    def post_json(self, path, document):
        """A JSON document (an import), with the token in its header; returns (status, parsed body)."""
        status, _, text = self.request(path, data=json.dumps(document).encode(), headers={
            "X-CSRF-Token": self.token, "Content-Type": "application/json", "Accept": "application/json"})
        return status, json.loads(text) if text else None

    def board(self):
        status, _, text = self.request("/", headers={"Accept": "application/json"})
        assert status == 200, status
        return json.loads(text)
