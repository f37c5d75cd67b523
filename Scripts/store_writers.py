#!/usr/bin/env python3
"""Several writers updating records of one store at once, each by read → change → write only if
the version it read is still current (`keepsake db put --if-version`). Counts the updates that
landed and the conflicts reported, then checks that no update was lost: each record's counter must
equal the number of updates that landed on it.

usage: store_writers.py KEEPSAKE_BINARY STORE [SECONDS] [WRITERS] [RECORDS]
  STORE    an SQLite file or a postgres:// URL
  RECORDS  how many records the writers share (WRITERS = disjoint: one each)
"""
import json
import multiprocessing
import subprocess
import sys
import time


def keepsake(binary, *arguments):
    result = subprocess.run([binary, *arguments], capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


def writer(binary, store, ids, seconds, queue):
    landed = {i: 0 for i in ids}
    conflicts = 0
    deadline = time.monotonic() + seconds
    turn = 0
    while time.monotonic() < deadline:
        record = ids[turn % len(ids)]
        turn += 1
        _, version, _ = keepsake(binary, "db", "get", "--print-version", store, record)
        code, text, _ = keepsake(binary, "db", "get", store, record)
        if code != 0:
            continue
        value = json.loads(text)
        value["n"] += 1
        code, _, err = keepsake(binary, "db", "put", store, "Counter", json.dumps(value), "--id", record, "--if-version", version.strip())
        if code == 0:
            landed[record] += 1
        elif "changed by another writer" in err:
            conflicts += 1
        else:
            sys.exit(f"put failed: {err}")
    queue.put((landed, conflicts))


def main():
    binary, store = sys.argv[1], sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 10
    writers = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    records = int(sys.argv[5]) if len(sys.argv) > 5 else writers
    ids = [f"counter{i}" for i in range(records)]
    for record in ids:
        code, _, err = keepsake(binary, "db", "put", store, "Counter", '{"n": 0}', "--id", record, "--replace")
        if code != 0:
            sys.exit(err)
    queue = multiprocessing.Queue()
    processes = []
    for w in range(writers):
        mine = [ids[w % records]] if records == writers else ids
        process = multiprocessing.Process(target=writer, args=(binary, store, mine, seconds, queue))
        process.start()
        processes.append(process)
    results = [queue.get() for _ in processes]
    for process in processes:
        process.join()
    landed = {i: 0 for i in ids}
    conflicts = 0
    for counts, c in results:
        conflicts += c
        for record, n in counts.items():
            landed[record] += n
    lost = 0
    for record in ids:
        _, text, _ = keepsake(binary, "db", "get", store, record)
        final = json.loads(text)["n"]
        lost += landed[record] - final
    total = sum(landed.values())
    print(f"{writers} writers, {records} record(s), {seconds:.0f} s: {total} updates landed ({total / seconds:.1f}/s), "
          f"{conflicts} conflicts reported, {lost} updates lost")
    sys.exit(1 if lost else 0)


if __name__ == "__main__":
    main()
