#!/usr/bin/env python3
"""`keepsake db import` speed: LINES generated JSON Lines records imported into a new SQLite store
and, when a URL is given, into a new schema of a PostgreSQL server; lines per second for each binary
given, the median of ROUNDS runs.

    Benchmarks/Scripts/db_import.py LINES ROUNDS [--postgres URL] KEEPSAKE...

Example (issue #27; the server from Scripts/postgres.sh):

    Benchmarks/Scripts/db_import.py 300000 3 --postgres "$KEEPSAKE_POSTGRES_URL" dist/keepsake OLD/keepsake
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

args = sys.argv[1:]
if len(args) < 3:
    sys.exit(__doc__)
lines, rounds = int(args[0]), int(args[1])
args = args[2:]
postgres = None
if args[0] == "--postgres":
    postgres, args = args[1], args[2:]
binaries = args

folder = tempfile.mkdtemp(prefix="keepsake-import-")
source = os.path.join(folder, "rows.jsonl")
with open(source, "w") as out:
    for i in range(lines):
        out.write(json.dumps({"id": i, "name": f"user {i}", "tags": ["a", "b"], "score": i * 0.5, "active": i % 2 == 0}) + "\n")


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if result.returncode != 0 or result.stdout.strip() != str(lines):
        sys.exit(f"{' '.join(command)}: exit {result.returncode}, printed {result.stdout.strip()!r}: {result.stderr}")
    return elapsed


def store_for(backend: str) -> str:
    if backend == "sqlite":
        return os.path.join(folder, f"{uuid.uuid4().hex}.sqlite")
    schema = "import_" + uuid.uuid4().hex
    return postgres + ("&" if "?" in postgres else "?") + "schema=" + schema


backends = ["sqlite"] + (["postgres"] if postgres else [])
for backend in backends:
    for binary in binaries:
        seconds = []
        for _ in range(rounds):
            store = store_for(backend)
            subprocess.run([binary, "db", "init", store], capture_output=True, check=True)
            seconds.append(timed([binary, "db", "import", store, "Row", source]))
        median = statistics.median(seconds)
        print(f"{backend:9} {lines / median:10,.0f} lines/s  (median of {rounds}: {median:.2f} s)  {binary}")
