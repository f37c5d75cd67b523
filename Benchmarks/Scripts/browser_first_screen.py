#!/usr/bin/env python3
"""Runs the real `keepsake` browser in tmux on a file, waits (with a deadline) for its first screen,
quits it, and prints the wall time to the first screen (as polled from tmux, so an upper bound)
and the process's peak RSS (from wait4).

usage: browser_first_screen.py KEEPSAKE_BINARY FILE [ROUNDS] [-- EXTRA KEEPSAKE ARGUMENTS]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

def one_round(binary: str, path: str, extra: list[str]) -> tuple[float, int, float]:
    session = "ks-bench-" + uuid.uuid4().hex[:8]
    out = tempfile.mktemp()
    wrapper = (
        "import os,subprocess,sys;"
        f"p=subprocess.Popen({[binary, *extra, path]!r});"
        "_,s,r=os.wait4(p.pid,0);"
        f"open({out!r},'w').write(str(r.ru_maxrss))"
    )
    start = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40", sys.executable, "-c", wrapper], check=True)
    first = None
    deadline = start + 60
    while time.perf_counter() < deadline:
        screen = subprocess.run(["tmux", "capture-pane", "-t", session, "-p"], capture_output=True, text=True).stdout
        if "row 1 of" in screen:
            first = time.perf_counter() - start
            break
        time.sleep(0.005)
    # With a schema, the whole-document check runs after the first screen: until "checking…" goes.
    checked = first
    while first is not None and time.perf_counter() < deadline and "checking…" in screen:
        time.sleep(0.005)
        screen = subprocess.run(["tmux", "capture-pane", "-t", session, "-p"], capture_output=True, text=True).stdout
        checked = time.perf_counter() - start
    subprocess.run(["tmux", "send-keys", "-t", session, "q"])
    while time.perf_counter() < deadline and not os.path.exists(out):
        time.sleep(0.01)
    time.sleep(0.05)
    rss = int(open(out).read()) * 1024 if os.path.exists(out) else -1
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    if first is None:
        sys.exit("the first screen did not appear within 60 s")
    return first, rss, checked

def main() -> None:
    arguments = sys.argv[1:sys.argv.index("--")] if "--" in sys.argv else sys.argv[1:]
    extra = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    binary, path = arguments[0], arguments[1]
    rounds = int(arguments[2]) if len(arguments) > 2 else 5
    size = os.path.getsize(path)
    results = [one_round(binary, path, extra) for _ in range(rounds)]
    wall = statistics.median(r[0] for r in results)
    rss = statistics.median(r[1] for r in results)
    checked = statistics.median(r[2] for r in results)
    print(f"{path}: {size / 1e6:.0f} MB, {rounds} rounds, medians: first screen {wall:.3f} s, "
          + (f"schema check done {checked:.3f} s, " if extra else "")
          + f"peak RSS {rss / 1e6:.0f} MB = {rss / size:.2f}x the file")

if __name__ == "__main__":
    main()
