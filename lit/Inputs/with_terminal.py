#!/usr/bin/env python3
"""Runs a command on a new pseudo-terminal, types into it, and prints what it shows.

usage: with_terminal.py [--columns N] [--term NAME] [--show VIEW[,VIEW]...]
                        [--wait TEXT] [--type TEXT | --pause SECONDS]... -- COMMAND...

COMMAND starts as the session leader of a fresh terminal (its stdin, stdout and stderr),
in the terminal's foreground, as when it is typed at a shell prompt, with TERM set to
--term (default xterm) as a terminal emulator sets it, and a window --columns wide (by
default the terminal has no size, as a new pseudo-terminal has none). Each --type TEXT is
typed (\\n is Enter, \\x03 is Ctrl-C, \\x1a is Ctrl-Z) once the output shows --wait TEXT
(or at once), in order; --pause SECONDS waits that long before the next one.
Prints the output, then "rc=N", "rc=killed by signal N" or, after 20 s, "rc=hung" (the
command is then killed). The output is shown in each VIEW --show names (with two or more,
each after a line "== VIEW =="):
  text      what was written, the terminal's CR LF as LF (the default);
  controls  the same with each other carriage return shown as <CR> and each escape as <ESC>;
  screen    what the terminal shows at the end, every row it wrote to from the top (no
            scrolling, no wrapping), after carriage returns, erasures to the end of the row
            (ESC [ K), cursor moves up and down (ESC D, ESC M, ESC [ A) and the saved
            cursor (ESC 7, ESC 8); each row's trailing spaces dropped.
"""
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
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


def screen(text):
    """What a terminal shows after `text` (see --show screen)."""
    rows, row, column, saved = [[]], 0, 0, (0, 0)
    i = 0
    while i < len(text):
        char = text[i]
        i += 1
        if char == "\r":
            column = 0
        elif char == "\n":
            row += 1  # a line feed keeps the column: the terminal's CR came before it
        elif char == "\b":
            column = max(0, column - 1)
        elif char == "\x1b":
            kind = text[i:i + 1]
            i += 1
            if kind == "[":
                end = i
                while end < len(text) and not "@" <= text[end] <= "~":
                    end += 1
                parameters, final = text[i:end], text[end:end + 1]
                i = end + 1
                if final == "K" and parameters in ("", "0"):
                    del rows[row][column:]
                elif final == "A":
                    row = max(0, row - int(parameters or 1))
            elif kind == "7":
                saved = (row, column)
            elif kind == "8":
                row, column = saved
            elif kind == "D":
                row += 1
            elif kind == "M":
                row = max(0, row - 1)
        else:
            line = rows[row]
            line.extend(" " * (column - len(line)))
            if column < len(line):
                line[column] = char
            else:
                line.append(char)
            column += 1
        while len(rows) <= row:
            rows.append([])
    shown = ["".join(line).rstrip() for line in rows]
    while shown and not shown[-1]:
        shown.pop()
    return "".join(line + "\n" for line in shown)


def view(output, show):
    """The output in one of --show's views."""
    text = output.decode(errors="replace")
    if show == "screen":
        return screen(text)
    text = text.replace("\r\n", "\n")
    if show == "controls":
        return text.replace("\r", "<CR>").replace("\x1b", "<ESC>")
    return text


def shown(output, show):
    """The output in every view of --show."""
    if len(show) == 1:
        return view(output, show[0])
    return "".join("== %s ==\n%s" % (name, view(output, name)) for name in show)


def main(argv):
    wait, typed, columns, term, show = None, [], None, "xterm", ["text"]
    while argv and argv[0] != "--":
        option, value = argv[0], argv[1].encode().decode("unicode_escape").encode()
        if option == "--columns":
            columns = int(argv[1])
        elif option == "--term":
            term = argv[1]
        elif option == "--show" and set(argv[1].split(",")) <= {"text", "controls", "screen"}:
            show = argv[1].split(",")
        elif option == "--wait":
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
        os.environ["TERM"] = term
        if columns:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
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
        sys.stdout.write(shown(output, show))
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
    sys.stdout.write(shown(output, show))
    if os.WIFSIGNALED(status):
        print("rc=killed by signal %d" % os.WTERMSIG(status))
    else:
        print("rc=%d" % os.WEXITSTATUS(status))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
