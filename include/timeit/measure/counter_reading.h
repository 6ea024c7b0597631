#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "timeit/base/spellings.h"

namespace timeit {

/// What became of one requested event in one run, with perf stat's vocabulary.
enum class CounterStatus {
  /// Ran for the whole time it was enabled: the value is exact.
  kCounted,
  /// Shared the PMU with other events (time_running < time_enabled): the value is
  /// extrapolated as raw * enabled / running.
  kMultiplexed,
  /// Opened, but never ran (time_running == 0): there is no value ("<not counted>").
  kNotCounted,
  /// perf_event_open refused it on this machine ("<not supported>").
  kNotSupported,
};

inline constexpr Spellings<CounterStatus, 4> kCounterStatusSpellings = {{
    {"counted", CounterStatus::kCounted},
    {"multiplexed", CounterStatus::kMultiplexed},
    {"not-counted", CounterStatus::kNotCounted},
    {"not-supported", CounterStatus::kNotSupported},
}};

/// "counted", "multiplexed", "not-counted", "not-supported": the spelling in results files.
constexpr std::string_view CounterStatusName(CounterStatus status) {
  return SpellingOf(kCounterStatusSpellings, status);
}

/// One event's outcome for one run.
struct CounterReading {
  /// The event as the user spelled it (`cycles`, `instructions:u`, `perf::task-clock`).
  std::string event;
  CounterStatus status = CounterStatus::kNotSupported;
  /// The kernel's count before scaling.
  uint64_t raw = 0;
  /// Nanoseconds the event was enabled / actually on the PMU. For per-task events both
  /// only advance while the task runs, so neither is wall time.
  uint64_t time_enabled = 0;
  uint64_t time_running = 0;
  /// The count after multiplex scaling (equal to `raw` when kCounted).
  double scaled = 0;
  /// The event measures time in nanoseconds (task-clock, cpu-clock) rather than a count.
  bool is_time = false;
  /// EACCES made us retry without kernel and hypervisor counts: user space only.
  bool user_only = false;
  /// Why it is not supported, e.g. "perf_event_open: No such file or directory".
  std::string error;

  /// Whether the reading has a usable value (kCounted or kMultiplexed).
  bool has_value() const { return status == CounterStatus::kCounted || status == CounterStatus::kMultiplexed; }
  /// The value in the unit results use: seconds for time events, the count otherwise.
  double metric_value() const { return is_time ? scaled / 1e9 : scaled; }
};

/// Everything the counter backend learnt about one run.
struct CounterResults {
  /// "perf_event", "none" or "fake".
  std::string backend;
  /// False when perf events could not be had at all; then only rusage and the wall clock
  /// measured the run, and `unavailable_reason` says why.
  bool available = false;
  std::string unavailable_reason;
  /// One entry per requested event, in the order requested.
  std::vector<CounterReading> readings;

  /// The reading for `event`, or nullptr.
  const CounterReading* Find(std::string_view event) const;
};

}  // namespace timeit
