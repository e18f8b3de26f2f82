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
import html
import http.server
import json
import os
import socketserver
import subprocess
import sys
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

import harness  # the real server on loopback, as the browser tests start it (Trello import check)

ROOT = Path(__file__).resolve().parent.parent.parent
SETTLE_SECONDS = 0.4  # time after load for image errors, timers and the like to fire

ALLOWED = {
    **{t: set() for t in "h1 h2 h3 h4 h5 h6 p br hr div span ul li strong b em i u s del ins sub sup "
       "mark small code kbd pre blockquote table caption thead tbody tfoot tr".split()},
    "ol": {"start"},
    "th": {"colspan", "rowspan", "scope"},
    "td": {"colspan", "rowspan"},
    "a": {"href", "title", "rel"},
    "img": {"src", "alt", "title", "width", "height"},
}

HOOKS = r"""
(() => {
  const hits = [];
  Object.defineProperty(window, '__xssHits', { value: hits });
  const record = (name, args) => {
    let detail = '';
    try { detail = Array.from(args || []).map(String).join(', ').slice(0, 200); } catch (e) {}
    hits.push(name + '(' + detail + ')');
  };
  const stub = (object, name, result) => {
    try {
      Object.defineProperty(object, name, {
        configurable: false, writable: false,
        value: function (...args) { record(name, args); return result; },
      });
    } catch (e) { hits.push('could not hook ' + name); }
  };
  for (const name of ['alert', 'confirm', 'prompt', 'print', 'open', 'eval', 'fetch', 'postMessage',
                      'showModalDialog', 'importScripts']) {
    stub(window, name, undefined);
  }
  stub(navigator, 'sendBeacon', false);
  stub(document, 'write', undefined);
  stub(document, 'writeln', undefined);
  stub(XMLHttpRequest.prototype, 'open', undefined);
  stub(XMLHttpRequest.prototype, 'send', undefined);
  for (const name of ['WebSocket', 'EventSource', 'Worker', 'SharedWorker']) {
    stub(window, name, undefined);
  }
  const RealFunction = Function;
  window.Function = new Proxy(RealFunction, {
    apply(target, self, args) { record('Function', args); return () => {}; },
    construct(target, args) { record('Function', args); return () => {}; },
  });
  for (const name of ['setTimeout', 'setInterval']) {
    const real = window[name];
    window[name] = function (handler, ...rest) {
      if (typeof handler !== 'function') { record(name, [handler]); return 0; }
      return real.call(window, handler, ...rest);
    };
  }
  addEventListener('beforeunload', () => hits.push('beforeunload'));
})();
"""

DOM_CHECK = r"""
const allowed = ALLOWED_JSON;
const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster',
  'background', 'data', 'codebase', 'cite', 'longdesc', 'ping', 'lowsrc', 'dynsrc', 'icon',
  'manifest', 'archive', 'profile', 'usemap', 'itemtype'];
const forbidden = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'base', 'meta', 'link', 'form', 'input', 'button', 'textarea', 'select', 'svg', 'math', 'style',
  'template', 'noscript', 'portal', 'video', 'audio', 'source']);
const schemeOK = (name, value) => {
  // The browser's own clean-up: strip C0 and space at the ends, drop tab/LF/CR anywhere.
  const v = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (name === 'src') return /^https:\/\//i.test(v);
  return /^(https?:\/\/|mailto:)/i.test(v);
};
const check = (root) => {
  const problems = [];
  for (const el of root.querySelectorAll('*')) {
    const tag = el.localName;
    if (forbidden.has(tag)) problems.push('forbidden element <' + tag + '>');
    else if (!(tag in allowed)) problems.push('element outside the allowlist <' + tag + '>');
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') problems.push('foreign namespace ' + el.namespaceURI);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push('event attribute ' + tag + '[' + name + ']');
      else if (!(allowed[tag] || []).includes(name)) problems.push('attribute outside the allowlist ' + tag + '[' + name + ']');
      if (urlAttributes.includes(name) && !schemeOK(name, attr.value))
        problems.push('unsafe URL ' + tag + '[' + name + ']=' + attr.value.slice(0, 80));
    }
  }
  return problems;
};
const result = { containers: {}, outside: [], count: 0 };
for (const child of document.body.childNodes) {
  if (child.nodeType === 1 && child.hasAttribute('data-vector')) {
    result.count++;
    const problems = check(child);
    if (problems.length) result.containers[child.getAttribute('data-vector')] = problems;
  } else if (child.nodeType === 1 || (child.nodeType === 3 && child.textContent.trim())) {
    result.outside.push((child.outerHTML || child.textContent).slice(0, 120));
  }
}
for (const el of document.head.querySelectorAll('*')) {
  if (!el.hasAttribute('data-harness')) result.outside.push('in head: <' + el.localName + '>');
}
result.images = Array.from(document.images, (img) => img.src);
result.hits = Array.from(window.__xssHits);
result.url = location.href;
return result;
"""


