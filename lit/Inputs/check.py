#!/usr/bin/env python3
r"""Asserts Python expressions over timeit summary and results files.

usage: check.py [--print] [--allow-torn] [-s NAME=SUMMARY]... [-j NAME=JSON]... EXPR...

Each -s binds NAME to a dict {line name: number} read from a --summary file, each -j
binds NAME to a results file read by this script's own reader (plain json, no timeit code):
- a timeit-results/1 document is the parsed document as it is;
- a timeit-results/2 stream (a header line, then one run record a line, each line ended by
  "\n") becomes {'schema', 'host': the header's host, 'records': every run record in file
  order, 'benchmarks': [{'name', 'command', 'runs'}] pooling the records by name in the
  order names are first seen, 'series': the value of every series record ({"series": ...},
  its only key) in file order, 'lines': the kind of every line in order ('header', 'run',
  'series' or 'torn'), 'headers': how many header lines, 'torn': how many lines were
  skipped, 'torn_lines': their text}. A name is the exact bytes of "benchmark_bytes" when
  present (decoded with surrogateescape, so b'\xe9' is '\udce9', never 'é'), else
  "benchmark".
The stream reader is strict: a line that is not one JSON object (or has a key twice, NaN or
Infinity), a last line without "\n", a record before the header or without benchmark,
outcome and metrics, is an error (exit 1) naming FILE:LINE. With --allow-torn, a line that
is not valid JSON (or the last one, unended) is skipped instead (see 'torn').
Every EXPR is evaluated in that namespace.
Without --print each EXPR must be true: "PASS: EXPR" is printed, or "FAIL: EXPR" with the
inputs on stderr and exit status 1. With --print, each value is printed on a line of its
own for FileCheck: a string as it is, anything else as JSON with sorted keys.
Helpers: last_run(doc), bench(doc, name) (name a str or bytes), event(run, name),
rel_diff(a, b), json, math, re. event() gives a counter event of a run as a dict: from a
timeit-results/2 record's array [status, raw, enabled, running(, error)], {'status', 'raw',
'time_enabled_ns', 'time_running_ns'} and 'error' when there is one; from a timeit-results/1
run, its event object as it is. An event's value is in run['metrics'].
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


V2 = "timeit-results/2"
EVENT_FIELDS = ("status", "raw", "time_enabled_ns", "time_running_ns", "error")


class BadStream(Exception):
    pass


def strict_object(pairs):
    keys = [k for k, _ in pairs]
    for k in keys:
        if keys.count(k) > 1:
            raise ValueError("key %r given twice" % k)
    return dict(pairs)


def no_constant(name):
    raise ValueError("%s is not JSON" % name)


def loads(text):
    return json.loads(text, object_pairs_hook=strict_object, parse_constant=no_constant)


def record_name(record):
    if "benchmark_bytes" in record:
        return bytes.fromhex(record["benchmark_bytes"]).decode("utf-8", "surrogateescape")
    return record["benchmark"]


def read_stream(path, text, allow_torn):
    """A timeit-results/2 stream, read line by line."""
    doc = {"schema": None, "host": None, "records": [], "benchmarks": [], "series": [], "lines": [], "headers": 0,
           "torn": 0, "torn_lines": []}
    by_name = {}
    lines = text.split("\n")
    ended = lines[-1] == ""
    if ended:
        lines.pop()
    for number, line in enumerate(lines, 1):
        where = "%s:%d" % (path, number)
        unended = number == len(lines) and not ended
        try:
            if unended:
                raise ValueError("the last line does not end with a newline")
            value = loads(line)
        except ValueError as e:
            if allow_torn:
                doc["torn"] += 1
                doc["torn_lines"].append(line)
                doc["lines"].append("torn")
                continue
            raise BadStream("%s: not a whole JSON record: %s: %r" % (where, e, line[:200]))
        if not isinstance(value, dict):
            raise BadStream("%s: not a JSON object" % where)
        if "schema" in value:
            if value["schema"] != V2 or "benchmark" in value:
                raise BadStream("%s: not a %s header: %r" % (where, V2, line[:200]))
            if doc["headers"] == 0:
                doc["schema"], doc["host"] = value["schema"], value.get("host")
            doc["headers"] += 1
            doc["lines"].append("header")
            continue
        if doc["headers"] == 0:
            raise BadStream("%s: a run record before the header" % where)
        if "series" in value:
            if len(value) != 1 or not isinstance(value["series"], dict):
                raise BadStream("%s: not a series record: %r" % (where, line[:200]))
            doc["series"].append(value["series"])
            doc["lines"].append("series")
            continue
        missing = [k for k in ("benchmark", "outcome", "metrics") if k not in value]
        if missing:
            raise BadStream("%s: a run record without %s" % (where, ", ".join(missing)))
        doc["records"].append(value)
        doc["lines"].append("run")
        name = record_name(value)
        if name not in by_name:
            by_name[name] = {"name": name, "command": value.get("command"), "runs": []}
            doc["benchmarks"].append(by_name[name])
        by_name[name]["runs"].append(value)
    if doc["headers"] == 0:
        raise BadStream("%s: no %s header" % (path, V2))
    return doc


def read_results(path, allow_torn):
    """A results file of either format: see the module's docstring."""
    with open(path, encoding="utf-8", errors="strict") as f:
        text = f.read()
    try:
        whole = loads(text)
    except ValueError:
        whole = None
    if whole is not None and not (isinstance(whole, dict) and whole.get("schema") == V2):
        return whole  # a timeit-results/1 document (or other JSON, for the test to judge)
    try:
        return read_stream(path, text, allow_torn)
    except BadStream as e:
        sys.exit("check.py: %s" % e)


