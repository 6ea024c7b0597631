#!/usr/bin/env python3
"""Starts a command, signals it once its target is running, and prints its exit status.

usage: signal_when_ready.py SIGNAME READYFILE -- COMMAND...

Waits (up to 20 s) for READYFILE to be non-empty (the monitored program writes it), then
sends SIGNAME (INT, TERM, HUP...) to COMMAND's process only, and waits up to 20 s for it.
Prints "rc=N", "rc=killed by signal N", or "rc=hung" (then COMMAND is killed).

COMMAND starts with SIGNAME's default disposition, as a shell's foreground job does: lit
runs tests with SIGINT ignored, and timeit keeps a signal ignored that it was started
with (tests of that say so with --keep-ignored).
"""
import os
import signal
import subprocess
import sys
import time


def main(argv):
    keep_ignored = argv[0] == "--keep-ignored"
    if keep_ignored:
        argv = argv[1:]
    signame, ready, separator, command = argv[0], argv[1], argv[2], argv[3:]
    if separator != "--" or not command:
        sys.exit(__doc__)
    signo = getattr(signal, "SIG" + signame)
    process = subprocess.Popen(command, preexec_fn=None if keep_ignored else lambda: signal.signal(signo, signal.SIG_DFL))
    deadline = time.monotonic() + 20
    while not (os.path.exists(ready) and os.path.getsize(ready) > 0):
        if process.poll() is not None or time.monotonic() > deadline:
            print("rc=%s before %s was written" % (process.poll(), ready))
            if process.poll() is None:
                process.kill()
            return 1
        time.sleep(0.02)
    process.send_signal(signo)
    try:
        rc = process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        print("rc=hung")
        return 1
    print("rc=killed by signal %d" % -rc if rc < 0 else "rc=%d" % rc)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
