#include "timeit/measure/adaptive.h"

#include <algorithm>
#include <cmath>

#include "timeit/measure/generic_events.h"
#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

std::optional<double> TaskClockOf(const Measurement& run) {
  for (const CounterReading& reading : run.counters.readings) {
    if (reading.has_value() && IsTaskClock(reading.event)) return reading.metric_value();
  }
  return std::nullopt;
}

}  // namespace

PrimaryMetric PrimaryMetricOf(std::span<const std::vector<Measurement>> runs) {
  bool any = false;
  for (const std::vector<Measurement>& command_runs : runs) {
    for (const Measurement& run : command_runs) {
      if (!run.succeeded()) continue;
      if (!TaskClockOf(run)) return PrimaryMetric::kUser;
      any = true;
    }
  }
  return any ? PrimaryMetric::kTaskClock : PrimaryMetric::kUser;
}

PrimaryValues PrimaryValuesOf(std::span<const Measurement> runs, PrimaryMetric metric) {
  PrimaryValues primary;
  for (size_t i = 0; i < runs.size(); ++i) {
    if (!runs[i].succeeded()) continue;
    std::optional<double> value =
        metric == PrimaryMetric::kTaskClock ? TaskClockOf(runs[i]) : std::optional<double>(runs[i].user_seconds);
    if (!value) continue;
    primary.values.push_back(*value);
    primary.run_indices.push_back(i);
  }
  return primary;
}

std::optional<SeriesStop> AdaptiveStop(const AdaptivePlan& plan, std::span<const std::vector<Measurement>> runs) {
  PrimaryMetric metric = PrimaryMetricOf(runs);
  bool met = !runs.empty();
  size_t rounds = 0;
  double seconds = 0;
  for (const std::vector<Measurement>& command_runs : runs) {
    rounds = std::max(rounds, command_runs.size());
    for (const Measurement& run : command_runs) seconds += run.real_seconds;
    PrimaryValues primary = PrimaryValuesOf(command_runs, metric);
    double rmad = stats::RelativeMad(primary.values);
    // (NaN, for a median of 0, is never at most the target.)
    met = met && static_cast<int>(primary.values.size()) >= plan.min_runs && rmad <= plan.target_rmad_percent;
  }
  if (met) return SeriesStop::kTargetMet;
  if (static_cast<int>(rounds) >= plan.max_runs) return SeriesStop::kMaxRuns;
  if (rounds > 0 && seconds + seconds / static_cast<double>(rounds) > plan.max_seconds) return SeriesStop::kMaxTime;
  return std::nullopt;
}

}  // namespace timeit
