#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/compare/findings.h"
#include "timeit/compare/host_differences.h"
#include "timeit/compare/lnt_policy.h"
#include "timeit/compare/work_change.h"
#include "timeit/samples/samples.h"
#include "timeit/stats/histogram.h"
#include "timeit/stats/mann_whitney.h"
#include "timeit/stats/p_adjust.h"

/// Comparing two sides (base, new) of pooled results, benchmark by benchmark and metric
/// by metric. Pure: samples in, rows out.
namespace timeit {

/// Which rules decide a row's verdict.
enum class ComparePolicy {
  /// Mann-Whitney p corrected within the metric's family, and a Hodges-Lehmann change
  /// beyond the threshold.
  kDefault,
  /// LNT's own rules (lnt_policy.h), for verdicts identical to LNT's.
  kLnt,
};

inline constexpr Spellings<ComparePolicy, 2> kComparePolicySpellings = {{
    {"default", ComparePolicy::kDefault},
    {"lnt", ComparePolicy::kLnt},
}};

/// "default", "lnt".
constexpr std::string_view ComparePolicyName(ComparePolicy policy) {
  return SpellingOf(kComparePolicySpellings, policy);
}

/// How the report's rows are ordered.
enum class RowOrder {
  /// Regressed, improved, unchanged, too few runs, no data, added, removed; each group by
  /// effect size, largest first.
  kVerdict,
  /// By effect size alone, largest first (rows without one last).
  kEffect,
  /// By benchmark name, then metric.
  kName,
  /// By raw p-value, smallest first (rows without one last).
  kPValue,
};

inline constexpr Spellings<RowOrder, 4> kRowOrderSpellings = {{
    {"verdict", RowOrder::kVerdict},
    {"effect", RowOrder::kEffect},
    {"name", RowOrder::kName},
    {"p", RowOrder::kPValue},
}};

/// "verdict", "effect", "name", "p": the spellings of the command line and the JSON report.
constexpr std::string_view RowOrderName(RowOrder order) { return SpellingOf(kRowOrderSpellings, order); }

struct CompareSettings {
  /// Metrics to compare; empty means the default of DefaultMetricCandidates().
  std::vector<std::string> metrics;
  /// Leave out benchmarks whose binary has the same single hash on both sides (the program
  /// did not change, so neither did its speed), as the test-suite's compare.py
  /// --filter-hash does. Benchmarks without a hash are kept, and so are those whose
  /// failed runs differ in number (a binary that fails now where it did not).
  bool filter_hash = false;
  /// Significance level of the corrected p-values.
  double alpha = 0.05;
  /// The smallest relative change worth reporting (0.01 = 1%).
  double threshold = 0.01;
  /// The correction across the rows of one metric (each metric is its own family).
  stats::PAdjustMethod correction = stats::PAdjustMethod::kBenjaminiHochberg;
  /// The null distribution of the Mann-Whitney test.
  stats::MannWhitneyMethod method = stats::MannWhitneyMethod::kExact;
  ComparePolicy policy = ComparePolicy::kDefault;
  RowOrder order = RowOrder::kVerdict;
  /// Confidence of the geometric-mean intervals.
  double confidence = 0.95;
};

enum class Verdict {
  kRegressed,
  kImproved,
  kUnchanged,
  /// Even complete separation (every new run slower, or faster, than every base run) could
  /// not have been flagged with these run counts: its p would not clear the bar the
  /// correction set for one more row of the family beside those flagged.
  kTooFewRuns,
  /// A side has no successful run with this metric (every run failed, or it was not measured).
  kNoData,
  /// The benchmark exists only in the new results.
  kAdded,
  /// The benchmark exists only in the base results.
  kRemoved,
};

inline constexpr Spellings<Verdict, 7> kVerdictSpellings = {{
    {"regressed", Verdict::kRegressed},
    {"improved", Verdict::kImproved},
    {"unchanged", Verdict::kUnchanged},
    {"too few runs", Verdict::kTooFewRuns},
    {"no data", Verdict::kNoData},
    {"added", Verdict::kAdded},
    {"removed", Verdict::kRemoved},
}};

/// "regressed", "improved", "unchanged", "too few runs", "no data", "added", "removed".
constexpr std::string_view VerdictName(Verdict verdict) { return SpellingOf(kVerdictSpellings, verdict); }

/// Whether a row with `verdict` reports a change (regressed or improved): the rows a report
/// flags, counted as MetricFamily::flagged.
constexpr bool IsFlagged(Verdict verdict) { return verdict == Verdict::kRegressed || verdict == Verdict::kImproved; }

/// One side of one row.
struct SideSummary {
  /// Successful runs with the metric, and failed runs of the benchmark (not included).
  size_t n = 0;
  size_t failed = 0;
  double min = 0;
  double median = 0;
  /// Raw median absolute deviation: median(|x - median(x)|), unscaled.
  double mad = 0;
  /// The values stats::OutlierFlags flags (modified z-score beyond 3.5), in run order.
  /// Flagged only: every statistic of the row includes them.
  std::vector<double> outliers;
  /// The values of the n runs, in run order: what a picture of the row draws. A value is
  /// an outlier exactly when it equals one of `outliers` (the flag depends on the value
  /// alone, given the side). Empty for a side without the metric.
  std::vector<double> values;
};

/// Bins of a row's histogram, and the runs each side needs for one: with fewer, a picture
/// says nothing the numbers do not.
inline constexpr int kHistogramBins = 10;
inline constexpr size_t kHistogramMinRuns = 3;

/// Both sides of a row on one set of kHistogramBins log-spaced bins, from the smallest
/// positive value of either side to the largest: the same edges in both.
struct RowHistogram {
  stats::Histogram base;
  stats::Histogram candidate;
};

/// How a row's change is measured.
enum class EffectScale {
  /// Every value positive: the Hodges-Lehmann estimate of log(new) - log(base), reported
  /// as the ratio new / base.
  kRatio,
  /// Some value is 0 (counts such as cpu-migrations or major faults): the estimate of
  /// new - base in the metric's unit. The ratio is 1 + shift / median(base) where that
  /// median is positive; from a base median of 0 any non-zero shift counts as a change
  /// beyond every threshold, and no ratio is given.
  kDifference,
};

/// The estimated change of a row and what it could resolve.
struct Effect {
  EffectScale scale = EffectScale::kRatio;
  /// new / base with its interval; NaN where undefined (base median 0), and the ends NaN
  /// where the interval is unbounded: where the row's smallest p is not below the family's
  /// cut-off, so that the test can reject no shift (every "too few runs" row).
  double ratio = 0;
  double ratio_lower = 0;
  double ratio_upper = 0;
  /// new - base with its interval, in the metric's unit (kDifference only, else NaN).
  double shift = 0;
  double shift_lower = 0;
  double shift_upper = 0;
  /// Whether the interval excludes "no change". It agrees with the test: true exactly when
  /// p is below the family's cut-off. When an end of the interval is exactly "no change"
  /// and this is true, that end is open.
  bool excludes_no_change = false;
  /// The minimum detectable change: the relative change this row would flag in 80 % of
  /// nights at its noise, sizes and level. The interval's half-width (relative to the base
  /// median) is what it would flag half the time; scaled by (z(1 - c/2) + z(0.8)) /
  /// z(1 - c/2) for 80 %, and never less than the threshold. +inf when the interval is
  /// unbounded (no change is detectable); NaN where no ratio is defined.
  double detectable = 0;
  /// The same in the metric's unit (kDifference only, else NaN), without the threshold.
  double detectable_shift = 0;
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
  /// The smallest p this row could have given: that of complete separation at these run
  /// counts, or its own p if smaller (ties can go below it); NaN without a test.
  double smallest_p = 0;
  /// The p-value after the correction within the metric's family; NaN outside it.
  double p_adjusted = 0;
  /// The Hodges-Lehmann estimate and its interval at the family's level (default policy).
  Effect effect;
  /// LNT's figures, with --policy lnt.
  std::optional<lnt::Comparison> lnt;
  /// Of a row that regressed or improved: the work metrics of the benchmark that changed far
  /// more than its metric (FindWorkChanges), which makes the change likely the machine's,
  /// not the program's.
  std::vector<WorkChange> work_changes;
  /// Where each side has at least kHistogramMinRuns values.
  std::optional<RowHistogram> histogram;
};

/// One metric's correction family and what it allows (default policy).
struct MetricFamily {
  std::string metric;
  /// Rows with a test, and those of them in the family: rows whose smallest attainable p is
  /// below alpha (the others could never be flagged and would only dilute the correction).
  size_t tested = 0;
  size_t family = 0;
  /// Rows regressed or improved, and rows too few runs.
  size_t flagged = 0;
  size_t too_few = 0;
  /// The raw p a lone change needs in this family.
  double lone_change_p = 0;
  /// The raw-p cut-off the correction applied; intervals are at level 1 - cutoff.
  double cutoff = 0;
  /// The most frequent run counts among the tested rows, and the smallest p they can give.
  size_t common_base_runs = 0;
  size_t common_new_runs = 0;
  double common_smallest_p = 0;
  /// Whether those run counts can flag a lone change in this family at all: their smallest p
  /// is below lone_change_p.
  bool common_runs_suffice = false;
  /// The raw p a lone change needs once every tested row is in the family, as every one is
  /// when its runs suffice for a lone change (the family can be smaller, even empty, while
  /// rows have too few runs to reach alpha), and RunsPerSideForLoneChange(tested).
  double all_tested_lone_change_p = 0;
  size_t runs_needed = 0;
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
  /// In settings.order.
  std::vector<ComparisonRow> rows;
  /// One per metric compared, in the order metrics first appear (default policy).
  std::vector<MetricFamily> families;
  /// One per metric compared: geometric mean of the rows' ratios with a bootstrap interval
  /// over benchmarks.
  std::vector<GeomeanRow> geomeans;
  /// Benchmarks on both sides that settings.filter_hash left out.
  size_t same_hash_dropped = 0;
  /// How the sides' hosts differ (HostDifferences); the warned ones apply to every row.
  std::vector<HostDifference> host_differences;
  /// What no row's verdict says (FindingsOf), for every format to word.
  std::vector<Finding> findings;

