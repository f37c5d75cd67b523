#!/usr/bin/env python3
"""The JSON5 test suite (json5/json5-tests) through `keepsake --syntax json5`, and each valid
file's data against the reference parser's.

    python3 Benchmarks/Scripts/json5_conformance.py SUITE_DIR KEEPSAKE

The suite is kept outside the repository (pyjson5's source distribution vendors it as
third-party/json5-tests: `pip download --no-binary :all: --no-deps pyjson5`). Its files say what
they expect by extension: .json and .json5 are valid JSON5, .js is ECMAScript that JSON5 refuses,
.txt is invalid. For every valid file `keepsake get FILE . --json` must print the data that the
reference implementation (PyPI `json5`, dpranke's) reads; NaN and Infinity, which strict JSON
cannot print, count as agreeing when keepsake refuses them by name and the reference reads them.
"""
import json
import math
import os
import subprocess
import sys

try:
    import json5  # the reference (PyPI json5)
except ImportError:
    sys.exit("pip install json5 (dpranke's reference implementation; not json-five, which shares the module name)")


def keepsake(binary, *arguments):
    return subprocess.run([binary, *arguments], capture_output=True, text=True)


def same(a, b):
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a.keys()) == list(b.keys()) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return a == b


def has_special(value):
    if isinstance(value, float):
        return math.isnan(value) or math.isinf(value)
    if isinstance(value, dict):
        return any(has_special(v) for v in value.values())
    if isinstance(value, list):
        return any(has_special(v) for v in value)
    return False


def main():
    suite, binary = sys.argv[1], sys.argv[2]
    counts = {"valid accepted": 0, "valid": 0, "invalid refused": 0, "invalid": 0, "data agrees": 0}
    misses = []
    for folder, _, names in sorted(os.walk(suite)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            extension = os.path.splitext(name)[1]
            if extension not in (".json", ".json5", ".js", ".txt"):
                continue
            accepted = keepsake(binary, "validate", "--syntax", "json5", path).returncode == 0
            if extension in (".json", ".json5"):
                counts["valid"] += 1
                if not accepted:
                    misses.append(f"refused a valid file: {path}")
                    continue
                counts["valid accepted"] += 1
                with open(path, encoding="utf-8") as f:
                    reference = json5.loads(f.read())
                printed = keepsake(binary, "get", "--syntax", "json5", path, ".", "--json")
                if printed.returncode == 0:
                    agrees = same(json.loads(printed.stdout), reference)
                else:
                    agrees = has_special(reference) and "NaN or Infinity" in printed.stderr
                if agrees:
                    counts["data agrees"] += 1
                else:
                    misses.append(f"reads otherwise: {path}")
            else:
                counts["invalid"] += 1
                if accepted:
                    misses.append(f"accepted an invalid file: {path}")
                else:
                    counts["invalid refused"] += 1
    for miss in misses:
        print(miss)
    print(f"valid accepted: {counts['valid accepted']}/{counts['valid']}; invalid refused: {counts['invalid refused']}/{counts['invalid']}; "
          f"data as the reference reads it: {counts['data agrees']}/{counts['valid accepted']}")


if __name__ == "__main__":
    main()
