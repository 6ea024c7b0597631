# lit configuration for timeit's command-line tests.
import os
import shutil
import subprocess
import sys
import tempfile

import lit.formats

config.name = "timeit"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.timeit_obj_root

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.timeit_bin_dir, config.environment.get("PATH", "/usr/bin:/bin")])
# Sanitizer builds: a leak report would change exit codes the tests check.
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

timeit = os.path.join(config.timeit_bin_dir, "timeit")
# Before %timeit: lit replaces in order, and %timeit is a prefix of %timeit-compare, %timeit-lnt and
# %timeit-noop.
config.substitutions.append(("%timeit-compare", os.path.join(config.timeit_bin_dir, "timeit-compare")))
config.substitutions.append(("%timeit-history", os.path.join(config.timeit_bin_dir, "timeit-history")))
config.substitutions.append(("%timeit-lnt", os.path.join(config.timeit_bin_dir, "timeit-lnt")))
config.substitutions.append(("%timeit-noop", os.path.join(config.timeit_bin_dir, "timeit-noop")))
config.substitutions.append(("%timeit", timeit))
config.substitutions.append(("%bin-dir", config.timeit_bin_dir))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%python", "python3"))
config.substitutions.append(("%scripts", os.path.join(config.timeit_source_dir, "scripts")))


def counted(event):
    """Runs timeit once on /bin/true with `event` and says whether it was counted."""
    with tempfile.TemporaryDirectory() as tmp:
        summary = os.path.join(tmp, "summary")
        result = subprocess.run([timeit, "-e", event, "--summary", summary, "/bin/true"],
                                capture_output=True)
        if result.returncode != 0:
            return False
        with open(summary) as f:
            return any(line.split()[0] == event for line in f if line.strip())


# Hardware tests say `REQUIRES: perf-hw`; their fallback twins say `UNSUPPORTED: perf-hw`,
# so every machine runs exactly one of each pair and none is skipped silently.
if counted("task-clock"):
    config.available_features.add("perf-sw")
if counted("instructions"):
    config.available_features.add("perf-hw")
if os.path.exists("/sys/bus/event_source/devices/cpu"):
    config.available_features.add("cpu-pmu")
if os.getuid() == 0:
    config.available_features.add("root")
# The tests that render an HTML report in a real browser (headless Chromium).
if getattr(config, "chromium", ""):
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", config.chromium))

# The tests of scripts/use-in-llvm-test-suite that check what ninja would rebuild.
if shutil.which("ninja"):
    config.available_features.add("ninja")
# The compile-time tests run a real compiler where there is one, their twins a stand-in.
if shutil.which("cc"):
    config.available_features.add("cc")
# The pinning tests name the CPUs they pin to, which timeit must itself be allowed to use
# (lit may run under taskset or in a cpuset).
if hasattr(os, "sched_getaffinity"):
    allowed_cpus = os.sched_getaffinity(0)
    if 0 in allowed_cpus:
        config.available_features.add("cpu-0")
    if {0, 1} <= allowed_cpus:
        config.available_features.add("cpus-0-1")
# Address-space randomisation is on for what lit starts: not under `setarch -R`, and not
# switched off for the whole system.
try:
    with open("/proc/self/personality") as f:
        no_randomize = int(f.read(), 16) & 0x0040000
    with open("/proc/sys/kernel/randomize_va_space") as f:
        if not no_randomize and f.read().strip() != "0":
            config.available_features.add("aslr-on")
except OSError:
    pass
# Inputs/without_perf.py can refuse a system call here (tests of what timeit does when the
# kernel refuses it).
if subprocess.run([sys.executable, os.path.join(config.test_source_root, "Inputs", "without_perf.py"),
                   "--syscall", "personality", "--", "true"], capture_output=True).returncode == 0:
    config.available_features.add("syscall-filter")
# From the build, not probed: tests of PMU-specific and raw names say `REQUIRES: libpfm`,
# and their twins, `UNSUPPORTED: libpfm`, check that a build without it refuses them.
if config.timeit_have_libpfm:
    config.available_features.add("libpfm")
# A machine whose kernel says nothing (no load average, no cpufreq) for timeit's hidden
# --fake-host: tests that check stderr line by line use it, so that a busy machine's
# warnings (loaded, governor) do not reach them.
quiet_host = os.path.join(config.test_exec_root, "quiet-host")
os.makedirs(quiet_host, exist_ok=True)
config.substitutions.append(("%quiet-host", quiet_host))
