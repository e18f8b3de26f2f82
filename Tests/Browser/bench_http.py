"""The board page under load: `wrk -t2 -c16 -d10s` on GET / of a board of 300 realistic tasks, with
the session cookie set, as the browser sends it (plain, then accepting gzip). Not part of the test
run; scripts/bench-http runs it against the release build (or any binary given, to compare).
--beside URL --beside-cookie COOKIE measures another server's page too (Kanboard's board from
scripts/kanboard-beside, say), each run right after PlanBoard's, and prints PlanBoard's rate over its."""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))

import realistic  # noqa: E402
from harness import ROOT  # noqa: E402
from session import BoardSession  # noqa: E402


def start(binary, folder, resources):
    process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", "--database", os.path.join(folder, "board.sqlite"),
                                "--resources", resources, "--log-level", "error"], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"(http://\S+?)/\s", line)
    if not match:
        raise RuntimeError(f"no URL in {line!r}")
    return process, match.group(1)


def seed(url, count):
    """Imports the realistic board in one request; returns the session cookie."""
    session = BoardSession(url)
    status, answer = session.post_json("/import", realistic.export(count))
    assert status == 200, (status, answer)
    return session.cookie


def wrk(target, cookie, extra=()):
    """Rate, p50 and p99 of GET `target` (a full URL: wrk sends its path and query as given)."""
    out = subprocess.run(["wrk", "-t2", "-c16", "-d10s", "--latency", "-H", f"Cookie: {cookie}", *extra, target],
                         capture_output=True, text=True, check=True).stdout
    errors = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    if errors:
        print(f"  ({errors.group(1)} answers of {target} were not 2xx or 3xx)")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", out, re.M))
    return rate, latency["50"], latency["99"]


def page_size(target, cookie, gzip=False):
    """Bytes of one GET of `target` as sent (compressed when gzip is asked and given); fails on a redirect."""
    headers = {"Cookie": cookie, **({"Accept-Encoding": "gzip"} if gzip else {})}
    with urllib.request.urlopen(urllib.request.Request(target, headers=headers), timeout=60) as response:
        if response.url != target:
            raise SystemExit(f"{target} redirected to {response.url} (is the cookie still logged in?)")
        return len(response.read()), response.headers.get("Content-Encoding")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "planboard"))
    parser.add_argument("--resources", default=ROOT, help="the checkout whose Templates/ and Public/ the binary serves")
    parser.add_argument("--tasks", type=int, default=300)
    parser.add_argument("--beside", metavar="URL", help="another board page to measure the same way, alternating with PlanBoard")
    parser.add_argument("--beside-cookie", metavar="COOKIE", default="", help="the Cookie header value for --beside (name=value)")
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="planboard-wrk-")
    process, url = start(arguments.binary, folder, arguments.resources)
    try:
        cookie = seed(url, arguments.tasks)
        with urllib.request.urlopen(urllib.request.Request(url + "/", headers={"Cookie": cookie}), timeout=30) as response:
            size = len(response.read())
        print(f"GET / of {arguments.tasks} realistic tasks ({size / 1024:.1f} KB), wrk -t2 -c16 -d10s, session cookie set:")
        runs = (("plain", ()), ("Accept-Encoding: gzip", ("-H", "Accept-Encoding: gzip")))
        if arguments.beside:
            plain, _ = page_size(arguments.beside, arguments.beside_cookie)
            gzipped, encoding = page_size(arguments.beside, arguments.beside_cookie, gzip=True)
            print(f"beside: GET {arguments.beside} ({plain / 1024:.1f} KB; asking for gzip {gzipped / 1024:.1f} KB, "
                  f"Content-Encoding {encoding or 'none'}), its cookie set:")
        ratios = {}
        for label, extra in runs:
            # With --beside, the other page's run comes right after PlanBoard's, on the same machine.
            targets = [(label, url + "/", cookie)]
            if arguments.beside:
                targets.append(("beside: " + label, arguments.beside, arguments.beside_cookie))
            rates = []
            for name, target, its_cookie in targets:
                rate, p50, p99 = wrk(target, its_cookie, extra)
                rates.append(rate)
                print(f"  {name:<32} {rate:9.1f} req/s   p50 {p50:>9}   p99 {p99:>9}")
            if arguments.beside:
                ratios[label] = rates[0] / rates[1] if rates[1] else float("inf")
        if ratios:
            print("  PlanBoard/beside: " + ", ".join(f"{label} {ratio:.1f}x" for label, ratio in ratios.items()))
    finally:
        process.terminate()
        process.wait()


if __name__ == "__main__":
    main()
