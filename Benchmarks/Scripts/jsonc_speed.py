#!/usr/bin/env python3
"""Python's JSON5 parsers on the files the LosslessJSON benchmarks read as JSONC and JSON5.

    python3 Benchmarks/Scripts/jsonc_speed.py [FOLDER]

FOLDER (default: $TMPDIR/keepsake-syntax-bench) is where `LosslessJSONBenchmarks` writes each
shared data file as NAME.json (strict), NAME.jsonc and NAME.json5 — so run the benchmarks first.
Each parser reads each file from bytes already in memory; the median of several runs is printed
in microseconds, as package-benchmark prints keepsake's parse+index, with Python's own `json` on
the strict text as the reference inside this run. Needs PyPI `pyjson5` and `json5` (dpranke's).
"""
import json
import os
import statistics
import sys
import tempfile
import time

import json5
import pyjson5


def median_us(parse, text, budget=4.0, most=200):
    times = []
    deadline = time.perf_counter() + budget
    while len(times) < most and (len(times) < 3 or time.perf_counter() < deadline):
        start = time.perf_counter()
        parse(text)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6, len(times)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(tempfile.gettempdir(), "keepsake-syntax-bench")
    print(f"pyjson5 {pyjson5.__version__}, json5 {json5.__version__}, Python {sys.version.split()[0]}")
    for name in ("canada", "citm_catalog", "twitter"):
        texts = {}
        for extension in ("json", "jsonc", "json5"):
            with open(os.path.join(folder, f"{name}.{extension}"), encoding="utf-8") as f:
                texts[extension] = f.read()
        expected = json.loads(texts["json"])
        for extension in ("jsonc", "json5"):
            # Both read the same data as the strict text, or the comparison means nothing.
            assert pyjson5.decode(texts[extension]) == expected, f"pyjson5 reads {name}.{extension} differently"
        reference, _ = median_us(json.loads, texts["json"])
        print(f"{name}: json.loads strict {reference:.0f} us")
        for extension in ("jsonc", "json5"):
            for label, parse in (("pyjson5", pyjson5.decode), ("json5", json5.loads)):
                took, runs = median_us(parse, texts[extension], budget=8.0 if label == "json5" else 4.0)
                print(f"{name}: {label} {extension} {took:.0f} us (median of {runs})")


if __name__ == "__main__":
    main()
