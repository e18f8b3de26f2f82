#!/usr/bin/python3
"""Browser proof for the notes sanitizer: nothing in a sanitized note executes, navigates or
loads anything a note may not load, when a real browser parses it.

Every public XSS vector (and every fixture input) goes through the `sanitize-notes`
executable; the outputs are served, many to a page and each in its own container, from a
loopback HTTP server to headless Chromium, with no Content-Security-Policy. Before any page
content runs, a script installed with CDP `Page.addScriptToEvaluateOnNewDocument` replaces
alert/confirm/prompt/print/open/fetch/XMLHttpRequest/eval/Function/string timers/sendBeacon/
WebSocket/EventSource/Worker/document.write with recorders. Chromium's performance log
(Network and Page domains) records every request and navigation. After the parse, a DOM walk
flags every element or attribute outside the notes allowlist, any `on*` attribute and any
URL-bearing attribute whose scheme is not http(s)/mailto.

Network: Chromium is started with its proxy set to the test's own loopback server, so no
request can leave the machine; the proxy records and refuses (403) whatever reaches it.
Image policy: an https request of type Image whose URL is the src of an <img> in the page is
allowed by the notes policy (https images are kept). Such requests are counted and listed
separately and do not fail the run. Every other request (any other type, any other scheme
such as http:, data:, javascript:, or any request back to the page server other than the page
itself and /favicon.ico) is a failure.

Attribution: DOM findings name their container. Anything page-wide (a recorded call, a
request, a navigation, content outside its container) makes the whole batch run again one
vector per page, so the failure is pinned to a vector.

Trello imports: with --planboard, the same inputs plus Markdown-shaped attacks of our own are
imported through the real server as the descriptions of one Trello board's cards (so they pass
through the Markdown converter and then the sanitizer, as a real import does), and every card's
stored notes are checked in the browser the same way.

Before the real run, a self-test feeds deliberately unsafe markup straight to the browser and
checks that every probe is caught; if the harness cannot see a known attack, the run fails.

Usage: /usr/bin/python3 Tests/Browser/xss_vectors.py [--sanitizer PATH] [--planboard PATH]
       [--vectors PATH] [--batch N]
Exit status: 0 when every vector passes, 1 on any failure, 2 on a harness problem.
"""

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import harness  # the real server on loopback, as the browser tests start it (Trello import check)
from session import BoardSession
from xss_browser import SELF_TEST, Browser, Pages, Server, run_batches, self_test

ROOT = Path(__file__).resolve().parent.parent.parent

