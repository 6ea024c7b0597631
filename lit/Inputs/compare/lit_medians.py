#!/usr/bin/env python3
"""Prints, for lit JSON results files (`lit -o`), each test's median exec_time over the
files, computed here with Python's statistics module and nothing of timeit's, so that a
test can hold timeit-compare's medians against an independent computation.

usage: lit_medians.py FILE...

One line per test, sorted by name: NAME N FAILED MEDIAN. NAME is LNT's (the part after
" :: ", ".test" removed); N counts the PASS results with an exec_time, FAILED the FAIL
ones; MEDIAN is the median of the N values, as Python's repr writes a float (the shortest
text that reads back as the same double). A test with any other result code is an error
here: this script knows only what it is given to check.
"""
import json
import statistics
import sys


def main(paths):
    samples = {}
    failed = {}
    for path in paths:
        with open(path) as f:
            document = json.load(f)
        for test in document["tests"]:
            name = test["name"].split(" :: ", 1)[1]
            name = name[: -len(".test")] if name.endswith(".test") else name
            samples.setdefault(name, [])
            failed.setdefault(name, 0)
            if test["code"] == "PASS":
                samples[name].append(float(test["metrics"]["exec_time"]))
            elif test["code"] == "FAIL":
                failed[name] += 1
            elif test["code"] != "UNSUPPORTED":
                sys.exit("%s: %s: result code %s is not one this script counts" % (path, name, test["code"]))
    for name in sorted(samples):
        values = samples[name]
        median = repr(statistics.median(values)) if values else "none"
        print("%s %d %d %s" % (name, len(values), failed[name], median))


if __name__ == "__main__":
    main(sys.argv[1:])
