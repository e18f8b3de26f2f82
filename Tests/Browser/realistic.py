"""Boards that look like real ones, for benchmarks: varied titles (15–90 characters) and notes on
about two tasks in five (a sentence or two, sometimes a short list), some tasks important, some
finished. Deterministic for a given seed, so runs compare."""
import json
import random

from session import BoardSession

VERBS = ["Call", "Email", "Review", "Write", "Book", "Plan", "Fix", "Update", "Prepare", "Send", "Renew", "Buy",
         "Clean", "Read", "Draft", "Schedule", "Pay", "Return", "Order", "Check", "Finish", "Organise", "Ask", "Pick up"]
OBJECTS = ["the quarterly report", "Anna about the trip", "pull request #{n}", "the dentist", "the team offsite in Lisbon",
           "my passport", "the leaking tap in the kitchen", "the onboarding checklist for new starters",
           "the slides for Thursday's review", "invoice {n} from the printer", "a birthday present for Sam",
           "the flat's insurance", "the car's MOT", "milk, eggs and bread", "the budget spreadsheet",
           "the conference talk proposal", "the garden shed", "library books", "the train tickets to Porto",
           "the tax return", "notes from the design review", "a room for the workshop", "the broken bike light",
           "the contract with the new supplier", "feedback on Maria's draft", "the release notes for version {n}"]
TAILS = ["", "", "", " before Friday", " this week", " (again)", " and file the receipt", " with the new template",
         " after lunch", " — ask Tom first", " for next month"]
SENTENCES = ["Bring the printed copy and the signed form.", "Check the agenda first and ask who else is coming.",
             "Last time it took about two hours, so block the afternoon.", "The link is in the shared folder under Admin.",
             "Budget is around 300 euro; anything more needs approval.", "Call before 5 pm, they close early on Fridays.",
             "See the thread from Monday for the details and the open questions.",
             "Needs the reference number from the letter.", "Keep it short: three slides at most."]
ITEMS = ["passport", "charger", "the blue folder", "receipts", "laptop", "keys", "notes from March", "USB stick"]


def tasks(count, seed=1):
    """`count` tasks as dicts: title, column, important, finished, notes (HTML or "")."""
    rng = random.Random(seed)
    out = []
    for index in range(count):
        obj = rng.choice(OBJECTS).replace("{n}", str(rng.randint(2, 480)))
        title = f"{rng.choice(VERBS)} {obj}{rng.choice(TAILS)}"
        notes = ""
        if rng.random() < 0.4:
            notes = "<p>" + " ".join(rng.sample(SENTENCES, rng.randint(1, 2))) + "</p>"
            if rng.random() < 0.3:
                notes += "<ul>" + "".join(f"<li>{item}</li>" for item in rng.sample(ITEMS, 3)) + "</ul>"
        out.append({"title": title, "column": ("today", "next", "later")[index % 3], "important": rng.random() < 0.12,
                    "finished": rng.random() < 0.15, "notes": notes})
    return out


def seed(url, count, seed=1):
    """Adds `count` realistic tasks to the board at `url` through its JSON API; returns the session cookie."""
    session = BoardSession(url)

    def post(path, fields):
        status, answer = session.post(path, fields)
        assert status < 400, (path, status, answer)
        return answer

    for task in tasks(count, seed):
        fields = {"title": task["title"], "column": task["column"], "notes": task["notes"]}
        if task["important"]:
            fields["important"] = "true"
        created = post("/tasks", fields)
        if task["finished"]:
            post(f"/tasks/{created['id']}/finish", {"finished": "true"})
    return session.cookie


def export(count, seed=1):
    """The same tasks as a PlanBoard export document (format version 1), for importing in one step."""
    columns = {"today": [], "next": [], "later": []}
    for task in tasks(count, seed):
        columns[task["column"]].append({key: task[key] for key in ("title", "important", "finished", "notes")})
    return {"format": "planboard-export", "version": 1, "columns": columns}


if __name__ == "__main__":
    import argparse
    import sys
    parser = argparse.ArgumentParser(description="Prints a realistic board as a PlanBoard export (JSON).")
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    json.dump(export(arguments.count, arguments.seed), sys.stdout, ensure_ascii=False)
