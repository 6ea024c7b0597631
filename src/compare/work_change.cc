#include "timeit/compare/work_change.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

// One work metric and the names the files may give it, preferred first (timeit writes an
// event under the name it was asked for, so `-e cs` gives `cs`).
struct WorkMetric {
  WorkKind kind;
  std::vector<std::string_view> spellings;
};

const std::vector<WorkMetric>& WorkMetrics() {
  static const std::vector<WorkMetric> metrics = {
      {WorkKind::kSystemTime, {"sys"}},
      {WorkKind::kPageFaults, {"page-faults", "faults"}},
      {WorkKind::kPageFaults, {"minor-faults"}},
      {WorkKind::kPageFaults, {"major-faults"}},
      {WorkKind::kContextSwitches, {"context-switches", "cs"}},
      {WorkKind::kMigrations, {"cpu-migrations", "migrations"}},
  };
  return metrics;
}

const std::vector<double>* Values(const BenchmarkSamples& samples, std::string_view metric) {
  auto it = samples.metrics.find(metric);
  return it == samples.metrics.end() || it->second.empty() ? nullptr : &it->second;
}

}  // namespace

std::vector<std::string> WorkMetricNames() {
  std::vector<std::string> names;
  for (const WorkMetric& metric : WorkMetrics())
    names.insert(names.end(), metric.spellings.begin(), metric.spellings.end());
  return names;
}

double RelativeMedianChange(double before, double after) {
  if (before == 0) return after == 0 ? 0 : std::numeric_limits<double>::infinity();
  return (after - before) / before;
}

double ChangeFactor(double before, double after) {
  double low = std::min(before, after);
  double high = std::max(before, after);
  if (low == 0) return high == 0 ? 1 : std::numeric_limits<double>::infinity();
  return high / low;
}

bool WorkChangedFarMore(double row_base, double row_new, double work_base, double work_new, double p, double alpha) {
  double row_factor = ChangeFactor(row_base, row_new);
  return ChangeFactor(work_base, work_new) > std::pow(row_factor, kWorkChangeFactor) &&
         std::fabs(RelativeMedianChange(work_base, work_new)) > kWorkChangeFloor && p < alpha;
}

std::vector<WorkChange> FindWorkChanges(const BenchmarkSamples& base, const BenchmarkSamples& candidate,
                                        std::string_view metric, double row_base, double row_new,
                                        stats::MannWhitneyMethod method, double alpha) {
  std::vector<WorkChange> changes;
  for (const WorkMetric& work : WorkMetrics()) {
    bool is_row_metric = false;
    for (std::string_view spelling : work.spellings) is_row_metric |= spelling == metric;
    if (is_row_metric) continue;
    for (std::string_view spelling : work.spellings) {
      const std::vector<double>* x = Values(base, spelling);
      const std::vector<double>* y = Values(candidate, spelling);
      if (!x || !y) continue;
      WorkChange change{work.kind, std::string(spelling), stats::Median(*x), stats::Median(*y), 0, 1};
      change.change = RelativeMedianChange(change.base_median, change.new_median);
      // The medians decide first: most work metrics stop here, before any test.
      if (WorkChangedFarMore(row_base, row_new, change.base_median, change.new_median, 0, alpha)) {
        stats::PooledRanks ranks = stats::RankPooled(*x, *y);
        change.p = stats::NullDistribution(ranks, method, stats::kMinTieWork).TwoSidedP(ranks.u2);
        if (WorkChangedFarMore(row_base, row_new, change.base_median, change.new_median, change.p, alpha)) {
          changes.push_back(std::move(change));
        }
      }
      break;
    }
  }
  return changes;
}

}  // namespace timeit
