#!/usr/bin/env python3
"""Runs the real `keepsake` browser in tmux on a generated document, opens its records array, goes
to the last record's `id`, edits it, and prints the time from the committing Enter to the screen
showing the new value (polled from tmux, so an upper bound), then the diff view (`D`), a find that
matches nothing forward (`/zqxw`) and backward (`N`) in the edited text, and the undo (`u`) the same
way, and
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


def start_session(session: str, command: list[str]) -> None:
    """Starts a detached 120x40 session; tries again when the server of the last round was still
    shutting down (tmux answers "server exited unexpectedly")."""
    for attempt in range(5):
        if subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40", *command]).returncode == 0:
            return
        time.sleep(0.2)
    sys.exit("tmux could not start a session")


def timed(session: str, keys: list[str], done, deadline: float) -> float:
    """Seconds from sending the keys to the screen meeting `done`."""
    start = time.perf_counter()
    send(session, *keys)
    wait_for(session, done, deadline)
    return time.perf_counter() - start


def one_round(binary: str, path: str) -> dict[str, float]:
    session = "ks-edit-" + uuid.uuid4().hex[:8]
    pid_file = tempfile.mktemp()
    wrapper = f"import os,subprocess;p=subprocess.Popen([{binary!r},{path!r}]);open({pid_file!r},'w').write(str(p.pid));p.wait()"
    start_session(session, [sys.executable, "-c", wrapper])
    deadline = time.perf_counter() + 120
    wait_for(session, lambda s: "row 1 of" in s, deadline)
    pid = int(open(pid_file).read())
    # The records array, its last element, its id.
    send(session, "j", "j", "l")
    wait_for(session, lambda s: "▾ records" in s and "[0]" in s, deadline)
    send(session, "G", "l", "j")
    wait_for(session, lambda s: ".records[" in s and "].id " in s, deadline)
    result = {"rss_before": memory(pid)[0]}
    send(session, "Enter")
    wait_for(session, lambda s: "JSON: " in s, deadline)
    send(session, "7")
    wait_for(session, lambda s: "7▏" in s, deadline)
    result["edit"] = timed(session, ["Enter"], lambda s: "● modified" in s, deadline)
    # The diff of that edit, at the end of the file: its line numbers count every line before it.
    result["diff"] = timed(session, ["D"], lambda s: "@@ -" in s, deadline)
    send(session, "Escape")
    wait_for(session, lambda s: "● modified" in s and "@@ -" not in s, deadline)
    # Find, in the edited text (in pieces): nothing matches, so every byte is scanned.
    send(session, "/", "z", "q", "x", "w")
    wait_for(session, lambda s: "zqxw▏" in s, deadline)
    result["find"] = timed(session, ["Enter"], lambda s: "no match" in s, deadline)
    send(session, "j")
    wait_for(session, lambda s: "no match" not in s, deadline)
    result["find_backward"] = timed(session, ["N"], lambda s: "no match" in s, deadline)
    result["undo"] = timed(session, ["u"], lambda s: "undone" in s, deadline)
    result["rss_after"], result["peak"] = memory(pid)
    send(session, "q")
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    return result


def main() -> None:
    binary, path = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    size = os.path.getsize(path)
    results = [one_round(binary, path) for _ in range(rounds)]
    m = {key: statistics.median(r[key] for r in results) for key in results[0]}
    print(f"{path}: {size / 1e6:.0f} MB, {rounds} rounds, medians to the screen: edit committed {m['edit'] * 1000:.1f} ms, "
          f"diff view (D) {m['diff'] * 1000:.1f} ms, find without a match {m['find'] * 1000:.0f} ms forward and "
          f"{m['find_backward'] * 1000:.0f} ms backward (N), undo {m['undo'] * 1000:.1f} ms; RSS before the edit "
          f"{m['rss_before'] / 1e6:.0f} MB, after edit + undo {m['rss_after'] / 1e6:.0f} MB "
          f"({m['rss_after'] / size:.2f}x the file), peak {m['peak'] / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