def bench(doc, name):
    if isinstance(name, bytes):
        name = name.decode("utf-8", "surrogateescape")
    matches = [b for b in doc["benchmarks"] if b["name"] == name]
    if len(matches) != 1:
        raise LookupError("%d benchmarks named %r" % (len(matches), name))
    return matches[0]


def last_run(doc):
    return doc["benchmarks"][-1]["runs"][-1]


def event(run, name):
    events = run["counters"]["events"]
    if isinstance(events, list):  # timeit-results/1: a list of objects
        matches = [e for e in events if e["event"] == name]
        if len(matches) != 1:
            raise LookupError("%d counter events named %r" % (len(matches), name))
        return matches[0]
    if name not in events:
        raise LookupError("no counter event named %r" % name)
    fields = events[name]
    if not isinstance(fields, list) or len(fields) not in (4, 5):
        raise ValueError("counter event %r is not [status, raw, enabled, running(, error)]: %r" % (name, fields))
    return dict(zip(EVENT_FIELDS, fields))


def rel_diff(a, b):
    return abs(a - b) / max(abs(a), abs(b))


def rounds_alike(a, b, decimals=4):
    """Whether a and b differ by no more than a figure printed to `decimals` decimals can.
    The small margin is for binary floating point: a microsecond time such as 0.00105 is
    printed 0.0011 (or 0.0010), and 0.0011 - 0.00105 is a hair above 0.00005 in doubles."""
    return abs(a - b) <= 0.5 * 10 ** -decimals + 1e-12


def main(argv):
    namespace = {"last_run": last_run, "bench": bench, "event": event, "rel_diff": rel_diff, "rounds_alike": rounds_alike,
                 "json": json, "math": math, "re": re}
    printing = False
    allow_torn = "--allow-torn" in argv
    expressions = []
    args = iter(argv)
    for arg in args:
        if arg == "--print":
            printing = True
        elif arg == "--allow-torn":
            pass
        elif arg in ("-s", "-j"):
            name, _, path = next(args).partition("=")
            if arg == "-s":
                namespace[name] = read_summary(path)
            else:
                namespace[name] = read_results(path, allow_torn)
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
