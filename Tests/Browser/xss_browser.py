"""The browser side of the XSS check (xss_vectors.py): a loopback server that serves the sanitized
notes as pages and stands in as Chromium's proxy, headless Chromium with every dangerous API
replaced by a recorder before page content runs, the DOM walk that flags anything outside the
notes allowlist, and the self-test that proves the harness sees known attacks."""
import html
import http.server
import json
import os
import socketserver
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from harness import CHROMEDRIVER

SETTLE_SECONDS = 0.4  # time after load for image errors, timers and the like to fire

ALLOWED = {
    **{t: set() for t in "h1 h2 h3 h4 h5 h6 p br hr div span ul li strong b em i u s del ins sub sup "
       "mark small code kbd pre blockquote table caption thead tbody tfoot tr".split()},
    "ol": {"start"},
    "th": {"colspan", "rowspan", "scope", "align"},
    "td": {"colspan", "rowspan", "align"},
    # A task list item's checkbox; DOM_CHECK also requires it to be a disabled checkbox.
    "input": {"type", "checked", "disabled"},
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
  'base', 'meta', 'link', 'form', 'button', 'textarea', 'select', 'svg', 'math', 'style',
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
    if (tag === 'input' && (el.type !== 'checkbox' || !el.disabled)) problems.push('input that is not a disabled checkbox');
    if (el.hasAttribute('align') && !['left', 'center', 'right'].includes(el.getAttribute('align')))
      problems.push('align outside left/center/right: ' + el.getAttribute('align').slice(0, 40));
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
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
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
    ("probe-enabled-checkbox", '<input type="checkbox">'),
    ("probe-text-input", '<input type="text" disabled>'),
    ("probe-align", '<table><tr><td align="javascript:alert(5)">x</td></tr></table>'),
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
