#!/usr/bin/env python3
"""Checks an LNT report (format 2) against the rules an LNT server applies on import.

usage: check_lnt_report.py [--schema nts|SCHEMA.yaml] [--without-times] REPORT.json

Written from LNT's own code (lnt/testing/__init__.py: upgrade_and_normalize_report;
lnt/server/db/testsuitedb.py: the machine, order, run-time and sample imports), not from
timeit-lnt, so that it can catch the writer out:
  - format_version is the string "2"; machine, run and tests are there;
  - machine.name is a non-empty string and every machine and run value a string;
  - the run has the suite's order field, llvm_project_revision, non-empty;
  - start_time and end_time, where given, are ISO 8601 or "%Y-%m-%d %H:%M:%S";
and one rule of timeit's own, since LNT takes the time of the submission for a run without
a start_time (lnt/testing/__init__.py), and drops an end_time given without one:
  - start_time and end_time are both there, and the start is not after the end; with
    --without-times (a report of inputs that record no time), neither is there.
  - tests is a list of objects with a non-empty string name, given once each; every other
    key is a metric the suite declares; a Real is a number or a non-empty list of numbers,
    a Status an integer PASS (0), FAIL (1) or XFAIL (2), a Hash a string;
  - the machine name, the machine fields the suite declares (hardware, os), the order and
    each test name fit the String(256) columns LNT keeps them in.
The suite is LNT's nts (its metrics as schemas/nts.yaml declares them) or the one a
schema YAML file declares. Prints "ok: N tests" and exits 0, or prints each problem and
exits 1.
"""
import datetime
import json
import sys

# LNT's schemas/nts.yaml: metric name -> type.
NTS = {
    "compile_time": "Real", "compile_status": "Status", "execution_time": "Real",
    "execution_status": "Status", "score": "Real", "mem_bytes": "Real", "hash": "Hash",
    "hash_status": "Status", "code_size": "Real",
}
ORDER_FIELD = "llvm_project_revision"
# LNT's testsuitedb: Machine.name, the machine and order fields, Test.name are String(256).
MAX_NAME = 256
MACHINE_FIELDS = ("name", "hardware", "os")
STATUSES = (0, 1, 2)


def suite_metrics(schema):
    if schema == "nts":
        return NTS
    import yaml
    with open(schema) as f:
        suite = yaml.safe_load(f)
    if suite.get("format_version") != "2":
        raise SystemExit("%s: format_version is not '2'" % schema)
    orders = [field["name"] for field in suite.get("run_fields", []) if field.get("order")]
    if orders != [ORDER_FIELD]:
        raise SystemExit("%s: the order field is %r, not %s" % (schema, orders, ORDER_FIELD))
    return {metric["name"]: metric.get("type", "Real") for metric in suite["metrics"]}


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def valid_time(text):
    try:
        datetime.datetime.fromisoformat(text)
        return True
    except ValueError:
        pass
    try:
        datetime.datetime.strptime(text, "%Y-%m-%d %H:%M:%S")
        return True
    except ValueError:
        return False


def check_sample(where, kind, value):
    if kind == "Real":
        values = value if isinstance(value, list) else [value]
        if not values or not all(is_number(v) for v in values):
            return ["%s: a Real must be a number or a non-empty list of numbers, not %r" % (where, value)]
    elif kind == "Status":
        if not (isinstance(value, int) and not isinstance(value, bool) and value in STATUSES):
            return ["%s: a Status must be 0, 1 or 2, not %r" % (where, value)]
    elif kind == "Hash":
        if not isinstance(value, str):
            return ["%s: a Hash must be a string, not %r" % (where, value)]
    else:
        return ["%s: unknown metric type %r" % (where, kind)]
    return []


def parsed_time(text):
    try:
        return datetime.datetime.fromisoformat(text)
    except ValueError:
        return datetime.datetime.strptime(text, "%Y-%m-%d %H:%M:%S")


