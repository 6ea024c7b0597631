#!/usr/bin/env python3
"""Writes a timeit-results/1 file with chosen values, for timeit-compare tests.

usage: results.py OUT [--host KEY=VALUE]... [NAME:KEY=V1,V2,...]...

Each argument gives one benchmark NAME a list of values for KEY, one per run; the lists
of one benchmark are zipped into its runs, so they must have the same length. KEY is a
metric name, or exit_code / signal / timed_out / failure, which are run fields. A value
of `-` leaves KEY out of that run. Numbers are written as given (1 stays an integer,
1.0 a float); `null`, `true` and `false` are JSON's. Benchmarks keep the order in which
they are first named. Each --host KEY=VALUE sets a field of the file's host block (VALUE
read as JSON where it is JSON, else kept as text: --host cpu_count=2 --host kernel=Linux).
"""
import json
import sys

RUN_FIELDS = ("exit_code", "signal", "timed_out", "failure")


def value(text):
    try:
        return json.loads(text)
    except ValueError:
        return text  # a failure kind such as exec


def main(out, args):
    benchmarks = {}
    host = {}
    specs = []
    while args:
        arg = args.pop(0)
        if arg == "--host":
            key, _, text = args.pop(0).partition("=")
            host[key] = value(text)
        else:
            specs.append(arg)
    for spec in specs:
        name, _, rest = spec.rpartition(":")
        key, _, values = rest.partition("=")
        columns = benchmarks.setdefault(name, {})
        columns[key] = values.split(",")
    document = {"schema": "timeit-results/1", "host": host, "benchmarks": []}
    for name, columns in benchmarks.items():
        lengths = {len(v) for v in columns.values()}
        if len(lengths) != 1:
            sys.exit("results.py: %s: lists of different lengths" % name)
        runs = []
        for i in range(lengths.pop()):
            run = {"exit_code": 0, "metrics": {}}
            for key, values in columns.items():
                if values[i] == "-":
                    continue
                if key in RUN_FIELDS:
                    run[key] = value(values[i])
                else:
                    run["metrics"][key] = value(values[i])
            runs.append(run)
        document["benchmarks"].append({"name": name, "command": [name], "runs": runs})
    with open(out, "w") as f:
        json.dump(document, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
