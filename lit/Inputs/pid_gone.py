#!/usr/bin/env python3
"""Says whether the process whose pid is in PIDFILE has terminated.

usage: pid_gone.py PIDFILE [SECONDS]

Waits up to SECONDS (default 5) for the process to disappear or become a zombie (killed,
not yet reaped by its new parent). Prints "pid gone" and exits 0, or prints
"pid N still running" and exits 1.
"""
import sys
import time


def state(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            # The state follows the command name, which is in parentheses and may hold spaces.
            return f.read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return None


def main(argv):
    with open(argv[0]) as f:
        text = f.read().strip()
    if not text.isdigit():
        sys.exit("pid_gone.py: %s holds no pid: %r" % (argv[0], text))
    pid = int(text)
    deadline = time.monotonic() + (float(argv[1]) if len(argv) > 1 else 5.0)
    while True:
        current = state(pid)
        if current in (None, "Z", "X"):
            print("pid gone")
            return 0
        if time.monotonic() > deadline:
            print("pid %d still running (state %s)" % (pid, current))
            return 1
        time.sleep(0.05)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
