#!/usr/bin/env python3
"""The browser on files bigger than it should hold (issue #16), the real binary under tmux:

  first screen   seconds from start to the first screen (polled from tmux: an upper bound), and
                 the resident memory then (VmRSS)
  browsing       the peak resident memory while moving about the first screens (PgDn, j, l into a
                 record, k, PgUp) as the rest is indexed behind them
  whole          seconds until the whole file is indexed (the title stops saying "indexing N%…")
  after G        the peak resident memory after going to the last record and opening it
  edit + save    seconds from the key committing an edit of the last record's id to the screen
                 saying "saved", beside `cp` of the file in the same run; the saved file, with the
                 old id put back in place, must be the file as it was (md5): nothing else changed
  peak           the process's peak resident memory (wait4), as a multiple of the file's size

The files are made in a folder of their own (TMPDIR) and deleted after: `records1` (a 1 GB pretty
array of records), `records10` (10 GB: ten times its records) and `lines10` (10 GB of JSON Lines:
the records minified, one per line) — the 10 GB ones only with 25 GiB free, else skipped with the
reason printed. Resident memory is sampled every 5 ms from /proc.

Each file is browsed ROUNDS times (default 3), a `cp` of it before each session and one after the
last (the same state of the page cache around each save); the table gives medians, and the edit +
save against the median `cp` of that file. The shared machine's copies vary by 2× within minutes,
so one session beside one copy says little.

usage: large_file_browser.py KEEPSAKE_BINARY [FILE,FILE...] [--keep DIR] [--rounds N]
  --keep DIR   make (or reuse) the files in DIR and keep them
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import validate_memory  # noqa: E402  (the generators of records10 and lines10)


def make_records1(path):
    """A 1 GB pretty top-level array of records: the records of generate_document.py's 1 GB document."""
    one = path + ".one"
    validate_memory.make_records(one)
    size = os.path.getsize(one)
    head, tail = len(validate_memory.HEAD), len(validate_memory.TAIL)
    with open(one, "rb") as source, open(path, "wb") as f:
        f.write(b"[\n")
        source.seek(head)
        left = size - head - tail
        while left:
            block = source.read(min(left, 1 << 24))
            f.write(block)
            left -= len(block)
        f.write(b"\n]\n")
    os.remove(one)


FILES = {
    "records1": (make_records1, ".json", 0),
    "records10": (validate_memory.make_records10, ".json", 25 << 30),
    "lines10": (validate_memory.make_lines10, ".jsonl", 25 << 30),
}


class Sampler(threading.Thread):
    """Samples a process's VmRSS every 5 ms; `peak(since)` is the largest since a mark."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.samples, self.running = pid, [], True

    def run(self):
        while self.running:
            try:
                for line in open(f"/proc/{self.pid}/status"):
                    if line.startswith("VmRSS:"):
                        self.samples.append((time.perf_counter(), int(line.split()[1]) * 1024))
            except OSError:
                return
            time.sleep(0.005)

    def now(self):
        return self.samples[-1][1] if self.samples else -1

    def peak(self, since):
        return max((rss for t, rss in self.samples if t >= since), default=-1)


def capture(session):
    return subprocess.run(["tmux", "-L", session, "capture-pane", "-t", session, "-p"], capture_output=True, text=True).stdout


def send(session, *keys):
    subprocess.run(["tmux", "-L", session, "send-keys", "-t", session, *keys], check=True)


def wait_for(session, condition, deadline, what):
    while time.perf_counter() < deadline:
        screen = capture(session)
        if condition(screen):
            return screen
        time.sleep(0.002)
    sys.exit(f"timed out waiting for {what}; last screen:\n" + capture(session))


def status_row(screen):
    """(row, of) from the status line's "row N of M"."""
    found = re.findall(r"row (\d+) of (\d+)", screen)
    return (int(found[-1][0]), int(found[-1][1])) if found else (0, 0)


def last_id(path):
    """The id of the file's last record, read from its end."""
    with open(path, "rb") as f:
        f.seek(max(0, os.path.getsize(path) - 4096))
        return re.findall(rb'"id": ?(\d+)', f.read())[-1].decode()


