#!/usr/bin/env python3
"""`keepsake validate` on files larger than it should hold: peak RSS and wall time, beside `cat` of
the same file to /dev/null (reading it, and nothing else) in the same run; medians of ROUNDS.

Files (made in TMPDIR, deleted after; skipped with a reason when the disk has too little room):
  spaces    2 GiB of spaces around `{}` (valid)
  zeros     2 GiB of NUL bytes (invalid at the first byte)
  records   1 GB pretty-printed array of records (generate_document.py; valid)
  records10 10 GB: a top-level array of the records of ten such documents (valid; 25 GiB free needed)
  lines10   10 GB of JSON Lines: the records of one such document, one per line, over and over

For records10 it also times `keepsake get FILE '.[5]'` (the file is mapped and read only as far
as the path needs) and `.[3000000]` (about 1 GB in), beside `head -c 1` of the file; and
`keepsake set` of a value in the next-to-last record (the whole file read up to it, then written
anew), beside `cp` of the file in the same run.

usage: validate_memory.py KEEPSAKE_BINARY [ROUNDS] [FILE,FILE...]   (the files to make: all when not given)
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from measure import run

HERE = os.path.dirname(os.path.abspath(__file__))


def make_spaces(path):
    with open(path, "wb") as f:
        block = b" " * (1 << 24)
        for _ in range(64):
            f.write(block)
        f.write(b"{}")
        for _ in range(64):
            f.write(block)


def make_zeros(path):
    with open(path, "wb") as f:
        f.truncate(1 << 31)


def make_records(path):
    subprocess.run([sys.executable, os.path.join(HERE, "generate_document.py"), "1000", path], check=True)


HEAD = b'{\n  "version": 3,\n  "records": [\n'
TAIL = b"\n  ]\n}\n"


RECORDS10 = {}


def make_records10(path):
    """A top-level array of the records of a 1 GB document, ten times over (10 GB)."""
    one = path + ".one"
    make_records(one)
    size = os.path.getsize(one)
    with open(one, "rb") as source:
        records = sum(block.count(b'\n      "id": ') for block in iter(lambda: source.read(1 << 24), b""))
    RECORDS10["count"] = records * 10
    with open(one, "rb") as source, open(path, "wb") as f:
        f.write(b"[\n")
        for copy in range(10):
            if copy:
                f.write(b",\n")
            source.seek(len(HEAD))
            left = size - len(HEAD) - len(TAIL)
            while left:
                block = source.read(min(left, 1 << 24))
                f.write(block)
                left -= len(block)
        f.write(b"\n]\n")
    os.remove(one)


LINES10 = {}


def make_lines10(path):
    """10 GB of JSON Lines: the records of a 1 GB document, minified, one per line, repeated.
    Made in a process of its own: the parsed document takes gigabytes, which a process forked
    from this one would count in its peak RSS (Linux keeps the high-water mark across exec)."""
    made = subprocess.run([sys.executable, os.path.abspath(__file__), "--make-lines10", path], check=True, capture_output=True, text=True)
    LINES10["count"] = int(made.stdout.split()[-1])  # the last line: the count


def write_lines10(path):
    one = path + ".one"
    make_records(one)
    with open(one, "rb") as source:
        document = json.loads(source.read())
    os.remove(one)
    lines = [json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() + b"\n" for record in document["records"]]
    block = b"".join(lines)
    count = 0
    with open(path, "wb") as f:
        while f.tell() + len(block) <= 10 * 10**9:
            f.write(block)
            count += len(lines)
    print(count)


def timed_edits(keepsake, path, targets, edit_target, rounds):
    """`get` of each target (beside `head -c 1`) and `set` of edit_target (beside `cp`), medians."""
    gets = []
    for target in targets:
        times, peaks, heads = [], [], []
        for _ in range(rounds):
            t, m = run([keepsake, "get", path, target])
            times.append(t)
            peaks.append(m / 2**20)
            heads.append(run(["head", "-c", "1", path])[0])
        gets.append((target, statistics.median(times), statistics.median(peaks), statistics.median(heads)))
    sets, copies, peaks = [], [], []
    for round in range(rounds):
        t, m = run([keepsake, "set", path, edit_target, f'"edited {round}"'])
        sets.append(t)
        peaks.append(m / 2**20)
        copies.append(run(["cp", path, path + ".copy"])[0])
        os.remove(path + ".copy")
    return gets, (edit_target, statistics.median(sets), statistics.median(peaks), statistics.median(copies))


def main():
    if sys.argv[1] == "--make-lines10":
        write_lines10(sys.argv[2])
        return
    keepsake = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    only = sys.argv[3].split(",") if len(sys.argv) > 3 else None
    folder = tempfile.mkdtemp(prefix="keepsake-validate-memory-")
    try:
        free = shutil.disk_usage(folder).free
        if free < (5 << 30):
            print(f"skipped: {free >> 20} MiB free in {folder}, 5 GiB needed")
            return
        files = [("spaces", make_spaces, True), ("zeros", make_zeros, False), ("records", make_records, True)]
        if free >= (25 << 30):
            files.append(("records10", make_records10, True))
            files.append(("lines10", make_lines10, True))
        else:
            print(f"records10 and lines10 skipped: {free >> 30} GiB free in {folder}, 25 GiB needed")
        edits = []
        print("| file | size | valid | keepsake validate s | peak RSS MiB | RSS / file | cat s | validate / cat |")
        print("|---|---|---|---|---|---|---|---|")
        for name, make, valid in files:
            if only and name not in only:
                continue
            path = os.path.join(folder, name + (".jsonl" if name.startswith("lines") else ".json"))
            make(path)
            size = os.path.getsize(path)
            subprocess.run(["cat", path], stdout=subprocess.DEVNULL, check=True)  # into the page cache
            ours, rss, cats = [], [], []
            for _ in range(rounds):
                t, m = run([keepsake, "validate", path], expect_ok=valid)
                m /= 2**20
                ours.append(t)
                rss.append(m)
                cats.append(run(["cat", path])[0])
            o, r, c = statistics.median(ours), statistics.median(rss), statistics.median(cats)
            print(f"| {name} | {size / 2**30:.2f} GiB | {'yes' if valid else 'no'} | {o:.3f} | {r:.0f} | "
                  f"{r * 2**20 / size:.3f}× | {c:.3f} | {o / c:.2f}× |")
            if name == "records10":
                edits.append((name, size) + timed_edits(
                    keepsake, path, [".[5]", ".[3000000]"], f".[{RECORDS10['count'] - 2}].name", rounds))
            if name == "lines10":
                edits.append((name, size) + timed_edits(
                    keepsake, path, [".[5]", f".[{LINES10['count'] - 2}]"], f".[{LINES10['count'] - 2}].name", rounds))
            os.remove(path)
        for name, size, gets, edit in edits:
            print()
            print(f"| get on {name} | file | wall s | peak RSS MiB | `head -c 1` s |")
            print("|---|---|---|---|---|")
            for target, t, m, h in gets:
                print(f"| `{target}` | {size / 2**30:.2f} GiB | {t:.3f} | {m:.0f} | {h:.3f} |")
            target, t, m, c = edit
            print()
            print(f"| set on {name} | file | wall s | peak RSS MiB | `cp` s | set / cp |")
            print("|---|---|---|---|---|---|")
            print(f"| `{target}` | {size / 2**30:.2f} GiB | {t:.3f} | {m:.0f} | {c:.3f} | {t / c:.2f}× |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
