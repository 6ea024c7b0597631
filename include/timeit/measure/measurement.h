#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/measure/counter_reading.h"
#include "timeit/measure/run_controls.h"

namespace timeit {

/// The rusage fields of the reaped program beyond time and memory.
struct RusageExtras {
  int64_t minor_faults = 0;
  int64_t major_faults = 0;
  int64_t voluntary_switches = 0;
  int64_t involuntary_switches = 0;
  int64_t block_inputs = 0;
  int64_t block_outputs = 0;
};

/// Why the program did not reach exec, when it did not.
enum class LaunchFailure {
  kNone,
  /// A redirection, --chdir, --cpu or --no-aslr failed in the child (exit 66).
  kSetup,
  /// exec itself failed (exit 127, 126 or 67).
  kExec,
  /// timeit was told to stop (SIGINT, SIGTERM, SIGHUP, SIGQUIT) before the program was released,
  /// so it never ran (exit 68).
  kInterrupted,
};
/// "none", "setup", "exec", "interrupted": the spelling in results files.
inline constexpr Spellings<LaunchFailure, 4> kLaunchFailureSpellings = {{
    {"none", LaunchFailure::kNone},
    {"setup", LaunchFailure::kSetup},
    {"exec", LaunchFailure::kExec},
    {"interrupted", LaunchFailure::kInterrupted},
}};

/// One run of the program: how it ended and what it cost.
struct Measurement {
  /// timeit's exit code for this run: the program's exit code, 128 + signal, or the
  /// launch failure's code (see exit_code.h).
  int exit_code = 0;
  /// The signal that killed the program, if one did.
  std::optional<int> term_signal;
  /// The timeout expired and the process group was killed.
  bool timed_out = false;
  /// timeit received this signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) and killed the process group.
  std::optional<int> interrupted_by;
  LaunchFailure failure = LaunchFailure::kNone;
  /// What failed, e.g. "execvp: No such file or directory"; empty when nothing did.
  std::string failure_message;

  /// Wall-clock seconds from releasing the program to reaping it (CLOCK_MONOTONIC).
  double real_seconds = 0;
  /// CPU seconds of the program and the descendants it waited for (wait4 rusage).
  double user_seconds = 0;
  double sys_seconds = 0;
  /// Peak resident set size in bytes (wait4 ru_maxrss, converted by MaxRssBytes).
  uint64_t maxrss_bytes = 0;
  RusageExtras rusage;
  /// UTC time the run started, ISO 8601 ("2026-11-30T18:27:21Z").
  std::string start_time;

  CounterResults counters;
  /// What timeit set about the run: the spec's controls, as the run was started with them.
  RunControls controls;

  /// In a series of two or more commands, this run's place among all its measured runs
  /// (from 0), which tells the interleaved order (series.h's RunSlot::position).
  std::optional<int> position;

  /// The program ran and exited 0.
  bool succeeded() const { return exit_code == 0 && failure == LaunchFailure::kNone; }
};

/// The unit of a metric, which decides how it is printed and whether it may be fractional.
enum class MetricUnit { kSeconds, kBytes, kCount };

/// One number measured in one run.
struct Metric {
  std::string name;
  double value = 0;
  MetricUnit unit = MetricUnit::kCount;
};

/// The metrics of a run, in a fixed order: real, user, sys (seconds), maxrss (bytes), then
/// every event that has a value, in the order requested (seconds for the clocks, counts
/// otherwise). The one list results files, summaries and reports are made from.
std::vector<Metric> MetricsOf(const Measurement& run);

}  // namespace timeit
