#include "timeit/compare/comparison.h"

#include <algorithm>
#include <cmath>
#include <future>
#include <limits>
#include <map>
#include <set>
#include <thread>

#include "timeit/base/error.h"
#include "timeit/base/for_each_index.h"
#include "timeit/stats/geomean.h"
#include "timeit/stats/hodges_lehmann.h"
#include "timeit/stats/outliers.h"
#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// What Compare keeps of a row between its passes: the samples (owned by the SampleSets)
// and their pooled ranks, so the interval can invert the very test that gave the p-value.
struct RowSamples {
  /// The benchmark on each side, for the work metrics beside the row's.
  const BenchmarkSamples* base_benchmark = nullptr;
  const BenchmarkSamples* candidate_benchmark = nullptr;
  const std::vector<double>* base = nullptr;
  const std::vector<double>* candidate = nullptr;
  std::optional<stats::PooledRanks> ranks;
  /// The exact work this row's test may do with ties (the same for its p and its interval).
  double tie_work = stats::kDefaultTieWork;
};

// Exact work with ties a comparison may spend in all (a pass), about 8 s: a report of many
// tied rows gives each a share, but never less than what 50 x 50 needs.
constexpr double kTotalTieWork = 0x1p33;

const std::vector<double>* MetricValues(const BenchmarkSamples& samples, const std::string& metric) {
  auto it = samples.metrics.find(metric);
  return it == samples.metrics.end() || it->second.empty() ? nullptr : &it->second;
}

SideSummary Summarize(const BenchmarkSamples& samples, const std::vector<double>* values) {
  SideSummary side;
  side.failed = samples.failed_runs;
  if (!values) return side;
  side.n = values->size();
  side.min = stats::Min(*values);
  side.median = stats::Median(*values);
  side.mad = stats::MedianAbsoluteDeviation(*values);
  std::vector<bool> flags = stats::OutlierFlags(*values);
  for (size_t i = 0; i < flags.size(); ++i) {
    if (flags[i]) side.outliers.push_back((*values)[i]);
  }
  side.values = *values;
  return side;
}

double RelativeChange(double before, double after) { return before > 0 ? after / before - 1 : kNaN; }

Effect NoEffect() {
  Effect effect;
  effect.ratio = effect.ratio_lower = effect.ratio_upper = kNaN;
  effect.shift = effect.shift_lower = effect.shift_upper = kNaN;
  effect.detectable = effect.detectable_shift = kNaN;
  return effect;
}

// How far from "no change" a row is, for ordering: |log(new / base)|.
double EffectMagnitude(const ComparisonRow& row) { return std::fabs(std::log1p(JudgedChange(row))); }

// How much larger than the interval's half-width a change must be to be flagged in 80 % of
// nights, the usual power of a minimum detectable effect: the half-width is z(1 - c/2)
// standard errors of the estimate, the change z(1 - c/2) + z(0.8) of them (the estimate
// taken as roughly normal). 1.29 at c = 0.0042 (12 benchmarks), 1.20 at c = 2.5e-5.
double PowerScale(double cutoff) {
  double z = stats::NormalIsf(cutoff / 2);
  return std::isfinite(z) && z > 0 ? 1 + stats::NormalIsf(0.2) / z : 1;
}

// The Hodges-Lehmann estimate and the interval that inverts the row's test at `cutoff`.
Effect MeasureEffect(const RowSamples& samples, const ComparisonRow& row, const CompareSettings& settings,
                     double cutoff) {
  const std::vector<double>& x = *samples.base;
  const std::vector<double>& y = *samples.candidate;
  auto positive = [](const std::vector<double>& values) {
    return std::all_of(values.begin(), values.end(), [](double v) { return v > 0; });
  };
  Effect effect = NoEffect();
  effect.scale = positive(x) && positive(y) ? EffectScale::kRatio : EffectScale::kDifference;
  stats::HodgesLehmann pairs(
      x, y,
      effect.scale == EffectScale::kRatio ? stats::HodgesLehmann::Scale::kLog : stats::HodgesLehmann::Scale::kLinear);
  // A row whose smallest attainable p is not below the cut-off rejects no shift at this
  // level: its interval is the whole line.
  stats::ShiftInterval interval = pairs.Interval(stats::IntervalReach(
      stats::NullDistribution(*samples.ranks, settings.method, samples.tie_work), samples.ranks->u2, cutoff));
  double estimate = pairs.Estimate() + 0.0;                   // never -0
  double half_width = (interval.upper - interval.lower) / 2;  // +inf when unbounded
  double reach = half_width * PowerScale(cutoff);
  bool bounded = std::isfinite(half_width);
  effect.excludes_no_change = row.test->p_value < cutoff;
  if (effect.scale == EffectScale::kRatio) {
    effect.ratio = std::exp(estimate);
    if (bounded) {
      effect.ratio_lower = std::exp(interval.lower);
      effect.ratio_upper = std::exp(interval.upper);
    }
    effect.detectable = std::max(settings.threshold, std::expm1(reach));
    return effect;
  }
  effect.shift = estimate;
  if (bounded) {
    effect.shift_lower = interval.lower;
    effect.shift_upper = interval.upper;
  }
  effect.detectable_shift = reach;
  double baseline = row.base.median;
  if (baseline > 0) {
    effect.ratio = 1 + estimate / baseline;
    if (bounded) {
      effect.ratio_lower = 1 + interval.lower / baseline;
      effect.ratio_upper = 1 + interval.upper / baseline;
    }
    effect.detectable = std::max(settings.threshold, reach / baseline);
  }
  return effect;
}

