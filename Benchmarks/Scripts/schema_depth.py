#!/usr/bin/env python3
"""How `keepsake validate --schema` grows with a schema's depth: a schema of N nested
`properties` levels and a document as deep, at 1,000, 2,000, 4,000 and 8,000 levels. Prints the
median of 5 runs at each depth and the ratio to the previous depth (2.0 is linear, 4.0 quadratic).

usage: Benchmarks/Scripts/schema_depth.py KEEPSAKE_BINARY"""
import os, statistics, subprocess, sys, tempfile, time

binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/keepsake")
folder = tempfile.mkdtemp(prefix="keepsake-schema-depth-")
previous = None
for depth in (1000, 2000, 4000, 8000):
    schema = os.path.join(folder, f"schema-{depth}.json")
    document = os.path.join(folder, f"doc-{depth}.json")
    with open(schema, "w") as f:
        f.write('{"required": ["a"], "properties": {"a": ' * depth + '{"type": "integer"}' + '}}' * depth)
    with open(document, "w") as f:
        f.write('{"a":' * depth + '1' + '}' * depth)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([binary, "validate", "--schema", schema, document, "--max-depth", "100000"], check=True)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    ratio = f"{median / previous:.2f}" if previous else "-"
    print(f"{depth:>6} levels  {median * 1000:8.1f} ms  x{ratio}")
    previous = median
