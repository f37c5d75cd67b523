#!/usr/bin/env python3
"""SIGKILLs saves at random moments and checks what is left: the file must be exactly the old or the
new bytes, and after the next run no temporary file or journal may remain.

Seven kinds of save: `keepsake set` (rename), `keepsake set` of a YAML file (read through the
YAML reader's child process, edited in place, saved the same way), `keepsake set --in-place` on a hard-linked file
(journal), `keepsake set` of the last record of a mapped file (KEEPSAKE_LARGE_FILE=1: the part
before the edit copied by another thread while the walk to it goes on, the rest by the kernel),
`keepsake set` of the last line of a mapped JSON Lines file, the browser's save (^S under tmux,
killed as it writes), and `keepsake db import` of many records in one transaction (the store must
hold all of them or none, and open cleanly).

usage: Scripts/crash_trials.py KEEPSAKE_BINARY [TRIALS_PER_KIND] [SIZE_MB] [BROWSER_TRIALS]
(KINDS=set,yaml,in-place,mapped,lines,import,browser in the environment runs only those; the default is all)
"""
import os, random, signal, subprocess, sys, tempfile, time, shutil

binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/keepsake")
trials = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
size_mb = float(sys.argv[3]) if len(sys.argv) > 3 else 20
browser_trials = int(sys.argv[4]) if len(sys.argv) > 4 else trials
kinds = set(os.environ.get("KINDS", "set,yaml,in-place,mapped,lines,import,browser").split(","))

