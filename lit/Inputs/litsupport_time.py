#!/usr/bin/env python3
r"""Reads timeit summary files by litsupport's own rules, as the LLVM test-suite does.

usage: litsupport_time.py [--compile] SUMMARY...

litsupport (modules/timeit.py, compiletime.py) reads a summary this way, and nothing else
of it: of the lines that start with "user" there must be exactly one (it asserts), and
r"user\s+([0-9.]+)" at its start gives the user time; the first line that starts with
"maxrss" gives, by r"maxrss\s+([0-9]+)", the peak RSS, and a summary without one counts as
0. This script applies the same rules (it does not import litsupport) and prints, for each
SUMMARY, "user <value>" and "maxrss <value>" on lines of their own, then "exec_time <sum>",
the sum of the user times, as litsupport adds up a test's RUN lines. With --compile, a
summary without a maxrss line is an error too: a compile step's summary is written with
--report-maxrss, and litsupport's 0 would hide its absence. Any breach of the rules is
reported on stderr, naming the file, with exit status 1.
"""
import re
import sys

USER = re.compile(r"user\s+([0-9.]+)")
MAXRSS = re.compile(r"maxrss\s+([0-9]+)")


def fail(path, message):
    sys.exit("%s: %s" % (path, message))


def user_time(path, lines):
    user_lines = [line for line in lines if line.startswith("user")]
    if len(user_lines) != 1:
        fail(path, "%d lines start with 'user'; litsupport asserts exactly one" % len(user_lines))
    match = USER.match(user_lines[0])
    if match is None:
        fail(path, "%r does not match %s" % (user_lines[0], USER.pattern))
    return float(match.group(1))


def max_rss(path, lines, required):
    for line in lines:
        if line.startswith("maxrss"):
            match = MAXRSS.match(line)
            if match is None:
                fail(path, "%r does not match %s" % (line, MAXRSS.pattern))
            return int(match.group(1))
    if required:
        fail(path, "no line starts with 'maxrss'")
    return 0


def main(argv):
    compile_step = "--compile" in argv
    paths = [arg for arg in argv if arg != "--compile"]
    if not paths:
        sys.exit(__doc__)
    total = 0.0
    for path in paths:
        with open(path) as f:
            lines = f.read().splitlines()
        user = user_time(path, lines)
        total += user
        print("user %r" % user)
        print("maxrss %d" % max_rss(path, lines, compile_step))
    print("exec_time %r" % total)


if __name__ == "__main__":
    main(sys.argv[1:])
