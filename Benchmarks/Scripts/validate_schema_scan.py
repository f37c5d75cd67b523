#!/usr/bin/env python3
"""What choosing a schema costs a syntax-only `keepsake validate`: the same file validated as it is
(the stream validator's pieces also scanned for a `$schema` key), with `--no-schema` (no scan), and
read by `cat`, interleaved, medians. The settings folder is an empty one, so no catalog applies.

usage: Benchmarks/Scripts/validate_schema_scan.py KEEPSAKE_BINARY FILE ROUNDS
"""
import subprocess, time, statistics, sys, os
binary, path, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
cases = {"validate (schema choice, scan)": [binary, "validate", path], "validate --no-schema": [binary, "validate", "--no-schema", path], "cat": ["cat", path]}
times = {k: [] for k in cases}
env = dict(os.environ, XDG_CONFIG_HOME="/tmp/vbench-config")
os.makedirs("/tmp/vbench-config", exist_ok=True)
for _ in range(rounds):
    for name, cmd in cases.items():
        t = time.perf_counter()
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        times[name].append(time.perf_counter() - t)
        assert r.returncode == 0, (name, r.stderr[:300])
base = statistics.median(times["validate --no-schema"])
for name, ts in times.items():
    m = statistics.median(ts)
    print(f"| {name} | {m:.3f} s | {m / base:.2f}× |")
