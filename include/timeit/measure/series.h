#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "timeit/measure/child_spec.h"
#include "timeit/measure/counter_backend.h"
#include "timeit/measure/launcher.h"
#include "timeit/measure/measurement.h"

namespace timeit {

/// How many times to run the program.
struct SeriesPlan {
  /// Runs made first and thrown away (caches, page cache, CPU frequency).
  int warmup_runs = 0;
  /// Runs that are measured and recorded.
  int measured_runs = 1;
  /// Keep going after a run that fails (non-zero exit, signal, timeout, exec error);
  /// otherwise the first failure ends the series.
  bool ignore_failure = false;
  /// Seeds whatever the series draws at random, so that the same seed replays the same
  /// series. Each use draws from a stream of its own, SplitMix64(seed ^ its constant), so
  /// that one use added or left out never changes what another draws.
  uint64_t seed = 0;
  /// Give every run (warmups too) an environment variable of a random length in
  /// [0, kEnvOffsetLimit), drawn from the seed, to move the program's stack.
  bool env_offset = false;
};

/// The constant of the environment offsets' stream of SeriesPlan::seed.
inline constexpr uint64_t kEnvOffsetStream = 0x656e762d6f666673;  // "env-offs"

enum class RunKind { kWarmup, kMeasured };

/// Told about each run as it starts and as it ends, so the caller can show progress and
/// save each run the moment it exists (a later crash or Ctrl-C then loses nothing).
struct SeriesObserver {
  std::function<void(RunKind kind, int index, int total)> run_starting;
  std::function<void(RunKind kind, int index, int total, const Measurement& run)> run_finished;
};

struct SeriesResult {
  /// The measured runs, in order (never the warmups).
  std::vector<Measurement> runs;
  /// A failed run (warmup or measured) or an interrupt ended the series before the plan.
  bool stopped_early = false;
  /// timeit's exit code: the code of the run that stopped the series, else the first
  /// non-zero one, else 0.
  int exit_code = 0;
  /// A signal timeit received after the last run had ended, while it was being saved: the
  /// series is complete, but timeit was asked to stop, and must say so in its exit status.
  std::optional<int> late_signal;
};

/// Runs the program once and measures it: Launch, or in tests a fake that returns
/// scripted Measurements without starting a process.
using Launcher = std::function<Measurement(const ChildSpec& spec, CounterBackend& counters)>;

/// Runs the plan, each run through `launch`: the warmups, then the measured runs. A failed
/// run (warmup or measured) ends the series unless plan.ignore_failure; an interrupt
/// (SIGINT/SIGTERM/SIGHUP/SIGQUIT to timeit, or the terminal's Ctrl-C that killed the program)
/// always does. A run the interrupt cancelled before it started is not recorded.
///
/// Each run is started with `spec`, and with plan.env_offset with an environment offset of
/// its own drawn from plan.seed (ChildSpec::controls.env_offset and .seed).
///
/// Process-global state: the series holds a SignalScope (launcher.h) from before its first
/// run to after its last, even with a fake launcher, so one series at a time per process.
SeriesResult RunSeries(const ChildSpec& spec, CounterBackend& counters, const SeriesPlan& plan,
                       const SeriesObserver& observer = {}, const Launcher& launch = Launch);

}  // namespace timeit
