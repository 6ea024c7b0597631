#!/usr/bin/env python3
"""Checks that ${NAME#pattern} in TIMEIT_OPTIONS costs time linear in NAME's value.

usage: options_expansion_ratio.py TIMEIT SMALL LARGE MOST

Runs `TIMEIT --no-perf true` with TIMEIT_OPTIONS='--name=${V#*b}' and V a value of SMALL,
then of LARGE bytes (all "a": the pattern matches no prefix, so every one is looked at),
five times each, and compares the least time of each. Linear, LARGE/SMALL times the bytes
cost at most that much more time (less, as timeit's start costs the same); quadratic, the
square of it. Prints "ratio R (at most MOST)" and exits 0 when R <= MOST, 1 otherwise: a
ratio of two times in one run, never a time limit, so a slow machine passes as a fast one.
"""
import os
import subprocess
import sys
import time


def least_time(timeit, size):
    environment = dict(os.environ, V="a" * size, TIMEIT_OPTIONS="--name=${V#*b}")
    best = None
    for _ in range(5):
        start = time.monotonic()
        subprocess.run([timeit, "--no-perf", "true"], env=environment, check=True, stderr=subprocess.DEVNULL)
        elapsed = time.monotonic() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    timeit, small, large, most = argv[0], int(argv[1]), int(argv[2]), float(argv[3])
    ratio = least_time(timeit, large) / least_time(timeit, small)
    print(f"ratio {ratio:.2f} (at most {most:g})")
    return 0 if ratio <= most else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