class Pages(http.server.BaseHTTPRequestHandler):
    """Serves the batch pages and doubles as the browser's proxy, recording what reaches it."""

    pages = {}
    proxied = []
    stray = []
    lock = threading.Lock()

    def _answer(self, status, body=b"", content_type="text/plain"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_CONNECT(self):
        with self.lock:
            self.proxied.append(f"CONNECT {self.path}")
        self._answer(403)

    def do_GET(self):
        if self.path.startswith("http://") or self.path.startswith("https://"):
            with self.lock:
                self.proxied.append(f"GET {self.path}")
            self._answer(403)
        elif self.path in self.pages:
            self._answer(200, self.pages[self.path], "text/html; charset=utf-8")
        else:
            if self.path != "/favicon.ico":
                with self.lock:
                    self.stray.append(self.path)
            self._answer(404)

    do_HEAD = do_GET

    def do_POST(self):
        with self.lock:
            self.stray.append(f"POST {self.path}")
        self._answer(403)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def page(batch_id, items):
    parts = [
        '<!doctype html><html><head><meta charset="utf-8" data-harness>'
        f"<title data-harness>batch {batch_id}</title></head><body>"
    ]
    for vector_id, markup in items:
        parts.append(f'<div data-vector="{html.escape(vector_id)}">{markup}</div>\n')
    parts.append("</body></html>")
    return "".join(parts).encode("utf-8")


class Browser:
    def __init__(self, port):
        options = webdriver.ChromeOptions()
        for flag in [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            f"--proxy-server=http://127.0.0.1:{port}",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--disable-extensions", "--no-first-run",
            "--disable-client-side-phishing-detection", "--disable-domain-reliability",
            "--metrics-recording-only", "--mute-audio", "--no-pings",
            "--disable-features=OptimizationHints,AutofillServerCommunication,MediaRouter,Translate",
        ]:
            options.add_argument(flag)
        options.binary_location = "/usr/bin/chromium"
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        options.add_experimental_option("perfLoggingPrefs", {"enableNetwork": True, "enablePage": True})
        # The Debian chromedriver, never one Selenium would try to download.
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.driver.set_page_load_timeout(30)
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOKS})
        self.driver.get("about:blank")
        self.driver.get_log("performance")

    def visit(self, url):
        """Loads url and returns (dom result, network events, navigation events)."""
        self.driver.get("about:blank")
        self.driver.get_log("performance")
        self.driver.get(url)
        time.sleep(SETTLE_SECONDS)
        # Through CDP rather than execute_script: WebDriver's script runner goes through the
        # Function constructor and eval, which the hooks have replaced.
        expression = "(() => {" + DOM_CHECK.replace(
            "ALLOWED_JSON", json.dumps({k: sorted(v) for k, v in ALLOWED.items()})) + "})()"
        answer = self.driver.execute_cdp_cmd("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in answer:
            raise RuntimeError(f"DOM check failed: {answer['exceptionDetails']}")
        dom = answer["result"]["value"]
        requests, navigations = [], []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            method, params = message.get("method"), message.get("params", {})
            if method == "Network.requestWillBeSent":
                requests.append((params.get("type"), params["request"]["url"]))
            elif method in ("Page.frameRequestedNavigation", "Page.frameScheduledNavigation",
                            "Page.navigatedWithinDocument"):
                navigations.append(f"{method} {params.get('url', '')}")
            elif method == "Page.frameNavigated":
                frame = params.get("frame", {})
                if frame.get("parentId") or frame.get("url") != url:
                    navigations.append(f"frame navigated to {frame.get('url')}")
        return dom, requests, navigations

    def close(self):
        self.driver.quit()


def judge(url, dom, requests, navigations, image_requests):
    """Page-wide problems, plus per-container problems as {vector id: [problems]}."""
    page_problems = []
    if dom["url"] != url:
        page_problems.append(f"page ended at {dom['url']}")
    page_problems += [f"call recorded: {hit}" for hit in dom["hits"]]
    page_problems += [f"content outside its container: {item}" for item in dom["outside"]]
    page_problems += navigations
    images = set(dom["images"])
    for kind, request_url in requests:
        if request_url == url:
            continue
        if kind == "Image" and request_url.startswith("https://") and request_url in images:
            image_requests.append(request_url)
            continue
        if request_url.endswith("/favicon.ico") and request_url.startswith(url.rsplit("/", 2)[0]):
            continue
        page_problems.append(f"request: {kind} {request_url[:120]}")
    return page_problems, dom["containers"], dom["count"]


def run_batches(browser, base, batches, image_requests):
    """Returns {vector id: [problems]} and the number of vectors checked."""
    failures, checked = {}, 0
    for batch_id, items in enumerate(batches):
        path = f"/batch/{batch_id}"
        Pages.pages[path] = page(batch_id, items)
        dom, requests, navigations = browser.visit(base + path)
        page_problems, containers, count = judge(base + path, dom, requests, navigations, image_requests)
        for vector_id, problems in containers.items():
            failures.setdefault(vector_id, []).extend(problems)
        if count != len(items):
            page_problems.append(f"found {count} containers, expected {len(items)}")
        checked += len(items)
        if page_problems and len(items) > 1:
            # Pin page-wide findings to vectors by loading each one alone.
            before = len(failures)
            for single_id, markup in items:
                single_path = f"/single/{single_id}"
                Pages.pages[single_path] = page(single_id, [(single_id, markup)])
                dom, requests, navigations = browser.visit(base + single_path)
                problems, containers, _ = judge(base + single_path, dom, requests, navigations, [])
                problems += [p for ps in containers.values() for p in ps]
                if problems:
                    failures.setdefault(single_id, []).extend(problems)
            if len(failures) == before:
                failures[f"batch {batch_id} (not reproduced by any single vector)"] = page_problems
        elif page_problems:
            failures.setdefault(items[0][0], []).extend(page_problems)
    return failures, checked


SELF_TEST = [
    ("probe-alert-onerror", '<img src="x" onerror="alert(1)">'),
    ("probe-script", "<script>alert(2)</script>"),
    ("probe-javascript-link", '<a href="javascript:alert(3)">x</a>'),
    ("probe-iframe", '<iframe src="data:text/html,<p>x</p>"></iframe>'),
    ("probe-svg", "<svg><circle r=1></circle></svg>"),
    ("probe-id", '<p id="clobber">x</p>'),
    ("probe-http-image", '<img src="http://probe.example/x.png">'),
    ("probe-css", '<link rel="stylesheet" href="https://probe.example/x.css">'),
    ("probe-autofocus", '<input autofocus onfocus="prompt(4)">'),
    ("probe-navigation", '<meta http-equiv="refresh" content="0;url=https://probe.example/">'),
]


def self_test(browser, base):
    """Feeds raw attacks to the harness; every probe must be reported."""
    failures, _ = run_batches(browser, base, [SELF_TEST], [])
    if os.environ.get("XSS_TEST_VERBOSE"):
        for vector_id, problems in sorted(failures.items()):
            print(f"self-test {vector_id}: {problems}")
    missed = [vector_id for vector_id, _ in SELF_TEST if vector_id not in failures]
    return missed


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
]