def one_run(binary, path):
    size = os.path.getsize(path)
    session = "ks-large-" + uuid.uuid4().hex[:8]
    out = tempfile.mktemp()
    wrapper = (
        "import os,subprocess;"
        f"p=subprocess.Popen([{binary!r},{path!r}]);"
        f"open({out + '.pid'!r},'w').write(str(p.pid));"
        "_,s,r=os.wait4(p.pid,0);"
        f"open({out!r},'w').write(str(r.ru_maxrss))"
    )
    start = time.perf_counter()
    subprocess.run(["tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "120", "-y", "40", sys.executable, "-c", wrapper], check=True)
    deadline = start + 600
    wait_for(session, lambda s: "row 1 of" in s, deadline, "the first screen")
    first = time.perf_counter() - start
    while not os.path.exists(out + ".pid"):
        time.sleep(0.001)
    sampler = Sampler(int(open(out + ".pid").read()))
    sampler.start()
    time.sleep(0.02)
    result = {"first": first, "rss_first": sampler.now()}
    # Moving about the first screens while the rest is indexed.
    mark = time.perf_counter()
    for keys in (["PageDown"], ["PageDown"], ["PageDown"], ["j"] * 5, ["l"], ["k"], ["PageUp"]):
        send(session, *keys)
        time.sleep(0.05)
    screen = wait_for(session, lambda s: "%…" not in s, deadline, "the whole file")
    result["whole"] = time.perf_counter() - start
    result["rss_browsing"] = sampler.peak(mark)
    if "start only" in screen:
        sys.exit("the whole could not be loaded:\n" + screen)
    # The last record, opened, its id.
    mark = time.perf_counter()
    send(session, "G")
    wait_for(session, lambda s: status_row(s)[0] == status_row(s)[1] > 1, deadline, "the last row")
    send(session, "l")
    wait_for(session, lambda s: status_row(s)[0] < status_row(s)[1], deadline, "the last record open")
    send(session, "j")
    wait_for(session, lambda s: "].id " in s, deadline, "its id")
    time.sleep(0.1)
    result["rss_after_g"] = sampler.peak(mark)
    old = last_id(path)
    new = ("9" * len(old)) if old != "9" * len(old) else ("8" * len(old))
    send(session, "Enter")
    wait_for(session, lambda s: "▏" in s, deadline, "the line editor")
    send(session, "C-u")
    send(session, *list(new))
    wait_for(session, lambda s: new + "▏" in s, deadline, "the new id typed")
    edit_start = time.perf_counter()
    send(session, "Enter")
    wait_for(session, lambda s: "● modified" in s, deadline, "the edit")
    result["edit"] = time.perf_counter() - edit_start
    send(session, "C-s")
    wait_for(session, lambda s: "saved " in s, deadline, "the save")
    result["edit_save"] = time.perf_counter() - edit_start
    send(session, "q")
    while time.perf_counter() < deadline and not os.path.exists(out):
        time.sleep(0.01)
    time.sleep(0.05)
    sampler.running = False
    result["peak"] = int(open(out).read()) * 1024
    subprocess.run(["tmux", "-L", session, "kill-server"], capture_output=True)
    # The new id must be on disk; put back in place (same length), the old one must make the file
    # as it was before the edit — nothing else changed — and the next round starts from the same bytes.
    saved_new_id = last_id(path) == new
    with open(path, "r+b") as f:
        f.seek(max(0, size - 4096))
        tail = f.read()
        at = tail.rindex(b'"id"')
        f.seek(max(0, size - 4096) + at)
        f.write(tail[at:].replace(new.encode(), old.encode(), 1))
    result["only_the_id"] = saved_new_id and md5(path) == ORIGINAL_MD5[path]
    return result


def time_cp(path):
    """Seconds `cp` takes to copy the file beside itself (the copy removed after)."""
    copy = path + ".copy"
    t = time.perf_counter()
    subprocess.run(["cp", path, copy], check=True)
    elapsed = time.perf_counter() - t
    os.remove(copy)
    return elapsed


ORIGINAL_MD5 = {}


def md5(path):
    return subprocess.run(["md5sum", path], capture_output=True, text=True, check=True).stdout.split()[0]


def main():
    arguments = sys.argv[1:]
    keep = None
    if "--keep" in arguments:
        keep = arguments[arguments.index("--keep") + 1]
        del arguments[arguments.index("--keep"):arguments.index("--keep") + 2]
    rounds = 3
    if "--rounds" in arguments:
        rounds = int(arguments[arguments.index("--rounds") + 1])
        del arguments[arguments.index("--rounds"):arguments.index("--rounds") + 2]
    binary = os.path.abspath(arguments[0])
    names = arguments[1].split(",") if len(arguments) > 1 else list(FILES)
    folder = keep or tempfile.mkdtemp(prefix="keepsake-large-browser-")
    os.makedirs(folder, exist_ok=True)
    print("| file | size | first screen s | RSS at first screen | peak RSS browsing the first screens | whole indexed s | "
          "peak RSS after G | edit s | edit + save s | cp s | (edit + save) / cp | saved file = original but the id | peak RSS |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    try:
        for name in names:
            make, extension, needed = FILES[name]
            path = os.path.join(folder, name + extension)
            free = shutil.disk_usage(folder).free
            if not os.path.exists(path):
                if free < needed:
                    print(f"| {name} | skipped: {free >> 30} GiB free in {folder}, {needed >> 30} GiB needed |")
                    continue
                make(path)
            ORIGINAL_MD5[path] = md5(path)
            subprocess.run(["cat", path], stdout=subprocess.DEVNULL, check=True)  # into the page cache
            size = os.path.getsize(path)
            runs, copies = [], []
            for _ in range(rounds):
                copies.append(time_cp(path))
                runs.append(one_run(binary, path))
            copies.append(time_cp(path))
            r = {key: statistics.median(run[key] for run in runs) for key in runs[0] if key != "only_the_id"}
            r["cp"] = statistics.median(copies)
            unchanged = all(run["only_the_id"] for run in runs)
            print(f"| {name} | {size / 1e9:.2f} GB | {r['first']:.3f} | {r['rss_first'] / 1e6:.0f} MB = {r['rss_first'] / size:.3f}× | "
                  f"{r['rss_browsing'] / 1e6:.0f} MB = {r['rss_browsing'] / size:.3f}× | {r['whole']:.2f} | "
                  f"{r['rss_after_g'] / 1e6:.0f} MB = {r['rss_after_g'] / size:.3f}× | {r['edit']:.3f} | {r['edit_save']:.2f} | "
                  f"{r['cp']:.2f} | {r['edit_save'] / r['cp']:.2f}× | {'yes' if unchanged else 'NO'} | "
                  f"{r['peak'] / 1e6:.0f} MB = {r['peak'] / size:.3f}× |", flush=True)
            print("<!-- each round: " + "; ".join(
                f"edit+save {run['edit_save']:.2f} s, whole {run['whole']:.2f} s" for run in runs) + "; cp " + ", ".join(f"{c:.2f}" for c in copies) + " -->", flush=True)
            if not keep:
                os.remove(path)
    finally:
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
