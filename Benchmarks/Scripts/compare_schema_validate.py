#!/usr/bin/env python3
"""Times file-to-verdict schema validation of one document by `keepsake validate --schema`,
jsonschema-rs (PyPI `jsonschema-rs`: Python's json.load, then `is_valid`) and python-jsonschema
(`Draft202012Validator.is_valid`), interleaved, and prints medians of wall time and peak RSS (from
wait4), each tool's verdict, and the ratios. The schema (written next to the report) uses `$ref`,
`pattern`, `oneOf`, `prefixItems` and `unevaluatedProperties` over the records that
generate_document.py writes.

usage: compare_schema_validate.py KEEPSAKE_BINARY FILE [ROUNDS] [PYTHON_JSONSCHEMA_ROUNDS]
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["version", "records"],
    "properties": {"version": {"const": 3}, "records": {"type": "array", "items": {"$ref": "#/$defs/record"}}},
    "$defs": {
        "record": {
            "type": "object",
            "required": ["id", "name", "age"],
            "properties": {
                "id": {"type": "integer", "minimum": 0},
                "name": {"type": "string", "minLength": 1},
                "age": {"type": "integer", "minimum": 0, "maximum": 150},
                "score": {"type": "number"},
                "active": {"type": "boolean"},
                "email": {"oneOf": [{"type": "null"}, {"type": "string", "format": "email"}]},
                "tags": {"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9]+$"}},
                "address": {"$ref": "#/$defs/address"},
                "balance": {"type": "integer"},
            },
            "unevaluatedProperties": False,
        },
        "address": {
            "type": "object",
            "required": ["street", "city"],
            "properties": {
                "street": {"type": "string", "pattern": "^[0-9]+ "},
                "city": {"type": "string"},
                "geo": {
                    "type": "array",
                    "prefixItems": [{"type": "number", "minimum": -90.5, "maximum": 90}, {"type": "number", "minimum": -180.25, "maximum": 180}],
                    "items": False,
                },
            },
        },
    },
}

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
    schema = os.path.join(tempfile.mkdtemp(), "records.schema.json")
    with open(schema, "w") as f:
        json.dump(SCHEMA, f, indent=2)
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
