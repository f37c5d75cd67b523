#!/usr/bin/env python3
"""`keepsake validate` on files larger than it should hold: peak RSS and wall time, beside `cat` of
the same file to /dev/null (reading it, and nothing else) in the same run; medians of ROUNDS.

Files (made in TMPDIR, deleted after; skipped with a reason when the disk has too little room):
  spaces    2 GiB of spaces around `{}` (valid)
  zeros     2 GiB of NUL bytes (invalid at the first byte)
  records   1 GB pretty-printed array of records (generate_document.py; valid)

usage: validate_memory.py KEEPSAKE_BINARY [ROUNDS]
"""
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


def main():
    keepsake = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    folder = tempfile.mkdtemp(prefix="keepsake-validate-memory-")
    try:
        free = shutil.disk_usage(folder).free
        if free < (5 << 30):
            print(f"skipped: {free >> 20} MiB free in {folder}, 5 GiB needed")
            return
        print("| file | size | valid | keepsake validate s | peak RSS MiB | RSS / file | cat s | validate / cat |")
        print("|---|---|---|---|---|---|---|---|")
        for name, make, valid in [("spaces", make_spaces, True), ("zeros", make_zeros, False), ("records", make_records, True)]:
            path = os.path.join(folder, name + ".json")
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
            os.remove(path)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
