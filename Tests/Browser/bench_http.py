"""The board page under load: `wrk -t2 -c16 -d10s` on GET / of a board of 300 realistic tasks, with
the session cookie set, as the browser sends it (plain, then accepting gzip). Not part of the test
run; scripts/bench-http runs it against the release build (or any binary given, to compare)."""
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


def wrk(url, cookie, extra=()):
    out = subprocess.run(["wrk", "-t2", "-c16", "-d10s", "--latency", "-H", f"Cookie: {cookie}", *extra, url + "/"],
                         capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", out, re.M))
    return rate, latency["50"], latency["99"]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "planboard"))
    parser.add_argument("--resources", default=ROOT, help="the checkout whose Templates/ and Public/ the binary serves")
    parser.add_argument("--tasks", type=int, default=300)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="planboard-wrk-")
    process, url = start(arguments.binary, folder, arguments.resources)
    try:
        cookie = seed(url, arguments.tasks)
        with urllib.request.urlopen(urllib.request.Request(url + "/", headers={"Cookie": cookie}), timeout=30) as response:
            size = len(response.read())
        print(f"GET / of {arguments.tasks} realistic tasks ({size / 1024:.1f} KB), wrk -t2 -c16 -d10s, session cookie set:")
        for label, extra in (("plain", ()), ("Accept-Encoding: gzip", ("-H", "Accept-Encoding: gzip"))):
            rate, p50, p99 = wrk(url, cookie, extra)
            print(f"  {label:<24} {rate:9.1f} req/s   p50 {p50:>9}   p99 {p99:>9}")
    finally:
        process.terminate()
        process.wait()


if __name__ == "__main__":
    main()
