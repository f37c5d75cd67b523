#!/usr/bin/env python3
"""Runs the real `keepsake` browser in tmux on a generated document, opens its records array, goes
to the last record's `id`, edits it, and prints the time from the committing Enter to the screen
showing the new value (polled from tmux, so an upper bound), then the diff view (`D`) and the undo
(`u`) the same way, and
the process's resident memory before and after the edit (VmRSS, and the peak VmHWM, from /proc).

usage: browser_edit.py KEEPSAKE_BINARY FILE [ROUNDS]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid


def capture(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-t", session, "-p"], capture_output=True, text=True).stdout


def wait_for(session: str, condition, deadline: float) -> str:
    while time.perf_counter() < deadline:
        screen = capture(session)
        if condition(screen):
            return screen
        time.sleep(0.002)
    sys.exit("timed out; last screen:\n" + capture(session))


def memory(pid: int) -> tuple[int, int]:
    fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status").read().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) * 1024, int(fields["VmHWM"].split()[0]) * 1024


def send(session: str, *keys: str) -> None:
    subprocess.run(["tmux", "send-keys", "-t", session, *keys], check=True)


def one_round(binary: str, path: str) -> tuple[float, float, int, int, int]:
    session = "ks-edit-" + uuid.uuid4().hex[:8]
    pid_file = tempfile.mktemp()
    wrapper = f"import os,subprocess;p=subprocess.Popen([{binary!r},{path!r}]);open({pid_file!r},'w').write(str(p.pid));p.wait()"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40", sys.executable, "-c", wrapper], check=True)
    deadline = time.perf_counter() + 120
    wait_for(session, lambda s: "row 1 of" in s, deadline)
    pid = int(open(pid_file).read())
    # The records array, its last element, its id.
    send(session, "j", "j", "l")
    wait_for(session, lambda s: "▾ records" in s and "[0]" in s, deadline)
    send(session, "G", "l", "j")
    wait_for(session, lambda s: ".records[" in s and "].id " in s, deadline)
    rss_before, _ = memory(pid)
    send(session, "Enter")
    wait_for(session, lambda s: "JSON: " in s, deadline)
    send(session, "7")
    wait_for(session, lambda s: "7▏" in s, deadline)
    start = time.perf_counter()
    send(session, "Enter")
    wait_for(session, lambda s: "● modified" in s, deadline)
    edit_seconds = time.perf_counter() - start
    # The diff of that edit, at the end of the file: its line numbers count every line before it.
    start = time.perf_counter()
    send(session, "D")
    wait_for(session, lambda s: "@@ -" in s, deadline)
    diff_seconds = time.perf_counter() - start
    send(session, "Escape")
    wait_for(session, lambda s: "● modified" in s and "@@ -" not in s, deadline)
    start = time.perf_counter()
    send(session, "u")
    wait_for(session, lambda s: "undone" in s, deadline)
    undo_seconds = time.perf_counter() - start
    rss_after, peak = memory(pid)
    send(session, "q")
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    return edit_seconds, undo_seconds, rss_before, rss_after, peak, diff_seconds


def main() -> None:
    binary, path = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    size = os.path.getsize(path)
    results = [one_round(binary, path) for _ in range(rounds)]
    edit = statistics.median(r[0] for r in results)
    undo = statistics.median(r[1] for r in results)
    before = statistics.median(r[2] for r in results)
    after = statistics.median(r[3] for r in results)
    peak = statistics.median(r[4] for r in results)
    diff = statistics.median(r[5] for r in results)
    print(f"{path}: {size / 1e6:.0f} MB, {rounds} rounds, medians: edit committed to screen {edit * 1000:.1f} ms, "
          f"diff view (D) to screen {diff * 1000:.1f} ms, undo to screen {undo * 1000:.1f} ms; RSS before the edit {before / 1e6:.0f} MB, after edit + undo "
          f"{after / 1e6:.0f} MB ({after / size:.2f}x the file), peak {peak / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
