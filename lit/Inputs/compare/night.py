#!/usr/bin/env python3
"""Writes the base and new results files of a night with many benchmarks, for
timeit-compare tests of families.

usage: night.py BASE NEW BENCHMARKS RUNS [CHANGED]

Every benchmark has RUNS runs a side. Their values interleave (base 1.000, new 1.001,
base 1.002, ...), so no benchmark differs by chance. The first CHANGED benchmarks (default
1) are completely separated instead: every new run 10% above every base run.
"""
import json
import sys


def main(base_path, new_path, benchmarks, runs, changed=1):
    sides = ([], [])
    for b in range(benchmarks):
        offset = 1e-6 * b
        base = [1 + 0.002 * r + offset for r in range(runs)]
        new = [1.001 + 0.002 * r + offset for r in range(runs)]
        if b < changed:
            base = [0.99 + 0.001 * r for r in range(runs)]
            new = [1.10 + 0.001 * r for r in range(runs)]
        for side, values in zip(sides, (base, new)):
            side.append({"name": "bench%05d" % b, "command": ["x"],
                         "runs": [{"exit_code": 0, "metrics": {"task-clock": v}} for v in values]})
    for path, side in zip((base_path, new_path), sides):
        with open(path, "w") as f:
            json.dump({"schema": "timeit-results/1", "host": {}, "benchmarks": side}, f)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(a) for a in sys.argv[3:]))
