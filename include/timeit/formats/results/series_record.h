#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "timeit/formats/results/results_file.h"
#include "timeit/measure/adaptive.h"
#include "timeit/measure/host_info.h"
#include "timeit/measure/series.h"

namespace timeit {

/// What a series was, as the line {"series": {...}} a timeit adds to each results file it
/// wrote runs to, once, when the series ends (results_schema.h). A reader of runs never
/// needs it: it says how they were made.
struct SeriesRecord {
  /// A benchmark of the series whose runs went to this file.
  struct Benchmark {
    std::string name;
    /// Measured runs made, failed ones too.
    size_t runs = 0;
    /// The relative MAD of the primary metric over the runs that succeeded, in percent; NaN
    /// (null in the file) when it has none (no such run, or a median of 0).
    double rmad = 0;
  };
  /// A warning about the series (series_warnings.h): the benchmark it is about, if it is
  /// about one, its kind's word and its message.
  struct Warning {
    std::optional<std::string> benchmark;
    std::string kind;
    std::string message;
  };

  /// In the order the commands were given.
  std::vector<Benchmark> benchmarks;
  RunOrder order = RunOrder::kAbba;
  /// The seed of everything the series drew at random (a random order, environment
  /// offsets): with --seed it replays them.
  uint64_t seed = 0;
  /// What timeit controlled about every run: --cpu (empty: not pinned), --no-aslr and
  /// --env-offset.
  std::vector<int> cpus;
  bool aslr_disabled = false;
  bool env_offset = false;
  SeriesStop stopped = SeriesStop::kPlanned;
  /// --target-rmad, if given.
  std::optional<double> target_rmad;
  PrimaryMetric primary_metric = PrimaryMetric::kTaskClock;
  /// The 1, 5 and 15 minute load averages before the first run and after the last.
  std::optional<std::array<double, 3>> load_average_start;
  std::optional<std::array<double, 3>> load_average_end;
  std::vector<Warning> warnings;
  /// The machine as it was when the series ended.
  HostInfo host;
};

/// Adds `record` as one line at the end of the results file at `path`, as AppendRuns adds
/// runs (results_file.h): one write under the lock, a header for `record.host` first if the
/// file has none, the same errors.
void AppendSeriesRecord(const std::string& path, const SeriesRecord& record, const LockWait& wait);

}  // namespace timeit