def load_inputs(vectors_path):
    inputs = []
    with open(vectors_path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.strip():
                inputs.append((f"vector-{number}", json.loads(line)["input"]))
    fixtures = ROOT / "Tests" / "PlanNotesTests" / "Fixtures"
    for path in sorted(fixtures.glob("*.html")):
        if not path.name.endswith(".expected.html"):
            inputs.append((f"fixture-{path.stem}", path.read_text(encoding="utf-8")))
    return inputs


def sanitize(executable, inputs):
    data = "".join(json.dumps({"input": text}) + "\n" for _, text in inputs)
    done = subprocess.run([executable], input=data.encode(), capture_output=True, check=True)
    results = [json.loads(line) for line in done.stdout.decode().splitlines()]
    if len(results) != len(inputs):
        raise SystemExit(f"sanitize-notes answered {len(results)} lines for {len(inputs)} inputs")
    return results


# Attacks aimed at the Markdown step of a Trello import: links, images and autolinks with
# unsafe schemes (plain, mixed case, entity-encoded, split, padded), attribute break-outs through
# titles and URLs, and raw HTML inside emphasis, code and fences.
MARKDOWN_ATTACKS = [
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click]( javascript:alert(1) )",
    "[click](<javascript:alert(1)>)",
    "[click](&#106;avascript:alert(1))",
    "[click](&#x6A;avascript&colon;alert(1))",
    "[click](java\\script:alert(1))",
    "[click](vbscript:msgbox(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "![x](javascript:alert(1))",
    "![x](http://example.com/a.png)",
    '![x](https://example.com/a.png" onerror="alert(1))',
    '![x](https://example.com/a.png "t\\" onerror=\\"alert(1)")',
    '[x](https://example.com "a\\" onmouseover=\\"alert(1)")',
    '[x](https://example.com/"onmouseover="alert(1))',
    "<javascript:alert(1)>",
    '<http://example.com/" onmouseover="alert(1)>',
    'https://example.com/"onmouseover="alert(1)',
    "https://example.com/<script>alert(1)</script>",
    "*<img src=x onerror=alert(1)>*",
    "`<script>alert(1)</script>`",
    "```\n<script>alert(1)</script>\n```",
    "```js\" onclick=\"alert(1)\nx\n```",
    "> <iframe src=javascript:alert(1)>",
    "- [a](javascript:alert(1))\n  - ![b](javascript:alert(1))",
    "[a](https://example.com)[b](javascript:alert(1))",
    "[![img](https://example.com/a.png)](javascript:alert(1))",
    "[x]: javascript:alert(1)\n\n[x]",
    "<a href=javascript:alert(1)>x</a>",
    "**[x](javascript&#58;alert(1))**",
    # Issue 24's additions: references, entities, tables, task lists, www. and e-mail autolinks.
    "[x][y]\n\n[y]: javascript:alert(1) \"t\\\" onclick=\\\"alert(2)\"",
    "[y]\n\n[y]: <&#x6A;avascript:alert(1)>",
    "[x](&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1))",
    "<&#x6A;avascript:alert(1)>",
    "&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;",
    "``` &#x22; onclick=&#x22;alert(1)\nx\n```",
    "| a |\n| - |\n| <img src=x onerror=alert(1)> |",
    "| [a](javascript:alert(1)) | b |\n|:-:|--:|\n| ![x](javascript:alert(1)) | `<script>` |",
    "| a \\| <svg onload=alert(1)> |\n| - |",
    "- [ ] <input type=text autofocus onfocus=alert(1)>\n- [x] [a](javascript:alert(1))",
    "- [x] <input type=checkbox onclick=alert(1)>",
    'www.example.com/"onmouseover="alert(1)',
    'www.example.com/<script>alert(1)</script>',
    'a@b.co"onmouseover="alert(1)',
    "javascript:alert(1)@example.com",
]


def import_as_trello(binary, inputs):
    """Imports every input as a Trello card description through a real server; returns
    ({id: stored notes}, [(id, reason)] for inputs a batch import refused)."""
    harness.BINARY = os.path.abspath(binary)
    server = harness.Server().start()
    try:
        session = BoardSession(server.url)

        def post(cards):
            board = {"name": "XSS vectors", "lists": [{"id": "L", "name": "Later"}],
                     "cards": [{"id": f"c{n}", "name": vid, "desc": text, "idList": "L", "pos": n}
                               for n, (vid, text) in enumerate(cards)]}
            return session.post_json("/import", board)

        refused = []
        for start in range(0, len(inputs), 200):
            chunk = inputs[start:start + 200]
            status, body = post(chunk)
            if status == 200:
                continue
            # An import is all or nothing: find the cards it refused one at a time.
            for item in chunk:
                status, body = post([item])
                if status != 200:
                    refused.append((item[0], body.get("error", {}).get("message", str(status))))
        # The same inputs as Markdown notes typed in PlanBoard (reference definitions read), through
        # the import of a PlanBoard export, which keeps each note's format.
        for start in range(0, len(inputs), 200):
            chunk = inputs[start:start + 200]
            tasks = [{"title": f"typed-{vid}", "notesSource": text, "notesFormat": "markdown"} for vid, text in chunk]
            status, body = session.post_json("/import", {"format": "planboard-export", "version": 2, "columns": {"later": tasks}})
            if status != 200:
                for vid, text in chunk:
                    task = {"title": f"typed-{vid}", "notesSource": text, "notesFormat": "markdown"}
                    status, body = session.post_json("/import", {"format": "planboard-export", "version": 2,
                                                                 "columns": {"later": [task]}})
                    if status != 200:
                        refused.append((f"typed-{vid}", body.get("error", {}).get("message", str(status))))
        notes = {task["title"]: task["notes"] for task in session.board()["columns"]["later"]}
        return notes, refused
    finally:
        server.cleanup()