// task-clock (user + sys CPU time from the kernel) is the least noisy time there is; where
// a side could not count it, each kind of file has one time every run records: user time
// (what litsupport reports), lit's exec_time (the sum of user over a test's runs), LNT's
// execution_time.
constexpr const char* kPreferredMetric = "task-clock";
constexpr const char* kPerFileMetrics[] = {"user", "exec_time", "execution_time"};

/// The default's choice for each benchmark (DefaultMetricCandidates() says the rule).
class DefaultMetric {
 public:
  DefaultMetric(const SampleSet& base, const SampleSet& candidate) {
    for (const char* metric : kPerFileMetrics) {
      if (base.metric_names().count(metric) || candidate.metric_names().count(metric)) {
        fallback_ = metric;
        break;
      }
    }
  }

  std::vector<std::string> For(const BenchmarkSamples& base, const BenchmarkSamples& candidate) const {
    for (const std::string& metric : DefaultMetricCandidates()) {
      if (MetricValues(base, metric) && MetricValues(candidate, metric)) return {metric};
    }
    return {fallback_};
  }

 private:
  std::string fallback_ = kPerFileMetrics[0];
};

}  // namespace

void CheckMetricsKnown(const std::set<std::string, std::less<>>& known, const std::vector<std::string>& wanted) {
  for (const std::string& metric : wanted) {
    if (known.count(metric)) continue;
    std::string list;
    for (const std::string& name : known) list += (list.empty() ? "" : ", ") + name;
    throw Error(ErrorKind::kUsage,
                "unknown metric '" + metric + "'; the results have: " + (list.empty() ? std::string("none") : list));
  }
}

std::vector<std::string> DefaultMetricCandidates() {
  std::vector<std::string> candidates = {kPreferredMetric};
  candidates.insert(candidates.end(), std::begin(kPerFileMetrics), std::end(kPerFileMetrics));
  return candidates;
}

