"""Runs a whole command and returns its wall time and peak resident memory (from wait4)."""
import os
import subprocess
import sys
import time


def run(argv, expect_ok=True):
    """(seconds, peak RSS in bytes); exits the script when the command's success is not as expected."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if (code == 0) != expect_ok:
        sys.exit(f"{argv} exited {code}: {err}")
    return elapsed, usage.ru_maxrss * 1024  # ru_maxrss is in KiB on Linux