def check_times(run, with_times):
    given = [key for key in ("start_time", "end_time") if key in run]
    if not with_times:
        return ["run.%s: given, though the inputs record no time" % key for key in given]
    missing = ["run.%s: missing (LNT would take the time of the submission)" % key
               for key in ("start_time", "end_time") if key not in run]
    if missing:
        return missing
    if not all(isinstance(run[key], str) and valid_time(run[key]) for key in given):
        return []  # said above
    start, end = parsed_time(run["start_time"]), parsed_time(run["end_time"])
    if start.tzinfo is None:
        start = start.replace(tzinfo=datetime.timezone.utc)  # LNT's "%Y-%m-%d %H:%M:%S" is UTC
    if end.tzinfo is None:
        end = end.replace(tzinfo=datetime.timezone.utc)
    if start > end:
        return ["run: start_time %r is after end_time %r" % (run["start_time"], run["end_time"])]
    return []


def check(report, metrics, with_times=True):
    problems = []
    if report.get("format_version") != "2":
        problems.append("format_version must be the string \"2\", not %r" % report.get("format_version"))
    for section, kind in (("machine", dict), ("run", dict), ("tests", list)):
        if not isinstance(report.get(section), kind):
            problems.append("%s: missing, or not a JSON %s" % (section, kind.__name__))
    if problems:
        return problems
    machine, run = report["machine"], report["run"]
    if not isinstance(machine.get("name"), str) or not machine["name"]:
        problems.append("machine.name: must be a non-empty string")
    for section, fields in (("machine", machine), ("run", run)):
        for key, value in fields.items():
            if not isinstance(value, str):
                problems.append("%s.%s: must be a string, not %r" % (section, key, value))
    if not run.get(ORDER_FIELD):
        problems.append("run.%s: missing or empty (the suite's order)" % ORDER_FIELD)
    for section, fields, keys in (("machine", machine, MACHINE_FIELDS), ("run", run, (ORDER_FIELD,))):
        for key in keys:
            if isinstance(fields.get(key), str) and len(fields[key]) > MAX_NAME:
                problems.append("%s.%s: %d characters, more than LNT stores (%d)" % (section, key, len(fields[key]), MAX_NAME))
    for key in ("start_time", "end_time"):
        if isinstance(run.get(key), str) and not valid_time(run[key]):
            problems.append("run.%s: %r is neither ISO 8601 nor %%Y-%%m-%%d %%H:%%M:%%S" % (key, run[key]))
    problems += check_times(run, with_times)
    names = set()
    for index, test in enumerate(report["tests"]):
        where = "tests[%d]" % index
        if not isinstance(test, dict):
            problems.append("%s: not an object" % where)
            continue
        name = test.get("name")
        if not isinstance(name, str) or not name:
            problems.append("%s.name: must be a non-empty string" % where)
        elif name in names:
            problems.append("%s.name: %r given twice" % (where, name))
        elif len(name) > MAX_NAME:
            problems.append("%s.name: %d characters, more than LNT stores (%d)" % (where, len(name), MAX_NAME))
        names.add(name)
        for key, value in test.items():
            if key == "name":
                continue
            if key not in metrics:
                problems.append("%s: metric %r unknown in the suite" % (where, key))
                continue
            problems += check_sample("%s.%s" % (where, key), metrics[key], value)
    return problems


def main(argv):
    schema, with_times = "nts", True
    if len(argv) >= 3 and argv[0] == "--schema":
        schema, argv = argv[1], argv[2:]
    if len(argv) >= 2 and argv[0] == "--without-times":
        with_times, argv = False, argv[1:]
    if len(argv) != 1:
        raise SystemExit(__doc__.split("\n\n")[1])
    with open(argv[0]) as f:
        report = json.load(f)
    problems = check(report, suite_metrics(schema), with_times)
    for problem in problems:
        print("%s: %s" % (argv[0], problem))
    if not problems:
        print("ok: %d tests" % len(report["tests"]))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