namespace {

void CheckMetricsExist(const SampleSet& base, const SampleSet& candidate, const std::vector<std::string>& wanted) {
  std::set<std::string, std::less<>> known;
  for (const SampleSet* side : {&base, &candidate}) {
    for (const BenchmarkSamples& benchmark : side->benchmarks()) {
      for (const auto& [metric, values] : benchmark.metrics) known.insert(metric);
    }
    known.insert(side->metric_names().begin(), side->metric_names().end());
  }
  CheckMetricsKnown(known, wanted);
}

// A row with nothing to compare: the benchmark is on one side only.
ComparisonRow OneSidedRow(const BenchmarkSamples& samples, Verdict verdict) {
  ComparisonRow row;
  row.benchmark = samples.name;
  row.verdict = verdict;
  SideSummary& side = verdict == Verdict::kRemoved ? row.base : row.candidate;
  side.n = samples.runs - samples.failed_runs;
  side.failed = samples.failed_runs;
  side.min = side.median = side.mad = kNaN;  // no metric was chosen for it
  row.p_adjusted = row.min_change = row.median_change = row.smallest_p = kNaN;
  row.effect = NoEffect();
  return row;
}

Verdict LntVerdict(lnt::Status status) {
  switch (status) {
    case lnt::Status::kRegressed:
      return Verdict::kRegressed;
    case lnt::Status::kImproved:
      return Verdict::kImproved;
    case lnt::Status::kUnchanged:
      return Verdict::kUnchanged;
  }
  return Verdict::kUnchanged;
}

// One row of a benchmark present on both sides: summaries, and the test (default policy)
// or LNT's comparison. The verdict of a tested row is decided later, within its family.
ComparisonRow TwoSidedRow(const BenchmarkSamples& before, const BenchmarkSamples& after, const std::string& metric,
                          const CompareSettings& settings, RowSamples& samples) {
  ComparisonRow row;
  row.benchmark = before.name;
  row.metric = metric;
  samples.base_benchmark = &before;
  samples.candidate_benchmark = &after;
  samples.base = MetricValues(before, metric);
  samples.candidate = MetricValues(after, metric);
  row.base = Summarize(before, samples.base);
  row.candidate = Summarize(after, samples.candidate);
  row.p_adjusted = row.smallest_p = kNaN;
  row.effect = NoEffect();
  if (!samples.base || !samples.candidate) {
    row.verdict = Verdict::kNoData;
    row.min_change = row.median_change = kNaN;
    return row;
  }
  row.min_change = RelativeChange(row.base.min, row.candidate.min);
  row.median_change = RelativeChange(row.base.median, row.candidate.median);
  if (settings.policy == ComparePolicy::kLnt) {
    row.lnt = lnt::Compare(*samples.candidate, *samples.base, settings.alpha);
    row.verdict = LntVerdict(row.lnt->status);
    return row;
  }
  samples.ranks = stats::RankPooled(*samples.base, *samples.candidate);
  return row;
}

// Rows are independent: judged on every core once there are enough of them.
template <typename Body>
void ForEachRow(size_t count, const Body& body) {
  ForEachIndex(count, 512, body);
}

// The test of every row with ranks. Rows with ties share the exact work budget.
void TestRows(std::vector<ComparisonRow>& rows, std::vector<RowSamples>& samples, const CompareSettings& settings) {
  size_t tied = 0;
  for (const RowSamples& row : samples) tied += row.ranks && row.ranks->has_ties ? 1 : 0;
  double tie_work = std::clamp(kTotalTieWork / static_cast<double>(std::max<size_t>(tied, 1)), stats::kMinTieWork,
                               stats::kDefaultTieWork);
  ForEachRow(rows.size(), [&](size_t i) {
    if (!samples[i].ranks) return;
    const stats::PooledRanks& ranks = *samples[i].ranks;
    samples[i].tie_work = tie_work;
    stats::UNullDistribution null = stats::NullDistribution(ranks, settings.method, tie_work);
    ComparisonRow& row = rows[i];
    row.test = stats::MannWhitneyResult{static_cast<double>(ranks.u2) / 2, null.TwoSidedP(ranks.u2), null.exact()};
    row.smallest_p = stats::SmallestAttainableP(null, ranks.u2);
  });
}

// Both sides on the same log-spaced bins, from the smallest positive value of either to the largest.
RowHistogram SharedHistogram(const std::vector<double>& base, const std::vector<double>& candidate) {
  double lo = 0;
  double hi = 0;
  for (const std::vector<double>* side : {&base, &candidate}) {
    for (double value : *side) {
      if (!(value > 0)) continue;
      lo = lo > 0 ? std::min(lo, value) : value;
      hi = std::max(hi, value);
    }
  }
  return {stats::LogHistogram(base, lo, hi, kHistogramBins), stats::LogHistogram(candidate, lo, hi, kHistogramBins)};
}

// What a judged row with data on both sides shows besides its test, whatever the policy:
// the shape of each side and, where it reports a change, the work metrics that changed far
// more. Only there: a row that reads unchanged claims nothing the work could explain, and
// each work metric's raw test errs at rate alpha.
void DescribeRows(std::vector<ComparisonRow>& rows, const std::vector<RowSamples>& samples,
                  const CompareSettings& settings) {
  ForEachRow(rows.size(), [&](size_t i) {
    const RowSamples& row_samples = samples[i];
    if (!row_samples.base || !row_samples.candidate) return;
    ComparisonRow& row = rows[i];
    if (row.base.n >= kHistogramMinRuns && row.candidate.n >= kHistogramMinRuns) {
      row.histogram = SharedHistogram(*row_samples.base, *row_samples.candidate);
    }
    if (row.verdict != Verdict::kRegressed && row.verdict != Verdict::kImproved) return;
    row.work_changes = FindWorkChanges(*row_samples.base_benchmark, *row_samples.candidate_benchmark, row.metric,
                                       row.base.median, row.candidate.median, settings.method, settings.alpha);
  });
}

// The most frequent (base runs, new runs) among the tested rows.
std::pair<size_t, size_t> CommonRunCounts(const std::vector<ComparisonRow>& rows, const std::vector<size_t>& tested) {
  std::map<std::pair<size_t, size_t>, size_t> counts;
  for (size_t i : tested) ++counts[{rows[i].base.n, rows[i].candidate.n}];
  std::pair<size_t, size_t> common{0, 0};
  size_t best = 0;
  for (const auto& [sizes, count] : counts) {
    if (count > best) {
      best = count;
      common = sizes;
    }
  }
  return common;
}

// Corrects the p-values of one metric's tested rows as one family, then measures each
// row's change at the level the correction applied and gives its verdict.
MetricFamily JudgeFamily(const std::string& metric, const std::vector<size_t>& tested, std::vector<ComparisonRow>& rows,
                         const std::vector<RowSamples>& samples, const CompareSettings& settings) {
  MetricFamily family;
  family.metric = metric;
  family.tested = tested.size();
  // Rows whose smallest attainable p is not below alpha could never be flagged; in the
  // family they would only raise the bar for the others.
  std::vector<double> p_values(tested.size(), kNaN);
  for (size_t k = 0; k < tested.size(); ++k) {
    const ComparisonRow& row = rows[tested[k]];
    if (row.smallest_p < settings.alpha) p_values[k] = row.test->p_value;
  }
  std::vector<double> adjusted = stats::AdjustPValues(p_values, settings.correction);
  stats::FamilyCutoffs cutoffs = stats::CorrectionCutoffs(p_values, settings.correction, settings.alpha);
  family.family = cutoffs.family;
  family.cutoff = cutoffs.cutoff;
  family.lone_change_p = stats::LoneChangeCutoff(cutoffs.family, settings.correction, settings.alpha);
  family.all_tested_lone_change_p = stats::LoneChangeCutoff(tested.size(), settings.correction, settings.alpha);

  ForEachRow(tested.size(), [&](size_t k) {
    ComparisonRow& row = rows[tested[k]];
    row.p_adjusted = adjusted[k];
    row.effect = MeasureEffect(samples[tested[k]], row, settings, cutoffs.cutoff);
  });
  for (size_t k = 0; k < tested.size(); ++k) {
    ComparisonRow& row = rows[tested[k]];
    bool in_family = !std::isnan(p_values[k]);
    bool significant = in_family && row.test->p_value < cutoffs.cutoff;
    double change = JudgedChange(row);
    if (significant && std::fabs(change) > settings.threshold) {
      row.verdict = change > 0 ? Verdict::kRegressed : Verdict::kImproved;
      ++family.flagged;
    } else if (!in_family || !(row.smallest_p < cutoffs.next_cutoff)) {
      row.verdict = Verdict::kTooFewRuns;
      ++family.too_few;
    } else {
      row.verdict = Verdict::kUnchanged;
    }
  }

  if (!tested.empty()) {
    auto [base_runs, new_runs] = CommonRunCounts(rows, tested);
    family.common_base_runs = base_runs;
    family.common_new_runs = new_runs;
    family.common_smallest_p = stats::SmallestPValue(base_runs, new_runs, settings.method);
    family.common_runs_suffice = family.common_smallest_p < family.lone_change_p;
  }
  // Not the family of today's runs: rows with too few runs to reach alpha, left out now,
  // join it once they have the runs advised, and raise the bar (12 rows of 2 runs form no
  // family, where 4 runs would be enough; with 4 runs each they form one of 12, which needs 6).
  family.runs_needed = RunsPerSideForLoneChange(tested.size(), settings);
  return family;
}

int VerdictRank(Verdict verdict) {
  switch (verdict) {
    case Verdict::kRegressed:
      return 0;
    case Verdict::kImproved:
      return 1;
    case Verdict::kUnchanged:
      return 2;
    case Verdict::kTooFewRuns:
      return 3;
    case Verdict::kNoData:
      return 4;
    case Verdict::kAdded:
      return 5;
    case Verdict::kRemoved:
      return 6;
  }
  return 7;
}

// Larger first, NaN last; 0 when equal.
int CompareDescending(double a, double b) {
  bool na = std::isnan(a), nb = std::isnan(b);
  if (na != nb) return na ? 1 : -1;
  if (na || a == b) return 0;
  return a > b ? -1 : 1;
}

void SortRows(std::vector<ComparisonRow>& rows, RowOrder order) {
  auto by_name = [](const ComparisonRow& a, const ComparisonRow& b) {
    return a.benchmark != b.benchmark ? a.benchmark < b.benchmark : a.metric < b.metric;
  };
  auto by_effect = [&](const ComparisonRow& a, const ComparisonRow& b) {
    int c = CompareDescending(EffectMagnitude(a), EffectMagnitude(b));
    return c != 0 ? c < 0 : by_name(a, b);
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const ComparisonRow& a, const ComparisonRow& b) {
    switch (order) {
      case RowOrder::kVerdict:
        if (VerdictRank(a.verdict) != VerdictRank(b.verdict)) return VerdictRank(a.verdict) < VerdictRank(b.verdict);
        return by_effect(a, b);
      case RowOrder::kEffect:
        return by_effect(a, b);
      case RowOrder::kName:
        return by_name(a, b);
      case RowOrder::kPValue: {
        double pa = a.test ? a.test->p_value : kNaN;
        double pb = b.test ? b.test->p_value : kNaN;
        int c = CompareDescending(-pa, -pb);
        return c != 0 ? c < 0 : by_effect(a, b);
      }
    }
    return false;
  });
}

