#!/usr/bin/env python3
"""Times a save in the real browser on a YAML file, in tmux: goes to PATH, sets its value to VALUE
through the editor, presses ^S and prints the time from ^S to the status line's "saved" (polled from
tmux, so an upper bound), then the lines `diff` finds changed. The file is copied first; the copy is
what is saved.

usage: yaml_browser_save.py KEEPSAKE_BINARY FILE PATH VALUE [ROUNDS]
"""
import shutil
import subprocess
import sys
import time
import uuid


def screen(session):
    return subprocess.run(["tmux", "capture-pane", "-t", session, "-p"], capture_output=True, text=True).stdout


def wait_for(session, what, condition, seconds=600):
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        text = screen(session)
        if condition(text):
            return text
        time.sleep(0.01)
    raise SystemExit("timed out waiting for " + what + ":\n" + screen(session))


def one_round(binary, path, target, value):
    copy = "/tmp/keepsake-save-probe-%s.yaml" % uuid.uuid4().hex[:8]
    shutil.copyfile(path, copy)
    session = "ks-save-" + uuid.uuid4().hex[:8]
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40", binary, "--no-schema", copy], check=True)
    try:
        wait_for(session, "the first screen", lambda s: "shown as its data" in s)
        subprocess.run(["tmux", "send-keys", "-t", session, ":"], check=True)
        subprocess.run(["tmux", "send-keys", "-t", session, "-l", target], check=True)
        subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)
        wait_for(session, "the cursor on the path", lambda s: s.splitlines()[-2].lstrip().startswith(target + " "))
        subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)
        wait_for(session, "the editor", lambda s: "⏎ commit" in s)
        subprocess.run(["tmux", "send-keys", "-t", session, "C-u"], check=True)
        subprocess.run(["tmux", "send-keys", "-t", session, "-l", value], check=True)
        subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)
        wait_for(session, "the value set", lambda s: "modified" in s.splitlines()[0] and "⏎ commit" not in s)
        start = time.perf_counter()
        subprocess.run(["tmux", "send-keys", "-t", session, "C-s"], check=True)
        wait_for(session, "the save", lambda s: any(line.startswith("saved") for line in s.splitlines()[-2:]))
        seconds = time.perf_counter() - start
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    diff = subprocess.run(["diff", path, copy], capture_output=True, text=True).stdout
    changed = [line for line in diff.splitlines() if line.startswith(("<", ">"))]
    return seconds, changed


def main():
    binary, path, target, value = sys.argv[1:5]
    rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    times = []
    for _ in range(rounds):
        seconds, changed = one_round(binary, path, target, value)
        times.append(seconds)
    times.sort()
    print("%s: save after one value set: median %.3f s of %d (%s); lines changed: %s" % (
        path, times[len(times) // 2], rounds, ", ".join("%.3f" % t for t in times), changed))


if __name__ == "__main__":
    main()