folder = tempfile.mkdtemp(prefix="keepsake-crash-")
path = os.path.join(folder, "f.json")
count = max(1, int(size_mb * 1e6 / 40))
old = ("[\n" + ",\n".join('  {"id": %d, "name": "record %d"}' % (i, i) for i in range(count)) + "\n]\n").encode()
new = old.replace(b'{"id": 0, ', b'{"id": 7000000, ', 1)
# The same records as JSON Lines, and each text with its last record's id changed.
lines_path = os.path.join(folder, "f.jsonl")
lines_old = "".join('{"id": %d, "name": "record %d"}\n' % (i, i) for i in range(count)).encode()
last = b'{"id": %d, ' % (count - 1)
end_new = old[:old.rindex(last)] + b'{"id": 7000000, ' + old[old.rindex(last) + len(last):]
lines_new = lines_old[:lines_old.rindex(last)] + b'{"id": 7000000, ' + lines_old[lines_old.rindex(last) + len(last):]
# The records as a YAML sequence (a tenth as many: YAML is read more slowly), its first id changed.
yaml_path = os.path.join(folder, "f.yaml")
yaml_old = "".join("- id: %d\n  name: record %d  # kept\n" % (i, i) for i in range(max(2, count // 10))).encode()
yaml_new = yaml_old.replace(b"- id: 0\n", b"- id: 7000000\n", 1)
# What the trials of the current kind compare with: the file, its old and its new bytes.
current = {"path": path, "old": old, "new": new}

def leftovers():
    return sorted(n for n in os.listdir(folder) if ".keepsake-" in n)

def reset(linked):
    for name in os.listdir(folder):
        os.unlink(os.path.join(folder, name))
    with open(current["path"], "wb") as f:
        f.write(current["old"])
    if linked:
        os.link(path, os.path.join(folder, "link.json"))

def timed_save(arguments, environment=None):
    start = time.perf_counter()
    subprocess.run([binary] + arguments, check=True, stdout=subprocess.DEVNULL, env=environment)
    return time.perf_counter() - start

def cli_trial(arguments, linked, horizon, environment=None):
    reset(linked)
    process = subprocess.Popen([binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
    time.sleep(random.uniform(0, horizon))
    process.send_signal(signal.SIGKILL)
    process.wait()
    return check(linked)

def browser_trial(horizon):
    reset(False)
    session = "crash%d" % os.getpid()
    tmux = ["tmux", "-L", session]
    subprocess.run(tmux + ["new-session", "-d", "-s", session, "-x", "100", "-y", "30", "exec " + binary + " " + path], check=True)
    try:
        deadline = time.time() + 30
        # The first screen, then the whole indexed (a large file is read-only until then).
        while True:
            screen = subprocess.run(tmux + ["capture-pane", "-p", "-t", session], capture_output=True).stdout
            if b"row 1 of" in screen and "%…".encode() not in screen:
                break
            if time.time() > deadline:
                raise SystemExit("the browser did not open")
            time.sleep(0.02)
        # Edit the first record's id, then save and kill the browser at a random moment.
        subprocess.run(tmux + ["send-keys", "-t", session, "j", "l", "Enter", "C-u"], check=True)
        subprocess.run(tmux + ["send-keys", "-t", session, "-l", "7000000"], check=True)
        subprocess.run(tmux + ["send-keys", "-t", session, "Enter"], check=True)
        deadline = time.time() + 30
        while b"7000000" not in subprocess.run(tmux + ["capture-pane", "-p", "-t", session], capture_output=True).stdout:
            if time.time() > deadline:
                raise SystemExit("the edit did not show")
            time.sleep(0.02)
        pid = int(subprocess.run(tmux + ["display-message", "-p", "-t", session, "#{pane_pid}"], capture_output=True, text=True).stdout)
        subprocess.run(tmux + ["send-keys", "-t", session, "C-s"], check=True)
        time.sleep(random.uniform(0, horizon))
        os.kill(pid, signal.SIGKILL)
    finally:
        subprocess.run(tmux + ["kill-server"], stderr=subprocess.DEVNULL)
    return check(False)

def state_of(linked):
    with open(current["path"], "rb") as f:
        now = f.read()
    state = "old" if now == current["old"] else "new" if now == current["new"] else "corrupt"
    if linked:
        link = os.path.join(folder, "link.json")
        with open(link, "rb") as f:
            if not os.path.samefile(path, link) or f.read() != now:
                state = "links split"
    return state

def check(linked):
    """The file as the killed save left it, then as the next run (which recovers) leaves it."""
    before = state_of(linked)
    had_leftovers = bool(leftovers())
    subprocess.run([binary, "get", current["path"], ".[1].id"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = state_of(linked)
    if leftovers():
        after += " + %d leftovers" % len(leftovers())
    return (before if before == after else before + " -> " + after), had_leftovers

def run(kind, trial, count=None):
    results = {}
    killed_with_leftovers = 0
    for _ in range(count or trials):
        state, had = trial()
        results[state] = results.get(state, 0) + 1
        killed_with_leftovers += had
    print("%-28s %s; %d trials left files that the next run removed" % (kind, dict(sorted(results.items())), killed_with_leftovers))
    # Only the state after the next run counts (an in-place save killed mid-write is rolled back then).
    return all(k.split(" -> ")[-1] in ("old", "new") for k in results)

def import_trial(horizon, lines):
    store = os.path.join(folder, "store.sqlite")
    for name in os.listdir(folder):
        os.unlink(os.path.join(folder, name))
    subprocess.run([binary, "db", "put", store, "Seed", '{"seed": true}'], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(folder, "r.jsonl"), "w") as f:
        f.write(lines)
    process = subprocess.Popen([binary, "db", "import", store, "Row", os.path.join(folder, "r.jsonl")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(random.uniform(0, horizon))
    process.send_signal(signal.SIGKILL)
    process.wait()
    counted = subprocess.run([binary, "db", "count", store, "Row"], capture_output=True, text=True)
    if counted.returncode != 0:
        return "does not open: " + counted.stderr.strip()[:80], False
    n = int(counted.stdout)
    return ("none" if n == 0 else "all" if n == import_count else "part (%d)" % n), False

import_count = 20000

reset(False)
horizon = timed_save(["set", path, ".[0].id", "7000000"]) * 1.2
print("file: %.1f MB; a whole save takes %.3f s (rename); kills fall in that span" % (len(old) / 1e6, horizon / 1.2))
# A file of 16 MiB or more (KEEPSAKE_LARGE_FILE) is mapped and not written in place: the in-place
# kind raises that size so the journal path is what is killed.
in_place = dict(os.environ, KEEPSAKE_LARGE_FILE=str(1 << 40))
if "in-place" in kinds:
    reset(True)
    horizon_linked = timed_save(["set", "--in-place", path, ".[0].id", "7000000"], in_place) * 1.2
    print("in place: %.3f s" % (horizon_linked / 1.2))
ok = True
if "set" in kinds:
    ok &= run("keepsake set", lambda: cli_trial(["set", path, ".[0].id", "7000000"], False, horizon))
if "yaml" in kinds:
    current.update(path=yaml_path, old=yaml_old, new=yaml_new)
    yaml_arguments = ["set", yaml_path, ".[0].id", "7000000"]
    reset(False)
    yaml_horizon = timed_save(yaml_arguments) * 1.2
    print("keepsake set, YAML (%.1f MB): a whole save takes %.3f s" % (len(yaml_old) / 1e6, yaml_horizon / 1.2))
    ok &= run("keepsake set, YAML", lambda: cli_trial(yaml_arguments, False, yaml_horizon))
    current.update(path=path, old=old, new=new)
if "in-place" in kinds:
    ok &= run("keepsake set --in-place", lambda: cli_trial(["set", "--in-place", path, ".[0].id", "7000000"], True, horizon_linked, in_place))
mapped = dict(os.environ, KEEPSAKE_LARGE_FILE="1")
for kind, file, before, after in [("mapped", path, old, end_new), ("lines", lines_path, lines_old, lines_new)]:
    if kind not in kinds:
        continue
    current.update(path=file, old=before, new=after)
    arguments = ["set", file, ".[%d].id" % (count - 1), "7000000"]
    reset(False)
    mapped_horizon = timed_save(arguments, mapped) * 1.2
    name = "keepsake set, mapped" + (" JSON Lines" if kind == "lines" else "")
    print("%s: a whole save takes %.3f s" % (name, mapped_horizon / 1.2))
    ok &= run(name, lambda: cli_trial(arguments, False, mapped_horizon, mapped))
current.update(path=path, old=old, new=new)
if "import" in kinds:
    lines = "".join('{"n": %d, "text": "row %d"}\n' % (i, i) for i in range(import_count))
    with open(os.path.join(folder, "r.jsonl"), "w") as f:
        f.write(lines)
    start = time.perf_counter()
    subprocess.run([binary, "db", "import", os.path.join(folder, "timing.sqlite"), "Row", os.path.join(folder, "r.jsonl")],
                   check=True, stdout=subprocess.DEVNULL)
    import_horizon = (time.perf_counter() - start) * 1.2  # a whole import, killed anywhere in it
    results = {}
    for _ in range(trials):
        state, _ = import_trial(import_horizon, lines)
        results[state] = results.get(state, 0) + 1
    print("%-28s %s" % ("keepsake db import", dict(sorted(results.items()))))
    ok &= all(k in ("all", "none") for k in results)
if "browser" in kinds and shutil.which("tmux"):
    ok &= run("browser ^S", lambda: browser_trial(0.05), browser_trials)
shutil.rmtree(folder)
sys.exit(0 if ok else 1)