std::vector<GeomeanRow> Geomeans(const std::vector<ComparisonRow>& rows, const std::vector<std::string>& metrics,
                                 double confidence) {
  std::vector<GeomeanRow> geomeans;
  for (const std::string& metric : metrics) {
    std::vector<double> ratios;
    for (const ComparisonRow& row : rows) {
      double ratio = row.lnt ? 1 + JudgedChange(row) : row.effect.ratio;
      if (row.metric == metric && std::isfinite(ratio) && ratio > 0) ratios.push_back(ratio);
    }
    if (ratios.empty()) continue;
    // The resamples on every core: a family of thousands of benchmarks takes 2,000 of them.
    stats::GeomeanEstimate geomean = stats::GeometricMeanRatio(
        ratios, confidence, stats::kGeomeanSeed, stats::kGeomeanResamples,
        [](size_t count, const std::function<void(size_t)>& body) { ForEachIndex(count, 64, body); });
    geomeans.push_back({metric, ratios.size(), geomean.estimate, geomean.lower, geomean.upper});
  }
  return geomeans;
}

// The rows of a comparison before they are judged, and what the later passes need.
struct RowsToJudge {
  std::vector<ComparisonRow> rows;
  /// One per row, in the same order; empty for a benchmark on one side only.
  std::vector<RowSamples> samples;
  /// The metrics compared, in the order they are first met: one family and one geomean each.
  std::vector<std::string> metrics;
  /// Benchmarks left out by CompareSettings::filter_hash.
  size_t same_hash_dropped = 0;
};

