#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/measure/measurement.h"
#include "timeit/stats/aggregate.h"

namespace timeit {

/// Which figure goes on the summary's `user` line, the one litsupport reads as exec_time.
enum class UserTimeSource {
  /// wait4 rusage user time, as tools/timeit.c reports.
  kRusage,
  /// The kernel's task-clock (user + system CPU time), as the test-suite's perf wrapper
  /// (timeit.sh) reported; rusage user + sys when task-clock was not counted.
  kTaskClock,
};

inline constexpr Spellings<UserTimeSource, 2> kUserTimeSourceSpellings = {{
    {"rusage", UserTimeSource::kRusage},
    {"task-clock", UserTimeSource::kTaskClock},
}};

/// One extra summary line: an event that was counted.
struct SummaryCounter {
  std::string name;
  double value = 0;
  /// Seconds, printed with 4 decimals; otherwise a count, printed as an integer.
  bool is_time = false;
};

/// The figures a summary shows: one run's, or an aggregate of several.
struct SummaryValues {
  int exit_code = 0;
  double real = 0;
  double user = 0;
  double sys = 0;
  uint64_t maxrss = 0;
  std::vector<SummaryCounter> counters;
};

/// One summary for a series of runs: every figure aggregated on its own over the runs
/// that have it (a counter that was not counted in some run is aggregated over the
/// others), exit the first non-zero exit code, or 0.
SummaryValues AggregateSummaries(std::span<const SummaryValues> runs, stats::Aggregate aggregate);

struct SummaryOptions {
  /// Add the `maxrss` line (bytes), as --report-maxrss does upstream.
  bool report_maxrss = false;
  UserTimeSource user_time = UserTimeSource::kRusage;
};

/// The figures of one run, with the `user` line chosen by `user_time`.
SummaryValues SummaryValuesOf(const Measurement& run, UserTimeSource user_time);

/// The summary file, byte for byte as tools/timeit.c writes it (`exit`, `real`, `user`,
/// `sys`, optional `maxrss`), followed by one line per counted event. No extra line starts
/// with `user` or `maxrss`: litsupport requires exactly one of each.
std::string FormatSummary(const SummaryValues& values, const SummaryOptions& options);

/// The event a summary's counter line named `name` reports, undoing the prefix FormatSummary
/// gives a counter that would shadow a fixed line: "perf::user_time" -> "user_time";
/// "task-clock" and "perf::cycles" stay as they are.
std::string EventOfSummaryName(std::string_view name);

/// The stderr report when there is no --summary: tools/timeit.c's one-line default
/// (with maxrss if asked) or, with `posix`, its three-line -p layout.
std::string FormatStderrReport(const SummaryValues& values, const SummaryOptions& options, bool posix);

/// A perf stat-like listing of every requested event (for -v): value, name, and
/// `<not supported>` / `<not counted>` / the share of time it ran when multiplexed.
std::string FormatCounterReport(const CounterResults& counters);

}  // namespace timeit