def find_vectors():
    candidate = ROOT.parent / "shared" / "xss" / "public-vectors.jsonl"
    if candidate.exists():
        return candidate
    raise SystemExit(f"public-vectors.jsonl not found beside the repository ({candidate}); pass --vectors PATH")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sanitizer", help="path to sanitize-notes (default: swift build it)")
    parser.add_argument("--planboard", help="path to the planboard binary: also check the inputs imported as Trello descriptions")
    parser.add_argument("--vectors", help="path to public-vectors.jsonl")
    parser.add_argument("--batch", type=int, default=100, help="vectors per page (default 100)")
    args = parser.parse_args()
    started = time.monotonic()

    executable = args.sanitizer
    if not executable:
        subprocess.run(["swift", "build", "--product", "sanitize-notes"], cwd=ROOT, check=True)
        executable = str(ROOT / ".build" / "debug" / "sanitize-notes")
    inputs = load_inputs(args.vectors or find_vectors())
    results = sanitize(executable, inputs)
    refused = [(vid, r["error"]) for (vid, _), r in zip(inputs, results) if r["error"]]
    items = [(vid, r["output"]) for (vid, _), r in zip(inputs, results) if not r["error"]]
    markdown_inputs = []
    if args.planboard:
        markdown_inputs = [(f"trello-{vid}", text) for vid, text in inputs]
        markdown_inputs += [(f"trello-markdown-{n}", text) for n, text in enumerate(MARKDOWN_ATTACKS, 1)]
        imported, import_refused = import_as_trello(args.planboard, markdown_inputs)
        missing = [vid for vid, _ in markdown_inputs if vid not in imported and vid not in dict(import_refused)]
        if missing:
            print(f"harness problem: {len(missing)} imported cards not found on the board, e.g. {missing[:3]}")
            return 2
        items += [(vid, imported[vid]) for vid, _ in markdown_inputs if vid in imported]
        items += [(f"typed-{vid}", imported[f"typed-{vid}"]) for vid, _ in markdown_inputs if f"typed-{vid}" in imported]
        refused += import_refused
    batches = [items[i:i + args.batch] for i in range(0, len(items), args.batch)]

    server = Server(("127.0.0.1", 0), Pages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    browser = Browser(server.server_address[1])
    try:
        missed = self_test(browser, base)
        if missed:
            print(f"harness self-test failed: probes not detected: {', '.join(missed)}")
            return 2
        print(f"harness self-test: all {len(SELF_TEST)} unsafe probes detected")
        Pages.proxied.clear()
        Pages.stray.clear()
        image_requests = []
        failures, checked = run_batches(browser, base, batches, image_requests)
    finally:
        browser.close()
        server.shutdown()

    print(f"inputs: {len(inputs)} ({sum(v.startswith('vector-') for v, _ in inputs)} public vectors, "
          f"{sum(v.startswith('fixture-') for v, _ in inputs)} fixtures); "
          f"refused by the sanitizer's limits: {len(refused)}")
    if args.planboard:
        print(f"the same inputs and {len(MARKDOWN_ATTACKS)} Markdown attacks imported as Trello card descriptions "
              f"(Markdown, then the sanitizer): {len(markdown_inputs)}; refused by the import: "
              f"{sum(vid.startswith('trello-') for vid, _ in refused)}")
        print(f"the same again as Markdown notes typed here (imported in a PlanBoard export): {len(markdown_inputs)}; "
              f"refused by the import: {sum(vid.startswith('typed-') for vid, _ in refused)}")
    for vid, reason in refused:
        print(f"  refused {vid}: {reason[:160]}")
    print(f"vectors tried in the browser: {checked} in {len(batches)} pages")
    print(f"https image requests from allowed <img> (allowed, refused by the test proxy): {len(image_requests)}")
    for url in sorted(set(image_requests)):
        print(f"  image: {url}")
    for what, entries in [("requests that reached the test proxy", Pages.proxied),
                          ("stray requests to the page server", Pages.stray)]:
        print(f"{what}: {len(entries)}")
        for entry in entries[:20]:
            print(f"  {entry}")
    print(f"failures: {len(failures)}")
    source = dict(inputs + markdown_inputs + [(f"typed-{vid}", text) for vid, text in markdown_inputs])
    for vector_id, problems in sorted(failures.items()):
        print(f"FAIL {vector_id}: input {source.get(vector_id, '')[:160]!r}")
        for problem in problems[:10]:
            print(f"    {problem}")
    print(f"elapsed: {time.monotonic() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