def import_as_trello(binary, inputs):
    """Imports every input as a Trello card description through a real server; returns
    ({id: stored notes}, [(id, reason)] for inputs a batch import refused)."""
    harness.BINARY = os.path.abspath(binary)
    server = harness.Server().start()
    try:
        _, headers, _ = server.request("/")
        cookie = headers["Set-Cookie"].split(";")[0]
        token = cookie.split("=", 1)[1]

        def post(cards):
            board = {"name": "XSS vectors", "lists": [{"id": "L", "name": "Later"}],
                     "cards": [{"id": f"c{n}", "name": vid, "desc": text, "idList": "L", "pos": n}
                               for n, (vid, text) in enumerate(cards)]}
            status, _, body = server.request("/import", data=json.dumps(board).encode(), headers={
                "Cookie": cookie, "X-CSRF-Token": token, "Content-Type": "application/json",
                "Accept": "application/json"})
            return status, json.loads(body)

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
        _, _, text = server.request("/", headers={"Accept": "application/json"})
        notes = {task["title"]: task["notes"] for task in json.loads(text)["columns"]["later"]}
        return notes, refused
    finally:
        server.cleanup()


def find_vectors():
    for candidate in [ROOT.parent / "shared" / "xss" / "public-vectors.jsonl",
                      Path("/work/shared/xss/public-vectors.jsonl")]:
        if candidate.exists():
            return candidate
    raise SystemExit("public-vectors.jsonl not found beside the repository or in /work/shared")


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
    source = dict(inputs + markdown_inputs)
    for vector_id, problems in sorted(failures.items()):
        print(f"FAIL {vector_id}: input {source.get(vector_id, '')[:160]!r}")
        for problem in problems[:10]:
            print(f"    {problem}")
    print(f"elapsed: {time.monotonic() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