// Whether --filter-hash leaves the benchmark out: both sides name one and the same hash for
// its binary, and as many of its runs failed. The same binary can fail where it did not (a
// machine's state, a flaky input), and a failure must still reach --fail-on-regression.
bool SameBinaryAlike(const BenchmarkSamples& base, const BenchmarkSamples& candidate) {
  return base.hashes.size() == 1 && base.hashes == candidate.hashes && base.failed_runs == candidate.failed_runs;
}

// Each name once, in the order given (-m x -m x is one row, not two).
std::vector<std::string> Distinct(const std::vector<std::string>& names) {
  std::vector<std::string> distinct;
  for (const std::string& name : names) {
    if (std::find(distinct.begin(), distinct.end(), name) == distinct.end()) distinct.push_back(name);
  }
  return distinct;
}

// One row per benchmark of both sides and metric, in the base's order; then a row for each
// benchmark removed (in the base's order) or added (in the new side's).
RowsToJudge BuildRows(const SampleSet& base, const SampleSet& candidate, const CompareSettings& settings) {
  RowsToJudge compared;
  std::vector<std::string> wanted = Distinct(settings.metrics);
  DefaultMetric default_metric(base, candidate);
  for (const BenchmarkSamples& before : base.benchmarks()) {
    const BenchmarkSamples* after = candidate.Find(before.name);
    if (!after) {
      compared.rows.push_back(OneSidedRow(before, Verdict::kRemoved));
      compared.samples.emplace_back();
      continue;
    }
    if (settings.filter_hash && SameBinaryAlike(before, *after)) {
      ++compared.same_hash_dropped;
      continue;
    }
    for (const std::string& metric : settings.metrics.empty() ? default_metric.For(before, *after) : wanted) {
      if (std::find(compared.metrics.begin(), compared.metrics.end(), metric) == compared.metrics.end()) {
        compared.metrics.push_back(metric);
      }
      compared.samples.emplace_back();
      compared.rows.push_back(TwoSidedRow(before, *after, metric, settings, compared.samples.back()));
    }
  }
  for (const BenchmarkSamples& after : candidate.benchmarks()) {
    if (!base.Find(after.name)) {
      compared.rows.push_back(OneSidedRow(after, Verdict::kAdded));
      compared.samples.emplace_back();
    }
  }
  return compared;
}

