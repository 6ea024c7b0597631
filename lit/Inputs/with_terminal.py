#!/usr/bin/env python3
"""Runs a command on a new pseudo-terminal, types into it, and prints what it shows.

usage: with_terminal.py [--wait TEXT] [--type TEXT | --pause SECONDS]... -- COMMAND...

COMMAND starts as the session leader of a fresh terminal (its stdin, stdout and stderr),
in the terminal's foreground, as when it is typed at a shell prompt. Each --type TEXT is
typed (\\n is Enter, \\x03 is Ctrl-C, \\x1a is Ctrl-Z) once the output shows --wait TEXT
(or at once), in order; --pause SECONDS waits that long before the next one.
Prints the output, then "rc=N", "rc=killed by signal N" or, after 20 s, "rc=hung" (the
command is then killed).
"""
import os
import pty
import select
import signal
import sys
import time


def read_available(master, timeout):
    """What the terminal shows within `timeout` seconds (b"" if nothing)."""
    ready, _, _ = select.select([master], [], [], timeout)
    if not ready:
        return b""
    try:
        return os.read(master, 4096)
    except OSError:
        return b""


def main(argv):
    wait, typed = None, []
    while argv and argv[0] != "--":
        option, value = argv[0], argv[1].encode().decode("unicode_escape").encode()
        if option == "--wait":
            wait = value
        elif option == "--type":
            typed.append(value)
        elif option == "--pause":
            typed.append(float(argv[1]))
        else:
            sys.exit(__doc__)
        argv = argv[2:]
    command = argv[1:]
    if not command:
        sys.exit(__doc__)
    pid, master = pty.fork()
    if pid == 0:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # as a shell's foreground job
        os.execvp(command[0], command)
    output = b""
    deadline = time.monotonic() + 20
    status = None
    while time.monotonic() < deadline:
        if typed and (wait is None or wait in output):
            step = typed.pop(0)
            if isinstance(step, float):
                resume = time.monotonic() + step
                while time.monotonic() < resume:
                    output += read_available(master, min(0.05, max(0.0, resume - time.monotonic())))
            else:
                os.write(master, step)
        output += read_available(master, 0.05)
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        sys.stdout.write(output.decode(errors="replace").replace("\r\n", "\n"))
        print("rc=hung")
        return 1
    try:
        while select.select([master], [], [], 0.1)[0]:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            output += chunk
    except OSError:
        pass
    sys.stdout.write(output.decode(errors="replace").replace("\r\n", "\n"))
    if os.WIFSIGNALED(status):
        print("rc=killed by signal %d" % os.WTERMSIG(status))
    else:
        print("rc=%d" % os.WEXITSTATUS(status))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
