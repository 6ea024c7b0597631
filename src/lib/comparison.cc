#include "timeit/comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "timeit/error.h"
#include "timeit/geomean.h"
#include "timeit/statistics.h"

namespace timeit {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

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
  return side;
}

double RelativeChange(double before, double after) { return before > 0 ? after / before - 1 : kNaN; }

// The change a verdict is judged on: the Hodges-Lehmann ratio, or the ratio of medians
// where that is undefined.
double EffectRatio(const ComparisonRow& row) {
  if (std::isfinite(row.ratio.ratio)) return row.ratio.ratio;
  return 1 + row.median_change;
}

std::vector<std::string> DefaultMetric(const BenchmarkSamples& base, const BenchmarkSamples& candidate) {
  // task-clock (user + sys CPU time from the kernel) is the least noisy time there is;
  // where a side could not count it, user time is what litsupport reports.
  if (MetricValues(base, "task-clock") && MetricValues(candidate, "task-clock")) return {"task-clock"};
  return {"user"};
}

void CheckMetricsExist(const SampleSet& base, const SampleSet& candidate, const std::vector<std::string>& wanted) {
  std::set<std::string> known;
  for (const SampleSet* side : {&base, &candidate}) {
    for (const BenchmarkSamples& benchmark : side->benchmarks()) {
      for (const auto& [metric, values] : benchmark.metrics) known.insert(metric);
    }
  }
  for (const std::string& metric : wanted) {
    if (known.count(metric)) continue;
    std::string list;
    for (const std::string& name : known) list += (list.empty() ? "" : ", ") + name;
    throw Error(ErrorKind::kUsage, "unknown metric '" + metric + "'; the results have: " +
                                       (list.empty() ? std::string("none") : list));
  }
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
  row.p_adjusted = row.min_change = row.median_change = kNaN;
  row.ratio = {kNaN, kNaN, kNaN};
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

}  // namespace

std::string_view VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kRegressed:
      return "regressed";
    case Verdict::kImproved:
      return "improved";
    case Verdict::kUnchanged:
      return "unchanged";
    case Verdict::kTooFewRuns:
      return "too few runs";
    case Verdict::kNoData:
      return "no data";
    case Verdict::kAdded:
      return "added";
    case Verdict::kRemoved:
      return "removed";
  }
  return "unchanged";
}

bool ComparisonReport::any_regressed() const {
  return std::any_of(rows.begin(), rows.end(), [](const ComparisonRow& row) { return row.verdict == Verdict::kRegressed; });
}

ComparisonReport Compare(const SampleSet& base, const SampleSet& candidate, const CompareSettings& settings) {
  CheckMetricsExist(base, candidate, settings.metrics);
  ComparisonReport report;
  report.settings = settings;

  for (const BenchmarkSamples& before : base.benchmarks()) {
    const BenchmarkSamples* after = candidate.Find(before.name);
    if (!after) {
      report.rows.push_back(OneSidedRow(before, Verdict::kRemoved));
      continue;
    }
    std::vector<std::string> metrics = settings.metrics.empty() ? DefaultMetric(before, *after) : settings.metrics;
    for (const std::string& metric : metrics) {
      ComparisonRow row;
      row.benchmark = before.name;
      row.metric = metric;
      const std::vector<double>* x = MetricValues(before, metric);
      const std::vector<double>* y = MetricValues(*after, metric);
      row.base = Summarize(before, x);
      row.candidate = Summarize(*after, y);
      row.p_adjusted = kNaN;
      if (!x || !y) {
        row.verdict = Verdict::kNoData;
        row.min_change = row.median_change = kNaN;
        row.ratio = {kNaN, kNaN, kNaN};
        report.rows.push_back(std::move(row));
        continue;
      }
      row.min_change = RelativeChange(row.base.min, row.candidate.min);
      row.median_change = RelativeChange(row.base.median, row.candidate.median);
      row.test = stats::MannWhitneyU(*x, *y);
      row.ratio = stats::HodgesLehmannRatio(*x, *y, settings.confidence);
      if (settings.policy == ComparePolicy::kLnt) {
        row.lnt = lnt::Compare(*y, *x, settings.alpha);
        row.verdict = LntVerdict(row.lnt->status);
      } else if (stats::MinAttainablePValue(x->size(), y->size()) >= settings.alpha) {
        row.verdict = Verdict::kTooFewRuns;
      }
      report.rows.push_back(std::move(row));
    }
  }
  for (const BenchmarkSamples& after : candidate.benchmarks()) {
    if (!base.Find(after.name)) report.rows.push_back(OneSidedRow(after, Verdict::kAdded));
  }

  // The family of tests the correction spans: every row whose test could have been
  // significant. Rows that can never reach alpha would only dilute it.
  std::vector<double> family(report.rows.size(), kNaN);
  for (size_t i = 0; i < report.rows.size(); ++i) {
    const ComparisonRow& row = report.rows[i];
    if (row.test && stats::MinAttainablePValue(row.base.n, row.candidate.n) < settings.alpha) {
      family[i] = row.test->p_value;
    }
  }
  std::vector<double> adjusted = stats::AdjustPValues(family, settings.correction);
  for (size_t i = 0; i < report.rows.size(); ++i) {
    ComparisonRow& row = report.rows[i];
    row.p_adjusted = adjusted[i];
    if (settings.policy != ComparePolicy::kDefault || !row.test || row.verdict == Verdict::kTooFewRuns) continue;
    double effect = EffectRatio(row);
    bool significant = row.p_adjusted < settings.alpha && std::fabs(effect - 1) > settings.threshold;
    row.verdict = !significant ? Verdict::kUnchanged : effect > 1 ? Verdict::kRegressed : Verdict::kImproved;
  }

  std::stable_sort(report.rows.begin(), report.rows.end(), [](const ComparisonRow& a, const ComparisonRow& b) {
    double ea = std::fabs(std::log(EffectRatio(a)));
    double eb = std::fabs(std::log(EffectRatio(b)));
    bool fa = std::isfinite(ea), fb = std::isfinite(eb);
    if (fa != fb) return fa;
    return fa && ea > eb;
  });

  std::vector<std::string> metric_order;
  for (const ComparisonRow& row : report.rows) {
    if (!row.metric.empty() && std::find(metric_order.begin(), metric_order.end(), row.metric) == metric_order.end()) {
      metric_order.push_back(row.metric);
    }
  }
  for (const std::string& metric : metric_order) {
    std::vector<double> ratios;
    for (const ComparisonRow& row : report.rows) {
      if (row.metric == metric && row.test && std::isfinite(row.ratio.ratio) && row.ratio.ratio > 0) {
        ratios.push_back(row.ratio.ratio);
      }
    }
    if (ratios.empty()) continue;
    stats::GeomeanEstimate geomean = stats::GeometricMeanRatio(ratios, settings.confidence);
    report.geomeans.push_back({metric, ratios.size(), geomean.estimate, geomean.lower, geomean.upper});
  }
  return report;
}

}  // namespace timeit
