#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "timeit/samples/samples.h"
#include "timeit/stats/mann_whitney.h"

/// "The work changed, not the speed": what the kernel did on a program's behalf (its system
/// time, page faults, context switches, CPU migrations) is recorded beside the metric
/// compared, and when it changed far more than that metric, the metric's change is more
/// likely the machine's than the program's (huge pages zeroed for one side only, a busy
/// neighbour preempting the other).
namespace timeit {

/// What a work metric counts, for the sentence that explains it.
enum class WorkKind {
  /// `sys`: CPU time the kernel spent for the program.
  kSystemTime,
  /// `page-faults`, `minor-faults`, `major-faults`.
  kPageFaults,
  /// `context-switches`.
  kContextSwitches,
  /// `cpu-migrations`.
  kMigrations,
};

/// One work metric of a row that changed far more than the row's metric (WorkChangedFarMore).
struct WorkChange {
  WorkKind kind = WorkKind::kSystemTime;
  /// The metric as the files name it ("sys", "page-faults", "cs").
  std::string metric;
  double base_median = 0;
  double new_median = 0;
  /// RelativeMedianChange(base_median, new_median): -0.77 for 53 ms -> 12 ms.
  double change = 0;
  /// The raw two-sided Mann-Whitney p of its runs, with the comparison's method.
  double p = 0;
};

/// How much more than the metric compared a work metric must change: its change factor more
/// than the cube of the row's (3 times the row's change on a log scale), and its median by
/// more than 10 %.
inline constexpr double kWorkChangeFactor = 3;
inline constexpr double kWorkChangeFloor = 0.10;

/// Every name a work metric is read under (perf's aliases included: `cs`, `faults`,
/// `migrations`): what a reader must keep besides the metrics compared.
std::vector<std::string> WorkMetricNames();

/// (after - before) / before, a difference over the median, so that 10 -> 11 is the very
/// double 0.1 the rule is written with. 0 from 0 to 0, +inf from 0 to more: a count that
/// appears is a change beyond any.
double RelativeMedianChange(double before, double after);

/// The factor by which a median changed, whichever way: max / min of the two, so that a
/// halving and a doubling are both 2 (a relative change cannot fall below -100 %, so a
/// drop of 77 % would never be "3 times" one of 30 %). 1 from 0 to 0, +inf from 0 to more.
double ChangeFactor(double before, double after);

/// The rule: a work metric whose median went from work_base to work_new changed far more than
/// the row's metric, whose median went from row_base to row_new, when
///   ChangeFactor(work) > ChangeFactor(row)^kWorkChangeFactor (|log| more than 3 times),
///   |RelativeMedianChange(work)| > kWorkChangeFloor, and
///   its raw p < alpha.
/// Each bound is strict. A row whose median left 0 (an infinite factor) is never outdone.
bool WorkChangedFarMore(double row_base, double row_new, double work_base, double work_new, double p, double alpha);

/// The work metrics of one benchmark (its runs on each side) that changed far more than
/// `metric`, whose medians are row_base and row_new; the metric itself and its other
/// spellings are never among them. Where a work metric has two spellings, the first both
/// sides have values of is used. The test uses `method` at the work of the smallest tie
/// budget (stats::kMinTieWork), and runs only where the medians already qualify.
std::vector<WorkChange> FindWorkChanges(const BenchmarkSamples& base, const BenchmarkSamples& candidate,
                                        std::string_view metric, double row_base, double row_new,
                                        stats::MannWhitneyMethod method, double alpha);

}  // namespace timeit
