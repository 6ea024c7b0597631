#!/usr/bin/env python3
"""The expected change points of tests/history/reference_test.cc, from the method's Python
reference (method.py of the statistician's prototype, the executable form of its METHOD.md).

usage: /usr/bin/python3 tests/history/reference_series.py PROTOTYPE_DIR [NULL_TABLE_INC]

Builds the series of reference_test.cc's kCases exactly as tests/history/synthetic_nights.h
draws them (SplitMix64 and its Box-Muller transform transcribed here), analyses each with
method.analyse and prints the C++ initialisers of the expected change points (kExpected):
night, direction, levels, ratio (shift in linear mode), nights held, and two p-values:
  - with the prototype's own null table (its null_table.csv, another seed and generator),
    which the C++ must agree with within Monte Carlo error;
  - with NULL_TABLE_INC (src/history/null_table.inc), the C++ library's table, in place of
    the prototype's: the same method on the same table, which the C++ must match to
    rounding. (The change points themselves must be the same with either table.)
Needs numpy and scipy (Debian's python3-numpy, python3-scipy).
"""
import math
import re
import sys

import numpy as np

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def unit(self):
        return (self.next() >> 11) * 2.0 ** -53


class NormalDeviates:
    def __init__(self, seed):
        self.uniforms = SplitMix64(seed)
        self.sine = None

    def next(self):
        if self.sine is not None:
            value, self.sine = self.sine, None
            return value
        radius_uniform = 1 - self.uniforms.unit()
        angle = 2 * math.pi * self.uniforms.unit()
        radius = math.sqrt(-2 * math.log(radius_uniform))
        self.sine = radius * math.sin(angle)
        return radius * math.cos(angle)


def case(seed, nights=60, runs=10, runs_cycle=(), within=0.01, between=0.01, slow=0.02, heavy=False,
         levels=(), gaps=(), linear=False, base=0.25):
    return dict(seed=seed, nights=nights, runs=runs, runs_cycle=list(runs_cycle), within=within,
                between=between, slow=slow, heavy=heavy, levels=list(levels), gaps=list(gaps),
                linear=linear, base=base)


LOG = math.log
# The cases of reference_test.cc's kCases, in its order: (first night, end, log factor) levels.
CASES = [
    case(101),                                                    # no change, 10 runs
    case(102, runs=1, within=0.03),                               # no change, 1 run
    case(103, levels=[(30, 60, LOG(1.03))]),                      # +3 %
    case(104, within=0.03, levels=[(25, 60, LOG(1.03))]),         # +3 %, noisier
    case(105, runs=1, within=0.03, levels=[(40, 60, LOG(1.10))]),  # +10 % at 1 run
    case(106, within=0.05, levels=[(20, 60, LOG(0.95))]),         # -5 %
    case(107, levels=[(57, 60, LOG(1.10))]),                      # recent +10 %
    case(108, levels=[(30, 31, LOG(1.20))]),                      # one-night spike
    case(109, runs=1, levels=[(30, 31, LOG(1.20))]),              # spike at 1 run
    case(110, heavy=True),                                        # heavy tails
    case(111, runs=1, heavy=True),                                # heavy tails at 1 run
    case(112, levels=[(20, 28, LOG(1.10))]),                      # reverted after 8
    case(113, runs=1, levels=[(20, 28, LOG(1.10))]),              # reverted at 1 run
    case(114, levels=[(30, 60, LOG(1.10))], gaps=[3, 9, 14, 22, 27, 30, 31, 38, 45, 50, 51, 58]),
    case(115, runs=3, within=0.02, levels=[(20, 60, LOG(1.05)), (45, 60, LOG(1.05))]),  # two steps
    case(116, nights=120, runs=5, levels=[(70, 120, LOG(1.04))]),                      # 120 nights
    case(117, nights=200, levels=[(50, 200, LOG(1.05)), (130, 200, LOG(0.97))]),         # 200 nights
    case(118, linear=True, within=1.0, between=0.5, levels=[(35, 60, 2.0)]),            # values around 0
    case(119, runs_cycle=[1, 2, 5, 3, 8], within=0.02, levels=[(33, 60, LOG(1.06))]),    # varying runs
    case(120, nights=12, runs=1, levels=[(6, 12, LOG(1.30))]),                          # 12 nights, h = 5
    # Weak steps, whose p lie inside the table (1e-4 to 1e-2), picked for that.
    case(132, within=0.03, levels=[(30, 60, LOG(1.02))]),
    case(139, within=0.03, levels=[(30, 60, LOG(1.02))]),
    case(142, within=0.03, levels=[(30, 60, LOG(1.02))]),
    case(138, nights=90, runs=3, within=0.03, levels=[(60, 90, LOG(1.03))]),
]