  bool any_regressed() const;
  /// The rows whose verdict is `verdict`.
  size_t count(Verdict verdict) const;
  /// Benchmarks whose new runs failed (some or all) while none of their base runs did: a
  /// crash or a timeout the statistics of the surviving runs would not show.
  std::vector<std::string> newly_failing() const;
};

/// The relative change a row's verdict is judged on: new / base - 1 (LNT's change under
/// --policy lnt), +-inf for a change from a base median of 0, NaN without an estimate.
double JudgedChange(const ComparisonRow& row);

/// The metrics the default (CompareSettings::metrics empty) chooses from, in order of
/// preference: a reader need keep the values of no other. Each benchmark is compared on the
/// first that both sides have values of: task-clock (timeit's counter), else the time every
/// run of its kind of file records: user (timeit's files and summaries), exec_time (lit's
/// JSON), execution_time (LNT reports). With none in common, on the first of these per-file
/// times either side's files name at all (so a row of lit's JSON without data says
/// exec_time), user if none.
std::vector<std::string> DefaultMetricCandidates();

/// Throws a usage Error for the first metric of `wanted` not in `known` (the metrics the
/// results name), listing those they do name.
void CheckMetricsKnown(const std::set<std::string, std::less<>>& known, const std::vector<std::string>& wanted);

/// The metrics a reader must keep for a comparison on `metrics` (empty: the default): those,
/// or DefaultMetricCandidates(), and the work metrics (WorkMetricNames()).
std::vector<std::string> MetricsToKeep(const std::vector<std::string>& metrics);

/// The smallest number of runs per side (the same on both) at which a lone completely
/// separated change among `rows` tested rows of a metric would be flagged, every row having
/// that many runs: the smallest n whose SmallestPValue(n, n, settings.method) is below the
/// bar settings.correction sets at settings.alpha for the first row of a family of `rows`
/// (alpha / rows for Benjamini-Hochberg and Holm, alpha without correction). Every row is
/// then in the family (its smallest p is below that bar, so below alpha), or, tied so that
/// it cannot reach alpha, out of it, which only lowers the bar. 0 when no count up to a
/// million is enough. Under --method auto the count can be enough where the next is not
/// (SciPy's rule is exact up to 8 runs, approximate beyond): 8 then suffice among 141 rows,
/// 9 do not.
size_t RunsPerSideForLoneChange(size_t rows, const CompareSettings& settings);

/// Compares every benchmark of `base` with the one of the same name in `candidate`.
/// Throws a usage Error for a metric neither side has, listing the metrics they do have.
ComparisonReport Compare(const SampleSet& base, const SampleSet& candidate, const CompareSettings& settings);

}  // namespace timeit
