#!/usr/bin/env python3
"""Times `keepsake validate`, `jq empty` and Python's json.load on one file, interleaved, and prints
medians of wall time and peak RSS (from wait4), and the ratios.

usage: compare_validate.py KEEPSAKE_BINARY FILE [ROUNDS]
"""
import os
import statistics
import sys

from measure import run

def main() -> None:
    keepsake, path = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    size = os.path.getsize(path)
    tools = {
        "keepsake validate": [keepsake, "validate", path],
        "jq empty": ["jq", "empty", path],
        "python3 json.load": [sys.executable, "-c", "import json,sys; json.load(open(sys.argv[1], 'rb'))", path],
    }
    results = {name: [] for name in tools}
    for _ in range(rounds):
        for name, argv in tools.items():
            results[name].append(run(argv))
    print(f"file: {path} ({size / 1e6:.1f} MB), {rounds} interleaved rounds, medians")
    print("| tool | wall s | MB/s | peak RSS MB | RSS / file size |")
    print("|---|---|---|---|---|")
    medians = {}
    for name, samples in results.items():
        wall = statistics.median(s[0] for s in samples)
        rss = statistics.median(s[1] for s in samples)
        medians[name] = wall
        print(f"| {name} | {wall:.3f} | {size / 1e6 / wall:.0f} | {rss / 1e6:.0f} | {rss / size:.2f}× |")
    base = medians["keepsake validate"]
    for name in ("jq empty", "python3 json.load"):
        print(f"keepsake validate is {medians[name] / base:.1f}× faster than {name}")

if __name__ == "__main__":
    main()
