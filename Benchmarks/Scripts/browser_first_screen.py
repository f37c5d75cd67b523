#!/usr/bin/env python3
"""Runs the real `keepsake` browser in tmux on a file, waits (with a deadline) for its first screen,
quits it, and prints the wall time to the first screen (as polled from tmux, so an upper bound)
and the process's peak RSS (from wait4). A large file's first screen is its start, shown while the
whole loads (the title says `reading N%…` / `indexing N%…` / `making the view…`): the resident memory at the first
screen (VmRSS from /proc) and the time until the whole is in place (or the start is left
read-only, `⚠ start only`) are printed too.

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
        f"open({out + '.pid'!r},'w').write(str(p.pid));"
        "_,s,r=os.wait4(p.pid,0);"
        f"open({out!r},'w').write(str(r.ru_maxrss))"
    )
    start = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40", sys.executable, "-c", wrapper], check=True)
    first = None
    deadline = start + 60
    while time.perf_counter() < deadline:
        screen = subprocess.run(["tmux", "capture-pane", "-t", session, "-p"], capture_output=True, text=True).stdout
        # The status line says where the cursor is, or (a YAML file) how the file is shown.
        if "row 1 of" in screen or "shown as its data" in screen:
            first = time.perf_counter() - start
            break
        time.sleep(0.005)
    rss_first = resident(out + ".pid")
    # A partial first screen: until the whole is in place (or the start is left read-only).
    whole = first
    loading = ("%…", "reading…", "making the view…")  # a phase with a figure, or without one
    while first is not None and time.perf_counter() < deadline and any(label in screen for label in loading):
        time.sleep(0.005)
        screen = subprocess.run(["tmux", "capture-pane", "-t", session, "-p"], capture_output=True, text=True).stdout
        whole = time.perf_counter() - start
    partial_only = "start only" in screen
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
    return first, rss, checked, rss_first, whole, partial_only


def resident(pid_file: str) -> int:
    """The VmRSS of the process whose pid the wrapper wrote, in bytes (-1 when unknown)."""
    try:
        pid = int(open(pid_file).read())
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return -1

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
    rss_first = statistics.median(r[3] for r in results)
    whole = statistics.median(r[4] for r in results)
    partial_only = any(r[5] for r in results)
    print(f"{path}: {size / 1e6:.0f} MB, {rounds} rounds, medians: first screen {wall:.3f} s "
          + f"(RSS then {rss_first / 1e6:.0f} MB = {rss_first / size:.3f}x the file), "
          + (f"the start only, read-only, from {whole:.3f} s, " if partial_only else f"whole in place {whole:.3f} s, ")
          + (f"schema check done {checked:.3f} s, " if extra else "")
          + f"peak RSS {rss / 1e6:.0f} MB = {rss / size:.2f}x the file")

if __name__ == "__main__":
    main()
