#!/usr/bin/env python3
"""Asserts Python expressions over timeit summary and results files.

usage: check.py [--print] [-s NAME=SUMMARY]... [-j NAME=JSON]... EXPR...

Each -s binds NAME to a dict {line name: number} read from a --summary file, each -j
binds NAME to a parsed --json results file. Every EXPR is evaluated in that namespace.
Without --print each EXPR must be true: "PASS: EXPR" is printed, or "FAIL: EXPR" with the
inputs on stderr and exit status 1. With --print, each value is printed on a line of its
own for FileCheck: a string as it is, anything else as JSON with sorted keys.
Helpers: last_run(doc), bench(doc, name), event(run, name), rel_diff(a, b), json, math, re.
"""
import json
import math
import re
import sys


def read_summary(path):
    values = {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            fields = line.split()
            if len(fields) != 2:
                sys.exit("%s:%d: not a summary line: %r" % (path, number, line))
            if fields[0] in values:
                sys.exit("%s:%d: duplicate summary line %r" % (path, number, fields[0]))
            values[fields[0]] = float(fields[1])
    return values


def bench(doc, name):
    matches = [b for b in doc["benchmarks"] if b["name"] == name]
    if len(matches) != 1:
        raise LookupError("%d benchmarks named %r" % (len(matches), name))
    return matches[0]


def last_run(doc):
    return doc["benchmarks"][-1]["runs"][-1]


def event(run, name):
    matches = [e for e in run["counters"]["events"] if e["event"] == name]
    if len(matches) != 1:
        raise LookupError("%d counter events named %r" % (len(matches), name))
    return matches[0]


def rel_diff(a, b):
    return abs(a - b) / max(abs(a), abs(b))


def main(argv):
    namespace = {"last_run": last_run, "bench": bench, "event": event, "rel_diff": rel_diff,
                 "json": json, "math": math, "re": re}
    printing = False
    expressions = []
    args = iter(argv)
    for arg in args:
        if arg == "--print":
            printing = True
        elif arg in ("-s", "-j"):
            name, _, path = next(args).partition("=")
            if arg == "-s":
                namespace[name] = read_summary(path)
            else:
                with open(path) as f:
                    namespace[name] = json.load(f)
        else:
            expressions.append(arg)
    if not expressions:
        sys.exit("check.py: no expression given")
    inputs = {k: v for k, v in namespace.items() if isinstance(v, (dict, list))}
    status = 0
    for expression in expressions:
        try:
            value = eval(expression, dict(namespace))
        except Exception as e:  # a typo or a missing key must fail, not pass
            print("FAIL: %s: %s: %s" % (expression, type(e).__name__, e))
            status = 1
            continue
        if printing:
            print(value if isinstance(value, str) else json.dumps(value, sort_keys=True))
        elif value is True:
            print("PASS: %s" % expression)
        else:
            print("FAIL: %s (got %r)" % (expression, value))
            status = 1
    if status:
        for name, value in inputs.items():
            print("%s = %s" % (name, json.dumps(value, sort_keys=True)[:4000]), file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
