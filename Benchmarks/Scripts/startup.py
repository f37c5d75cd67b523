#!/usr/bin/env python3
"""How long a command takes from start to exit, for commands that do little (startup dominates):
each command run in turn, ROUNDS times after a warm-up, and the median wall time of each and of
the ratio of each to the first, pair by pair (so a drift of the machine's speed cancels).

    Benchmarks/Scripts/startup.py ROUNDS 'COMMAND A' 'COMMAND B' ...

Example (issue #32): the packaged binary, the dynamically linked one and jq, on a small file in a
small folder (`get` looks beside the file for an interrupted save, so a folder of thousands of
files costs more):

    Benchmarks/Scripts/startup.py 200 'dist/keepsake get /tmp/s/small.json .a.b' \\
        '.build/release/keepsake get /tmp/s/small.json .a.b' 'jq .a.b /tmp/s/small.json'
"""
import shlex
import statistics
import subprocess
import sys
import time

rounds = int(sys.argv[1])
commands = [shlex.split(text) for text in sys.argv[2:]]
if rounds < 1 or not commands:
    sys.exit(__doc__)


def once(command: list[str]) -> float:
    started = time.perf_counter()
    finished = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - started
    if finished.returncode != 0:
        sys.exit(f"{shlex.join(command)} exited with {finished.returncode}")
    return elapsed


for command in commands:  # warm-up: the page cache and the loader's caches
    for _ in range(3):
        once(command)
times = [[] for _ in commands]
for _ in range(rounds):
    for index, command in enumerate(commands):
        times[index].append(once(command))

for index, command in enumerate(commands):
    median = statistics.median(times[index])
    line = f"{statistics.median(times[index]) * 1000:7.2f} ms median  {shlex.join(command)}"
    if index > 0:
        ratio = statistics.median(a / b for a, b in zip(times[0], times[index]))
        line += f"   (first / this: {ratio:.2f})"
    print(line)
