#!/usr/bin/env python3
"""Says whether scripts/use-in-llvm-test-suite knows every option `timeit --help` lists, as
taking a value or as a flag, as timeit's help has it.

usage: timeit_options_known.py SCRIPT TIMEIT

Prints "known: N options", or one line per option the two read differently, and, last, the
options the script knows that the help does not list (hidden ones).
"""
import importlib.machinery
import importlib.util
import re
import subprocess
import sys


def main(script, timeit):
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    loader = importlib.machinery.SourceFileLoader("use_in_llvm_test_suite", script)
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    help_text = subprocess.run([timeit, "--help"], capture_output=True, text=True, check=True).stdout
    listed = {}
    # "  -c,--chdir TEXT   Run ..." takes a value; "  --no-perf   Count ..." is a flag.
    for names, value in re.findall(r"^  (-[^\s]+)( [^\s]+)?(?:  |$)", help_text, re.MULTILINE):
        for name in names.split(","):
            listed[name] = bool(value)
    differ = 0
    for name, takes_value in sorted(listed.items()):
        known = "value" if name in module.VALUE_OPTIONS else "flag" if name in module.FLAG_OPTIONS else "unknown"
        if known != ("value" if takes_value else "flag"):
            print(f"{name}: timeit's help: {'value' if takes_value else 'flag'}; the script: {known}")
            differ += 1
    if not differ:
        print(f"known: {len(listed)} options")
    print("not in the help:", " ".join(sorted((module.VALUE_OPTIONS | module.FLAG_OPTIONS) - listed.keys())))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
