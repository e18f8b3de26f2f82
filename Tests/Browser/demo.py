"""A realistic board for screenshots and demos, created through the JSON API."""
import json
import urllib.parse

DEMO = {
    "today": [("Reply to Anna about the offsite dates", True, ""), ("Review pull request #42", False, "Check the migration and the rollback path."),
              ("Buy milk and coffee beans", False, ""), ("Book the dentist", False, "")],
    "next": [("Draft the quarterly report", True, "Numbers from finance first, then the narrative."), ("Renew passport", False, ""),
             ("Fix the leaking kitchen tap", False, "")],
    "later": [("Plan a weekend in Lisbon", False, "Flights, then a hotel near Alfama."), ("Learn the basics of watercolour", False, ""),
              ("Sort the photo archive", False, "")],
}
FINISHED = ["Book the dentist"]


def session(server):
    """A cookie and CSRF token from a first visit."""
    _, headers, _ = server.request("/")
    cookie = headers["Set-Cookie"].split(";")[0]
    return cookie, cookie.split("=", 1)[1]


def post(server, path, fields, cookie, token):
    body = urllib.parse.urlencode({**fields, "csrf": token}).encode()
    status, _, text = server.request(path, data=body, headers={
        "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
    if status >= 400:
        raise RuntimeError(f"{path}: {status} {text}")
    return json.loads(text) if text else None


def seed(server):
    """Creates the demo tasks; returns {title: id}."""
    cookie, token = session(server)
    ids = {}
    for column, tasks in DEMO.items():
        for title, important, notes in tasks:
            task = post(server, "/tasks", {"title": title, "column": column, "important": "true" if important else "false", "notes": notes}, cookie, token)
            ids[title] = task["id"]
    for title in FINISHED:
        post(server, f"/tasks/{ids[title]}/finish", {"finished": "true"}, cookie, token)
    return ids
