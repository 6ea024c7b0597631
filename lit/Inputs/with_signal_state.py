#!/usr/bin/env python3
"""Runs a command with some signals blocked and some ignored, as a parent may leave them.

usage: with_signal_state.py [--block SIGNAME]... [--ignore SIGNAME]... -- COMMAND...
"""
import os
import signal
import sys


def main(argv):
    blocked, ignored = [], []
    while argv and argv[0] != "--":
        if argv[0] == "--block":
            blocked.append(getattr(signal, argv[1]))
        elif argv[0] == "--ignore":
            ignored.append(getattr(signal, argv[1]))
        else:
            sys.exit(__doc__)
        argv = argv[2:]
    if len(argv) < 2:
        sys.exit(__doc__)
    for signo in ignored:
        signal.signal(signo, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
    os.execvp(argv[1], argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
