#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "timeit/hodges_lehmann.h"
#include "timeit/lnt_policy.h"
#include "timeit/mann_whitney.h"
#include "timeit/p_adjust.h"
#include "timeit/results_reader.h"

/// Comparing two sides (base, new) of pooled results, benchmark by benchmark and metric
/// by metric. Pure: samples in, rows out.
namespace timeit {

/// Which rules decide a row's verdict.
enum class ComparePolicy {
  /// Mann-Whitney p (adjusted across rows) below alpha and a Hodges-Lehmann change beyond
  /// the threshold.
  kDefault,
  /// LNT's own rules (lnt_policy.h), for verdicts identical to LNT's.
  kLnt,
};

struct CompareSettings {
  /// Metrics to compare; empty means task-clock where both sides have it, else user.
  std::vector<std::string> metrics;
  /// Significance level of the (adjusted) p-value.
  double alpha = 0.05;
  /// The smallest relative change worth reporting (0.01 = 1%).
  double threshold = 0.01;
  stats::PAdjustMethod correction = stats::PAdjustMethod::kBenjaminiHochberg;
  ComparePolicy policy = ComparePolicy::kDefault;
  /// Confidence of the Hodges-Lehmann and geometric-mean intervals.
  double confidence = 0.95;
};

enum class Verdict {
  kRegressed,
  kImproved,
  kUnchanged,
  /// No p-value below alpha is attainable with this many runs (3 vs 3 can never reach 0.05).
  kTooFewRuns,
  /// A side has no successful run with this metric (every run failed, or it was not measured).
  kNoData,
  /// The benchmark exists only in the new results.
  kAdded,
  /// The benchmark exists only in the base results.
  kRemoved,
};

/// "regressed", "improved", "unchanged", "too few runs", "no data", "added", "removed".
std::string_view VerdictName(Verdict verdict);

/// One side of one row.
struct SideSummary {
  /// Successful runs with the metric, and failed runs of the benchmark (not included).
  size_t n = 0;
  size_t failed = 0;
  double min = 0;
  double median = 0;
  /// Raw median absolute deviation: median(|x - median(x)|), unscaled.
  double mad = 0;
};

struct ComparisonRow {
  std::string benchmark;
  /// Empty for added/removed benchmarks.
  std::string metric;
  Verdict verdict = Verdict::kUnchanged;
  SideSummary base;
  SideSummary candidate;
  /// new / base - 1 of the minimum and of the median; NaN where undefined.
  double min_change = 0;
  double median_change = 0;
  /// The test, where both sides have data.
  std::optional<stats::MannWhitneyResult> test;
  /// The p-value after the correction across rows; NaN without a test.
  double p_adjusted = 0;
  /// Hodges-Lehmann estimate of new / base with its confidence interval.
  stats::RatioEstimate ratio;
  /// LNT's figures, with --policy lnt.
  std::optional<lnt::Comparison> lnt;
};

struct GeomeanRow {
  std::string metric;
  size_t benchmarks = 0;
  double ratio = 0;
  double lower = 0;
  double upper = 0;
};

struct ComparisonReport {
  CompareSettings settings;
  /// Sorted by effect size, largest |log ratio| first; rows without a ratio last.
  std::vector<ComparisonRow> rows;
  /// One per metric compared: geometric mean of the rows' Hodges-Lehmann ratios with a
  /// bootstrap interval over benchmarks.
  std::vector<GeomeanRow> geomeans;

  bool any_regressed() const;
};

/// Compares every benchmark of `base` with the one of the same name in `candidate`.
/// Throws a usage Error for a metric neither side has, listing the metrics they do have.
ComparisonReport Compare(const SampleSet& base, const SampleSet& candidate, const CompareSettings& settings);

}  // namespace timeit