// Each metric is its own family: a task-clock verdict must not depend on whether maxrss
// was compared too. Judges the tested rows of each, in place.
std::vector<MetricFamily> JudgeFamilies(RowsToJudge& compared, const CompareSettings& settings) {
  std::vector<MetricFamily> families;
  for (const std::string& metric : compared.metrics) {
    std::vector<size_t> tested;
    for (size_t i = 0; i < compared.rows.size(); ++i) {
      if (compared.rows[i].metric == metric && compared.rows[i].test) tested.push_back(i);
    }
    families.push_back(JudgeFamily(metric, tested, compared.rows, compared.samples, settings));
  }
  return families;
}

}  // namespace

double JudgedChange(const ComparisonRow& row) {
  if (row.lnt) return row.lnt->previous != 0 ? row.lnt->pct_delta : kNaN;
  const Effect& effect = row.effect;
  if (!std::isnan(effect.ratio)) return effect.ratio - 1;  // a ratio that overflowed is +inf
  if (effect.scale == EffectScale::kDifference && row.base.n > 0 && row.base.median == 0 &&
      std::isfinite(effect.shift)) {
    return effect.shift == 0 ? 0 : std::copysign(kInfinity, effect.shift);
  }
  return kNaN;
}

std::vector<std::string> ComparisonReport::newly_failing() const {
  std::vector<std::string> names;
  for (const ComparisonRow& row : rows) {
    bool both_sides = row.verdict != Verdict::kAdded && row.verdict != Verdict::kRemoved;
    if (both_sides && row.candidate.failed > 0 && row.base.failed == 0 &&
        std::find(names.begin(), names.end(), row.benchmark) == names.end()) {
      names.push_back(row.benchmark);
    }
  }
  return names;
}

bool ComparisonReport::any_regressed() const {
  return std::any_of(rows.begin(), rows.end(),
                     [](const ComparisonRow& row) { return row.verdict == Verdict::kRegressed; });
}

size_t ComparisonReport::count(Verdict verdict) const {
  return static_cast<size_t>(
      std::count_if(rows.begin(), rows.end(), [&](const ComparisonRow& row) { return row.verdict == verdict; }));
}

std::vector<std::string> MetricsToKeep(const std::vector<std::string>& metrics) {
  std::vector<std::string> kept = metrics.empty() ? DefaultMetricCandidates() : metrics;
  for (std::string& name : WorkMetricNames()) {
    if (std::find(kept.begin(), kept.end(), name) == kept.end()) kept.push_back(std::move(name));
  }
  return kept;
}

size_t RunsPerSideForLoneChange(size_t rows, const CompareSettings& settings) {
  double needed = stats::LoneChangeCutoff(rows, settings.correction, settings.alpha);
  for (size_t n = 1; n <= 1000000; n = n < 64 ? n + 1 : n + n / 8) {
    if (stats::SmallestPValue(n, n, settings.method) < needed) {
      // Refine a coarse step down to the first size that suffices.
      size_t first = n;
      while (first > 1 && stats::SmallestPValue(first - 1, first - 1, settings.method) < needed) --first;
      return first;
    }
  }
  return 0;
}

ComparisonReport Compare(const SampleSet& base, const SampleSet& candidate, const CompareSettings& settings) {
  CheckMetricsExist(base, candidate, settings.metrics);
  ComparisonReport report;
  report.settings = settings;
  report.host_differences = HostDifferences(base.provenance(), candidate.provenance());
  RowsToJudge compared = BuildRows(base, candidate, settings);
  if (settings.policy == ComparePolicy::kDefault) {
    TestRows(compared.rows, compared.samples, settings);
    report.families = JudgeFamilies(compared, settings);
  }
  DescribeRows(compared.rows, compared.samples, settings);
  report.geomeans = Geomeans(compared.rows, compared.metrics, settings.confidence);
  report.same_hash_dropped = compared.same_hash_dropped;
  report.rows = std::move(compared.rows);
  SortRows(report.rows, settings.order);
  report.findings = FindingsOf(report);  // the rows in their final order: examples are the first shown
  return report;
}

}  // namespace timeit
