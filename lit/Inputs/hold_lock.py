#!/usr/bin/env python3
"""Runs a command while holding the exclusive flock on a file, as another timeit would.

usage: hold_lock.py FILE -- COMMAND...

Takes flock(LOCK_EX) on FILE (which must exist; it is opened read-only and not changed),
runs COMMAND (which does not inherit the lock's descriptor), releases the lock, and prints
"rc=N" (COMMAND's exit status) and "elapsed=S" (COMMAND's run time in seconds, to 0.1 s).
"""
import fcntl
import subprocess
import sys
import time


def main(argv):
    if len(argv) < 3 or argv[1] != "--":
        sys.exit(__doc__)
    with open(argv[0], "rb") as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX)
        start = time.monotonic()
        rc = subprocess.call(argv[2:])
        elapsed = time.monotonic() - start
    print("rc=%d" % rc)
    print("elapsed=%.1f" % elapsed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
