#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/measure/child_spec.h"
#include "timeit/measure/counter_backend.h"
#include "timeit/measure/launcher.h"
#include "timeit/measure/measurement.h"

namespace timeit {

/// In what order the runs of several commands are made. With one command every order is
/// the same.
enum class RunOrder {
  /// Rounds of one run of each command, forward and reversed in turn (A B, B A, A B, ...):
  /// drift hits every command equally, and none is always first after another.
  kAbba,
  /// Rounds always forward (A B, A B, ...).
  kAlternate,
  /// Each round in an order drawn from the series' seed.
  kRandom,
  /// Every run of A (its warmups first), then every run of B: as separate timeits would,
  /// which lets drift between them pass for a difference (for demonstrations).
  kSequential,
};
/// "abba", "alternate", "random", "sequential": --order's words and the series record's.
inline constexpr Spellings<RunOrder, 4> kRunOrderSpellings = {{
    {"abba", RunOrder::kAbba},
    {"alternate", RunOrder::kAlternate},
    {"random", RunOrder::kRandom},
    {"sequential", RunOrder::kSequential},
}};

/// The commands of round `round` (from 0; warmup rounds first, then measured ones, numbered
/// on through the series) of a series of `commands` commands, in the order they run: each
/// command once. kRandom draws it from `seed` and `round` alone, the same on every machine and
/// standard library; kSequential has no rounds and reads as kAlternate.
std::vector<int> RoundOrder(RunOrder order, int commands, int round, uint64_t seed);

/// Repeating until the primary metric is precise enough (--target-rmad), within bounds.
struct AdaptivePlan {
  /// Stop once every command's relative MAD of the primary metric is at most this (percent).
  double target_rmad_percent = 1;
  /// Runs per command before the target may be judged met.
  int min_runs = 5;
  /// Runs per command at most.
  int max_runs = 100;
  /// Seconds of wall time of all measured runs together that the series may not exceed.
  double max_seconds = 60;
};

/// How many times to run the programs, and in what order.
struct SeriesPlan {
  /// Runs made first and thrown away (caches, page cache, CPU frequency), per command.
  int warmup_runs = 0;
  /// Runs that are measured and recorded, per command (unused when adaptive).
  int measured_runs = 1;
  /// Keep going after a run that fails (non-zero exit, signal, timeout, exec error);
  /// otherwise the first failure ends the series.
  bool ignore_failure = false;
  /// The order of the commands' runs.
  RunOrder order = RunOrder::kAbba;
  /// Seeds whatever the series draws at random (the random order, the environment offsets),
  /// so that the same seed replays the same series; the result reports it. Each use draws
  /// from a stream of its own, SplitMix64(seed ^ its constant), so that one use added or left
  /// out never changes what another draws.
  uint64_t seed = 0;
  /// Give every run (warmups too) an environment variable of a random length in
  /// [0, kEnvOffsetLimit), drawn from the seed, to move the program's stack.
  bool env_offset = false;
  /// Repeat until a target precision instead of measured_runs times.
  std::optional<AdaptivePlan> adaptive;
};

/// The constants of the streams of SeriesPlan::seed: the environment offsets', and the
/// random order's (each round's stream is derived from it and the round's number).
inline constexpr uint64_t kEnvOffsetStream = 0x656e762d6f666673;  // "env-offs"
inline constexpr uint64_t kRunOrderStream = 0x72756e2d6f726472;   // "run-ordr"

enum class RunKind { kWarmup, kMeasured };

/// Why a series ended.
enum class SeriesStop {
  kPlanned,      // every planned run was made
  kTargetMet,    // adaptive: every command reached the target precision
  kMaxRuns,      // adaptive: max_runs were made without reaching it
  kMaxTime,      // adaptive: another round would have gone past max_seconds
  kFailure,      // a run failed (without ignore_failure)
  kInterrupted,  // timeit was told to stop
};
/// The series record's words.
inline constexpr Spellings<SeriesStop, 6> kSeriesStopSpellings = {{
    {"planned", SeriesStop::kPlanned},
    {"target-met", SeriesStop::kTargetMet},
    {"max-runs", SeriesStop::kMaxRuns},
    {"max-time", SeriesStop::kMaxTime},
    {"failure", SeriesStop::kFailure},
    {"interrupted", SeriesStop::kInterrupted},
}};

/// Where a run stands in its series.
struct RunSlot {
  RunKind kind = RunKind::kMeasured;
  /// Which command (an index into the series' commands).
  int command = 0;
  /// The command's run of this kind, from 0.
  int index = 0;
  /// The run among all runs of this kind of the series, every command's, from 0.
  int position = 0;
  /// Runs of this kind the series plans, every command's (adaptive: the most it may make).
  int total = 0;
};

/// Told about each run as it starts and as it ends, so the caller can show progress and
/// save each run the moment it exists (a later crash or Ctrl-C then loses nothing).
struct SeriesObserver {
  std::function<void(const RunSlot& slot)> run_starting;
  std::function<void(const RunSlot& slot, const Measurement& run)> run_finished;
};

struct SeriesResult {
  /// The measured runs of each command (in the commands' order), each in the order made
  /// (never the warmups).
  std::vector<std::vector<Measurement>> runs;
  /// A failed run (warmup or measured) or an interrupt ended the series before the plan.
  bool stopped_early = false;
  /// Why the series ended.
  SeriesStop stopped = SeriesStop::kPlanned;
  /// timeit's exit code: the code of the run that stopped the series, else the first
  /// non-zero one, else 0.
  int exit_code = 0;
  /// A signal timeit received after the last run had ended, while it was being saved: the
  /// series is complete, but timeit was asked to stop, and must say so in its exit status.
  std::optional<int> late_signal;
  /// The seed the series used (the plan's).
  uint64_t seed = 0;
};

/// Runs the program once and measures it: Launch, or in tests a fake that returns
/// scripted Measurements without starting a process.
using Launcher = std::function<Measurement(const ChildSpec& spec, CounterBackend& counters)>;

/// Runs the plan for `commands` (at least one), each run through `launch`: the warmups,
/// then the measured runs, interleaved in rounds as plan.order says (kSequential: each
/// command's warmups and runs in turn). With plan.adaptive, rounds go on until
/// AdaptiveStop (adaptive.h) says to stop. A failed run (warmup or measured) ends the whole
/// series unless plan.ignore_failure; an interrupt (SIGINT/SIGTERM/SIGHUP/SIGQUIT to timeit,
/// or the terminal's Ctrl-C that killed the program) always does. A run the interrupt
/// cancelled before it started is not recorded. Measured runs of two or more commands get
/// their position (RunSlot::position) in Measurement::position.
///
/// Each run is started with `spec`, and with plan.env_offset with an environment offset of
/// its own drawn from plan.seed (ChildSpec::controls.env_offset and .seed).
///
/// Process-global state: the series holds a SignalScope (launcher.h) from before its first
/// run to after its last, even with a fake launcher, so one series at a time per process.
SeriesResult RunSeries(std::span<const ChildSpec> commands, CounterBackend& counters, const SeriesPlan& plan,
                       const SeriesObserver& observer = {}, const Launcher& launch = Launch);

}  // namespace timeit
