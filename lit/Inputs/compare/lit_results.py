#!/usr/bin/env python3
"""Writes lit's JSON results (what `lit -o results.json` writes) with chosen values, for
timeit-compare tests.

usage: lit_results.py OUT TEST...

Each TEST is NAME:CODE[:KEY=VALUE,...]: one entry of "tests", named
"test-suite :: NAME.test", with lit's result CODE (PASS, FAIL, UNSUPPORTED, ...) and the
metrics given (numbers as JSON reads them; `hash` is kept as a string). Without metrics
the entry has none, as lit writes a test that did not run.
"""
import json
import sys


def metric(text):
    key, _, value = text.partition("=")
    if key == "hash":
        return key, value
    return key, json.loads(value)


def main(out, specs):
    tests = []
    for spec in specs:
        parts = spec.split(":", 2)
        test = {"name": "test-suite :: %s.test" % parts[0], "code": parts[1], "elapsed": 0.5}
        if len(parts) == 3 and parts[2]:
            test["metrics"] = dict(metric(m) for m in parts[2].split(","))
        tests.append(test)
    with open(out, "w") as f:
        json.dump({"__version__": [17, 0, 6], "elapsed": 1.0, "tests": tests}, f, indent=2, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
