#pragma once

#include <optional>
#include <span>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/measure/measurement.h"
#include "timeit/measure/series.h"

/// The primary metric of a series, and when an adaptive series (--target-rmad) stops.
namespace timeit {

/// The metric whose precision an adaptive series aims at and the warnings judge.
enum class PrimaryMetric {
  /// The kernel's task-clock: CPU time at nanosecond resolution, the least noisy clock.
  kTaskClock,
  /// rusage user time, where task-clock was not counted.
  kUser,
};
/// "task-clock", "user": the series record's words (the metrics' own names).
inline constexpr Spellings<PrimaryMetric, 2> kPrimaryMetricSpellings = {{
    {"task-clock", PrimaryMetric::kTaskClock},
    {"user", PrimaryMetric::kUser},
}};

/// task-clock when every run that succeeded, of every command, counted it (in any spelling
/// IsTaskClock knows), and at least one did; user otherwise. One metric for all commands,
/// so that they are judged alike.
PrimaryMetric PrimaryMetricOf(std::span<const std::vector<Measurement>> runs);

/// The metric's value in every run that succeeded, in order, and the index in `runs` of each.
struct PrimaryValues {
  std::vector<double> values;
  std::vector<size_t> run_indices;
};
PrimaryValues PrimaryValuesOf(std::span<const Measurement> runs, PrimaryMetric metric);

/// Whether an adaptive series stops after a round, given the measured runs of each command
/// so far (one per command per round): kTargetMet when every command has at least
/// plan.min_runs successful runs and a relative MAD (stats::RelativeMad) of the primary
/// metric of at most plan.target_rmad_percent; else kMaxRuns once plan.max_runs rounds are
/// made; else kMaxTime when another round, as long as the mean round so far, would take the
/// wall time of all measured runs past plan.max_seconds; else nullopt (go on).
std::optional<SeriesStop> AdaptiveStop(const AdaptivePlan& plan, std::span<const std::vector<Measurement>> runs);

}  // namespace timeit
