#!/usr/bin/env python3
"""Times file-to-verdict schema validation of one document by `keepsake validate --schema`,
jsonschema-rs (PyPI `jsonschema-rs`: Python's json.load, then `is_valid`) and python-jsonschema
(`Draft202012Validator.is_valid`), interleaved, and prints medians of wall time and peak RSS (from
wait4), each tool's verdict, and the ratios. The schema, records.schema.json next to this script, uses
`$ref`, `pattern`, `oneOf`, `prefixItems` and `unevaluatedProperties` over the records that
generate_document.py writes.

usage: compare_schema_validate.py KEEPSAKE_BINARY FILE [ROUNDS] [PYTHON_JSONSCHEMA_ROUNDS]
"""
import os
import statistics
import subprocess
import sys
import time

# The schema both this script and JSONSchemaBenchmarks use.
SCHEMA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "records.schema.json")

RS = """
import json, sys, jsonschema_rs
schema = json.load(open(sys.argv[1]))
validator = jsonschema_rs.validator_for(schema)
sys.exit(0 if validator.is_valid(json.load(open(sys.argv[2], 'rb'))) else 1)
"""

PY = """
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
sys.exit(0 if Draft202012Validator(schema).is_valid(json.load(open(sys.argv[2], 'rb'))) else 1)
"""

def run(argv):
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{argv[:3]} failed ({code}): {err[:2000]}")
    return elapsed, usage.ru_maxrss * 1024, "valid" if code == 0 else "invalid"

def main() -> None:
    keepsake, path = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    slow_rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    size = os.path.getsize(path)
    schema = SCHEMA_PATH
    tools = {
        "keepsake validate --schema": ([keepsake, "validate", path, "--schema", schema], rounds),
        "jsonschema-rs (json.load + is_valid)": ([sys.executable, "-c", RS, schema, path], rounds),
        "python-jsonschema (json.load + is_valid)": ([sys.executable, "-c", PY, schema, path], slow_rounds),
    }
    results = {name: [] for name in tools}
    for round in range(rounds):
        for name, (argv, wanted) in tools.items():
            if round < wanted:
                results[name].append(run(argv))
    print(f"file: {path} ({size / 1e6:.1f} MB); schema: {schema}; medians of {rounds} interleaved rounds ({slow_rounds} for python-jsonschema)")
    print("| tool | verdict | wall s | peak RSS MB | RSS / file size |")
    print("|---|---|---|---|---|")
    medians = {}
    for name, samples in results.items():
        wall = statistics.median(s[0] for s in samples)
        rss = statistics.median(s[1] for s in samples)
        verdicts = sorted(set(s[2] for s in samples))
        medians[name] = wall
        print(f"| {name} | {'/'.join(verdicts)} | {wall:.3f} | {rss / 1e6:.0f} | {rss / size:.2f}× |")
    base = medians["keepsake validate --schema"]
    for name in list(tools)[1:]:
        print(f"keepsake is {medians[name] / base:.1f}× faster than {name}")

if __name__ == "__main__":
    main()
