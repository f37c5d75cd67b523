#!/usr/bin/env python3
"""The YAML test suite's cases, read by keepsake: valid cases to the expected data, error cases refused.

Usage: yaml_suite.py KEEPSAKE CASES.jsonl
       yaml_suite.py --peer ruamel|pyyaml-c CASES.jsonl   the same cases read by a peer, side by side

CASES.jsonl is kept outside the repository: one case a line, {"id", "yaml", "json"?, "fail"?}, where
"json" is the list of the stream's documents as data (absent where the suite gives no JSON: the case
must then only be read), "fail" true for an error case. A valid case passes when every document reads
(`get FILE . --document N --json`) to the expected data and the stream holds no more documents; an
error case passes when keepsake refuses the stream (any document's read fails).
"""
import json
import os
import subprocess
import sys
import tempfile


def read_document(keepsake, path, number):
    result = subprocess.run([keepsake, "get", path, ".", "--document", str(number), "--json"],
                            capture_output=True, text=True, timeout=30)
    if result.returncode != 0:
        return None, result.stderr.strip()
    return json.loads(result.stdout) if result.stdout.strip() else None, None


def count_documents(keepsake, path):
    """How many documents keepsake reads in the stream (reading each), or an error."""
    number = 0
    while True:
        value, error = read_document(keepsake, path, number)
        if error is not None:
            if "there is no document" in error or "no document" in error:
                return number, None
            return number, error
        number += 1
        if number > 50:
            return number, "too many documents"


class PeerRefused(Exception):
    pass


def peer_documents(peer, text):
    """Every document of a stream as a peer loads it (ruamel.yaml's safe loader, YAML 1.2; PyYAML's
    C loader over libyaml, YAML 1.1), as JSON's data; PeerRefused when it refuses the text."""
    try:
        if peer == "ruamel":
            from ruamel.yaml import YAML
            loaded = list(YAML(typ="safe", pure=True).load_all(text))
        else:
            import yaml
            loaded = list(yaml.load_all(text, Loader=yaml.CSafeLoader))
        # What JSON cannot hold (dates, sets, byte strings) becomes text, so a comparison can fail on it.
        return json.loads(json.dumps(loaded, default=str))
    except Exception as error:
        raise PeerRefused(str(error).splitlines()[0] if str(error) else type(error).__name__)


def run_peer(peer, cases):
    tally = {"valid": 0, "valid-passed": 0, "data": 0, "data-passed": 0, "error": 0, "error-passed": 0}
    for case in cases:
        try:
            got = peer_documents(peer, case["yaml"])
            refused = None
        except PeerRefused as error:
            got, refused = None, error
        if case.get("fail"):
            tally["error"] += 1
            tally["error-passed"] += refused is not None
            continue
        tally["valid"] += 1
        if refused is not None:
            print("FAIL %s: refused: %s" % (case["id"], refused))
            continue
        tally["valid-passed"] += 1
        if "json" in case:
            tally["data"] += 1
            # An empty stream: no document (keepsake reads it as one `null`).
            if got == case["json"] or (case["json"] == [] and got in ([], [None])):
                tally["data-passed"] += 1
            else:
                print("FAIL %s: read as %s, expected %s" % (case["id"], json.dumps(got)[:160], json.dumps(case["json"])[:160]))
    return tally


def report(tally):
    valid, error = tally["valid"], tally["error"]
    print("valid cases read: %d of %d (%.1f%%); of them with the suite's JSON, read to it: %d of %d (%.1f%%)" % (
        tally["valid-passed"], valid, 100.0 * tally["valid-passed"] / max(1, valid),
        tally["data-passed"], tally["data"], 100.0 * tally["data-passed"] / max(1, tally["data"])))
    print("error cases refused: %d of %d (%.1f%%)" % (tally["error-passed"], error, 100.0 * tally["error-passed"] / max(1, error)))


def main():
    if sys.argv[1] == "--peer":
        cases = [json.loads(line) for line in open(sys.argv[3], encoding="utf-8") if line.strip()]
        report(run_peer(sys.argv[2], cases))
        return
    keepsake, cases_path = sys.argv[1], sys.argv[2]
    cases = [json.loads(line) for line in open(cases_path, encoding="utf-8") if line.strip()]
    tally = {"valid": 0, "valid-passed": 0, "data": 0, "data-passed": 0, "error": 0, "error-passed": 0}
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "case.yaml")
        for case in cases:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(case["yaml"])
            if case.get("fail"):
                tally["error"] += 1
                count, error = count_documents(keepsake, path)
                if error is not None:
                    tally["error-passed"] += 1
                else:
                    failures.append((case["id"], "error case read as %d document(s)" % count))
                continue
            tally["valid"] += 1
            expected = case.get("json")
            if expected is None:
                count, error = count_documents(keepsake, path)
                if error is None:
                    tally["valid-passed"] += 1
                else:
                    failures.append((case["id"], "valid case (no JSON) refused: " + error))
                continue
            tally["data"] += 1
            problem = None
            for number, want in enumerate(expected):
                got, error = read_document(keepsake, path, number)
                if error is not None:
                    problem = "document %d refused: %s" % (number, error)
                    break
                if got != want or type(got) != type(want):
                    problem = "document %d read as %s, expected %s" % (number, json.dumps(got)[:200], json.dumps(want)[:200])
                    break
            if problem is None:
                extra, error = read_document(keepsake, path, len(expected))
                if error is None and len(expected) > 0:
                    problem = "a document more than expected"
            if problem is None:
                tally["valid-passed"] += 1
                tally["data-passed"] += 1
            else:
                failures.append((case["id"], problem))
    for case_id, problem in failures:
        print("FAIL %s: %s" % (case_id, problem))
    report(tally)


if __name__ == "__main__":
    main()