def generate(spec):
    """runs[T, n] with NaN for missing runs and nights, as method.analyse takes them."""
    normal = NormalDeviates(spec["seed"])
    uniform = SplitMix64(spec["seed"] + 1)
    rows = []
    for t in range(spec["nights"]):
        level = sum(f for first, end, f in spec["levels"] if first <= t < end)
        shift = spec["between"] * normal.next()
        cycle = spec["runs_cycle"]
        runs = cycle[t % len(cycle)] if cycle else spec["runs"]
        values = []
        for _ in range(runs):
            noise = spec["within"] * normal.next()
            factor = 1.0
            if uniform.unit() < spec["slow"]:
                factor *= 1.1 + 0.4 * uniform.unit()
            if spec["heavy"] and uniform.unit() < 0.05:
                factor *= 1.3 + 0.7 * uniform.unit()
            if spec["linear"]:
                values.append(level + shift + noise + (factor - 1))
            else:
                values.append(spec["base"] * math.exp(level + shift + noise) * factor)
        rows.append(None if t in spec["gaps"] else values)
    width = max(len(r) for r in rows if r is not None)
    out = np.full((spec["nights"], width), np.nan)
    for t, r in enumerate(rows):
        if r is not None:
            out[t, :len(r)] = r
    return out


def use_table(method, path):
    """Makes method.py take its quantiles from the C++ library's null_table.inc."""
    rows = {}
    row = re.compile(r"^\{(\d+), (\d+), (\d+), (\d+), \{([^}]*)\}\},$")
    with open(path) as text:
        for line in text:
            m = row.match(line.strip())
            if m:
                h, length = int(m.group(1)), int(m.group(2))
                qs = [float(q) for q in m.group(5).split(",")]
                rows[(h, length)] = list(zip(method.PROBS, qs))
    method._qrow = lambda L, cfg, h: rows[(h, L)]


def describe(method, spec):
    return [dict(index=c["index"], direction=c["direction"], p=c["p"], before=c["before"], after=c["after"],
                 estimate=c["shift"] if c["ratio"] is None else c["ratio"], held=c["held"])
            for c in method.analyse(generate(spec))]


def main():
    sys.path.insert(0, sys.argv[1])
    import method
    own = [describe(method, spec) for spec in CASES]
    library = own
    if len(sys.argv) > 2:
        use_table(method, sys.argv[2])
        library = [describe(method, spec) for spec in CASES]
    for number, (mine, theirs) in enumerate(zip(own, library)):
        fields = ("index", "direction", "before", "after", "estimate", "held")
        if [[c[f] for f in fields] for c in mine] != [[c[f] for f in fields] for c in theirs]:
            sys.exit("case %d: the two tables give different change points" % number)
        cells = ["{%d, %d, %.17g, %.17g, %.17g, %d, %.17g, %.17g}" % (
            c["index"], c["direction"], c["before"], c["after"], c["estimate"], c["held"], c["p"], t["p"])
            for c, t in zip(mine, theirs)]
        print("    {%s},  // case %d" % (", ".join(cells), number))


if __name__ == "__main__":
    main()
