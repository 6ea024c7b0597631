#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/measure/measurement.h"

/// What makes a series' numbers less trustworthy than they look, judged from its runs and
/// the machine: warnings, never changes to the data.
namespace timeit {

enum class WarningKind {
  kFirstRunSlow,  // the first run was far slower than the rest
  kTooShort,      // runs barely longer than reading the clock
  kMultiplexed,   // counters shared the PMU, and their counts are estimates
  kLoaded,        // the machine's load average was high
  kGovernor,      // the CPU frequency governor is not "performance"
  kWaiting,       // wall time far above CPU time
  kOutliers,      // runs far from the others in the primary metric
};
/// The series record's words.
inline constexpr Spellings<WarningKind, 7> kWarningKindSpellings = {{
    {"first-run-slow", WarningKind::kFirstRunSlow},
    {"too-short", WarningKind::kTooShort},
    {"multiplexed", WarningKind::kMultiplexed},
    {"loaded", WarningKind::kLoaded},
    {"governor", WarningKind::kGovernor},
    {"waiting", WarningKind::kWaiting},
    {"outliers", WarningKind::kOutliers},
}};

struct SeriesWarning {
  WarningKind kind = WarningKind::kOutliers;
  /// The command it is about (an index into the series' commands), or none for the machine.
  std::optional<int> command;
  /// One sentence, without the command's name: what was seen and what it means.
  std::string message;
};

/// The machine's side of the judgement.
struct MachineConditions {
  /// cpufreq's governors, comma-separated when CPUs differ (HostInfo::cpu_governor).
  std::optional<std::string> cpu_governor;
  long cpu_count = 0;
  /// The 1, 5 and 15 minute load averages before the first run and after the last.
  std::optional<std::array<double, 3>> load_start;
  std::optional<std::array<double, 3>> load_end;
  /// Seconds one read of the clock takes (ClockReadLatencySeconds).
  std::optional<double> clock_latency_seconds;
};

/// The warnings about a series: `runs` are the measured runs of each command. Per command,
/// over its successful runs, in this order:
/// - first-run-slow: 3 runs or more, and the first run succeeded with a primary metric
///   (adaptive.h) whose modified z-score (stats/outliers.h) is above 3.5 and which is at least
///   10 % above the median of the others;
/// - too-short: the median wall time is below 100 reads of the clock;
/// - multiplexed: an event ran less than all the time it was enabled in some run (any run:
///   the counts of a failed run are scaled too); says the least coverage, its event and run;
/// - waiting: the median wall time is above 1.5 times the median CPU time and at least 5 ms
///   above it; CPU time is task-clock when it is the primary metric, else user + sys;
/// - outliers: the runs whose primary metric is flagged (stats::OutlierFlags), by number
///   from 1 among the command's runs.
/// Then, about the machine: loaded (the 1-minute load average at the start or the end is
/// above half the CPUs), governor (one that is known and not "performance").
std::vector<SeriesWarning> SeriesWarnings(std::span<const std::vector<Measurement>> runs,
                                          const MachineConditions& machine);

}  // namespace timeit
