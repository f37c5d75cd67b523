#!/usr/bin/env python3
"""Truncates a large file while `keepsake set` edits it (a mapped file of 64 MiB or more: the
walk, the copy by the kernel and the rename all read it) and checks what is left each time: the
command says the file shrank or names the truncated text's error, or it saved; the folder holds
nothing but the file (no temporary file left behind); the file is the truncated text or the edit.

usage: Scripts/truncation_trials.py KEEPSAKE_BINARY [TRIALS] [SIZE_MB]"""
import os, random, subprocess, sys, tempfile, time

binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/keepsake")
trials = int(sys.argv[2]) if len(sys.argv) > 2 else 50
size_mb = float(sys.argv[3]) if len(sys.argv) > 3 else 70

folder = tempfile.mkdtemp(prefix="keepsake-truncate-")
count = max(2, int(size_mb * 1e6 / 40))
original = ("[\n" + ",\n".join('  {"id": %d, "name": "record %d"}' % (i, i) for i in range(count)) + "\n]\n").encode()
path = os.path.join(folder, "f.json")
last = ".[%d].id" % (count - 1)

# How long an undisturbed save takes: truncations land anywhere within it.
with open(path, "wb") as f:
    f.write(original)
start = time.perf_counter()
subprocess.run([binary, "set", path, last, "7"], check=True, capture_output=True)
duration = time.perf_counter() - start

outcomes = {"shrank": 0, "truncated text refused": 0, "saved": 0}
problems = []
for trial in range(trials):
    with open(path, "wb") as f:
        f.write(original)
    process = subprocess.Popen([binary, "set", path, last, "7"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(random.uniform(0, duration * 1.1))
    os.truncate(path, 1_000_000)
    _, error = process.communicate()
    error = error.decode(errors="replace")
    left = sorted(set(os.listdir(folder)) - {"f.json"})
    if left:
        problems.append(f"trial {trial}: left behind {left}")
        for name in left:
            os.remove(os.path.join(folder, name))
    if process.returncode == 0:
        outcomes["saved"] += 1
    elif "shrank" in error:
        outcomes["shrank"] += 1
    elif "f.json:" in error and "expected" in error:
        outcomes["truncated text refused"] += 1
    else:
        problems.append(f"trial {trial}: exit {process.returncode}: {error.strip()[:200]}")
print(f"{trials} truncations during a save of {len(original) / 1e6:.1f} MB (a save takes {duration:.2f} s): "
      + ", ".join(f"{name} {n}" for name, n in outcomes.items()) + f"; {len(problems)} problems")
for problem in problems:
    print("  " + problem)
sys.exit(1 if problems else 0)
