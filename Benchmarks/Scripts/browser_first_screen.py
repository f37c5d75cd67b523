#!/usr/bin/env python3
"""Runs the real `keepsake` browser in tmux on a file, waits (with a deadline) for its first screen,
quits it, and prints the wall time to the first screen (as polled from tmux, so an upper bound)
and the process's peak RSS (from wait4).

usage: browser_first_screen.py KEEPSAKE_BINARY FILE [ROUNDS]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

def one_round(binary: str, path: str) -> tuple[float, int]:
    session = "ks-bench-" + uuid.uuid4().hex[:8]
    out = tempfile.mktemp()
    wrapper = (
        "import os,subprocess,sys;"
        f"p=subprocess.Popen([{binary!r},{path!r}]);"
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
    subprocess.run(["tmux", "send-keys", "-t", session, "q"])
    while time.perf_counter() < deadline and not os.path.exists(out):
        time.sleep(0.01)
    time.sleep(0.05)
    rss = int(open(out).read()) * 1024 if os.path.exists(out) else -1
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    if first is None:
        sys.exit("the first screen did not appear within 60 s")
    return first, rss

def main() -> None:
    binary, path = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    size = os.path.getsize(path)
    results = [one_round(binary, path) for _ in range(rounds)]
    wall = statistics.median(r[0] for r in results)
    rss = statistics.median(r[1] for r in results)
    print(f"{path}: {size / 1e6:.0f} MB, {rounds} rounds, medians: first screen {wall:.3f} s, "
          f"peak RSS {rss / 1e6:.0f} MB = {rss / size:.2f}x the file")

if __name__ == "__main__":
    main()
