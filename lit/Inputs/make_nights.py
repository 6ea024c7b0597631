#!/usr/bin/env python3
"""Makes a history of nights by running programs under timeit, one results file a night.

usage: make_nights.py TIMEIT OUT_DIR [--nights N] [--runs R] [--step-at K]... [--step F]
                      [--spike-at K] [--benchmarks A,B] [--stepped A] [--missing A:K,K...]
                      [--real] [--label]

Night i is OUT_DIR/night-<i>.json, with the runs of every benchmark of --benchmarks (default
"steady,stepped"). --stepped (default "stepped") names the one whose level is --step times
higher from night --step-at on (given again, --step times higher again from that night on);
--spike-at makes it --step times higher on that night only.
--missing A:3,5 leaves benchmark A out of nights 3 and 5.

By default the fake counter backend gives exact task-clock values: 100 ms times a night's
shift (deterministic, within +-1%) times a run's (within +-0.5%). With --real, each run is
`sh -c` counting to a number, --step times larger for the stepped benchmark's changed
nights: the times are what the machine measures.
With --label, each night's runs are labelled r<100 + i> (timeit --label).
"""
import argparse
import json
import os
import subprocess

parser = argparse.ArgumentParser()
parser.add_argument("timeit")
parser.add_argument("out")
parser.add_argument("--nights", type=int, default=12)
parser.add_argument("--runs", type=int, default=3)
parser.add_argument("--step-at", type=int, action="append", default=[])
parser.add_argument("--spike-at", type=int, default=None)
parser.add_argument("--step", type=float, default=1.1)
parser.add_argument("--benchmarks", default="steady,stepped")
parser.add_argument("--stepped", default="stepped")
parser.add_argument("--missing", action="append", default=[])
parser.add_argument("--real", action="store_true")
parser.add_argument("--label", action="store_true")
args = parser.parse_args()

missing = {}
for item in args.missing:
    name, nights = item.split(":")
    missing[name] = {int(n) for n in nights.split(",")}

# Fixed, uneven shifts: nights that differ as real ones do, the same on every run of the test.
NIGHT_SHIFT = [0.004, -0.007, 0.009, -0.002, 0.006, -0.009, 0.001, -0.004, 0.008, -0.006, 0.003, -0.001]
RUN_SHIFT = [0.003, -0.005, 0.001, 0.005, -0.002, -0.004, 0.002]

os.makedirs(args.out, exist_ok=True)
for night in range(args.nights):
    path = os.path.join(args.out, "night-%d.json" % night)
    for number, benchmark in enumerate(args.benchmarks.split(",")):
        if night in missing.get(benchmark, ()):
            continue
        factor = 1.0
        if benchmark == args.stepped:
            for step_at in args.step_at:
                if night >= step_at:
                    factor *= args.step
            if args.spike_at is not None and night == args.spike_at:
                factor = args.step
        command = [args.timeit, "-r", str(args.runs), "--json", path, "--name", benchmark, "--summary", "/dev/null"]
        if args.label:
            command += ["--label", "r%d" % (100 + night)]
        if args.real:
            count = int(20000 * factor)
            command += ["--", "sh", "-c", "i=0; while [ $i -lt %d ]; do i=$((i+1)); done" % count]
        else:
            fake = path + ".%d.fake" % number  # by number: a name may hold a slash
            shift = NIGHT_SHIFT[night % len(NIGHT_SHIFT)]
            values = [int(1e8 * factor * (1 + shift) * (1 + RUN_SHIFT[(night + r) % len(RUN_SHIFT)]))
                      for r in range(args.runs)]
            with open(fake, "w") as f:
                json.dump({"events": {"task-clock": {"value": values}}}, f)
            command = command[:1] + ["-e", "task-clock", "--counter-backend=fake:" + fake] + command[1:] + ["true"]
        subprocess.run(command, check=True, stderr=subprocess.DEVNULL)
        if not args.real:
            os.remove(fake)
