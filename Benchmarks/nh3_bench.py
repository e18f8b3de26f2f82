"""Times nh3 (the Python binding of the Rust sanitizer ammonia) on the corpus written by
notes-bench, configured as close to PlanNotes' policy as nh3 allows, and prints one
RESULT line in the same form as notes-bench.

Usage: python3 Benchmarks/nh3_bench.py CORPUS.jsonl [ROUNDS]

Differences from PlanNotes that nh3 cannot express without a per-attribute Python callback
(which would measure Python rather than ammonia): images are allowed with http and mailto as
well as https; width/height/start/colspan/rowspan are not checked for digits; th[scope] values
are not restricted. ammonia drops the content of script/style and of the elements listed in
clean_content_tags, and unwraps other unknown elements, as PlanNotes does.
"""

import json
import statistics
import sys
import time

import nh3

TAGS = set("h1 h2 h3 h4 h5 h6 p br hr div span ul ol li strong b em i u s del ins sub sup mark "
           "small code kbd pre blockquote table caption thead tbody tfoot tr th td a img".split())
ATTRIBUTES = {
    "a": {"href", "title"},
    "img": {"src", "alt", "title", "width", "height"},
    "ol": {"start"},
    "th": {"colspan", "rowspan", "scope"},
    "td": {"colspan", "rowspan"},
}
CLEAN_CONTENT = {"script", "style", "template", "noscript", "iframe", "object", "embed", "applet",
                 "svg", "math", "textarea", "select", "title", "xmp", "noembed", "noframes",
                 "form", "audio", "video", "canvas"}
OPTIONS = dict(
    tags=TAGS,
    clean_content_tags=CLEAN_CONTENT,
    attributes=ATTRIBUTES,
    url_schemes={"http", "https", "mailto"},
    link_rel="noopener noreferrer nofollow",
    strip_comments=True,
)


def main():
    path = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    notes = [json.loads(line)["input"] for line in open(path, encoding="utf-8")]
    small, large = notes[:-1], notes[-1]
    small_bytes = sum(len(n.encode()) for n in small)
    large_bytes = len(large.encode())
    # A Cleaner holds the configuration, so each call does not rebuild it from Python sets.
    if hasattr(nh3, "Cleaner"):
        clean = nh3.Cleaner(**OPTIONS).clean
        how = "nh3.Cleaner"
    else:
        clean = lambda html: nh3.clean(html, **OPTIONS)  # noqa: E731
        how = "nh3.clean"
    large_repeats = 20
    small_times, large_times = [], []
    checksum = 0
    for _ in range(rounds):
        start = time.perf_counter()
        for note in small:
            checksum += len(clean(note))
        small_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        for _ in range(large_repeats):
            checksum += len(clean(large))
        large_times.append((time.perf_counter() - start) / large_repeats)
    s, l = statistics.median(small_times), statistics.median(large_times)
    print(f"nh3 {nh3.__version__ if hasattr(nh3, '__version__') else ''} via {how}; rounds: {rounds}, median shown")
    print(f"  small notes: {small_bytes / s / 1e6:8.2f} MB/s {len(small) / s:10.0f} notes/s")
    print(f"  large note:  {large_bytes / l / 1e6:8.2f} MB/s {1 / l:10.1f} notes/s")
    print(f"  whole corpus:{(small_bytes + large_bytes) / (s + l) / 1e6:8.2f} MB/s {(len(small) + 1) / (s + l):10.0f} notes/s")
    print(f"RESULT small_mbps={small_bytes / s / 1e6:.4f} small_nps={len(small) / s:.2f} "
          f"large_mbps={large_bytes / l / 1e6:.4f} all_mbps={(small_bytes + large_bytes) / (s + l) / 1e6:.4f} "
          f"all_nps={(len(small) + 1) / (s + l):.2f} checksum={checksum}")


if __name__ == "__main__":
    main()
