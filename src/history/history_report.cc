#include "timeit/history/history_report.h"

#include <algorithm>
#include <tuple>

#include "timeit/base/error.h"
#include "timeit/base/for_each_index.h"
#include "timeit/compare/comparison.h"

namespace timeit::history {

std::string NightLabel(const std::vector<std::string>& labels, const std::string& path) {
  if (labels.size() == 1) return labels.front();
  if (labels.size() > 1) return labels.front() + ".." + labels.back();
  std::string name = path;
  while (name.size() > 1 && name.back() == '/') name.pop_back();
  size_t slash = name.rfind('/');
  return slash == std::string::npos || name.size() == 1 ? name : name.substr(slash + 1);
}

size_t HistoryReport::regressions() const {
  return static_cast<size_t>(std::count_if(changes.begin(), changes.end(), [](const HistoryChange& change) {
    return change.change.direction == Direction::kRegressed;
  }));
}

size_t HistoryReport::improvements() const { return changes.size() - regressions(); }

bool HistoryReport::any_recent_regression() const {
  return std::any_of(changes.begin(), changes.end(), [](const HistoryChange& change) {
    return change.recent && change.change.direction == Direction::kRegressed;
  });
}

namespace {

// The metrics in the order first asked for, each once: a metric asked for twice is one
// series, not two with the same change points.
std::vector<std::string> EachOnce(std::vector<std::string> metrics) {
  std::vector<std::string> once;
  for (std::string& metric : metrics) {
    if (std::find(once.begin(), once.end(), metric) == once.end()) once.push_back(std::move(metric));
  }
  return once;
}

HistoryOptions WithMetricsOnce(HistoryOptions options) {
  options.metrics = EachOnce(std::move(options.metrics));
  return options;
}

}  // namespace

HistoryBuilder::HistoryBuilder(HistoryOptions options)
    : options_(WithMetricsOnce(std::move(options))),
      metrics_to_read_(options_.metrics.empty() ? DefaultMetricCandidates() : options_.metrics) {}

std::vector<std::string> HistoryBuilder::MetricsToRead() const { return metrics_to_read_; }

void HistoryBuilder::AddNight(const std::string& path, const SampleSet& samples) {
  size_t index = nights_.size();
  nights_.push_back({index, NightLabel(samples.provenance().labels, path), path, false});
  metric_names_.insert(samples.metric_names().begin(), samples.metric_names().end());
  for (const BenchmarkSamples& read : samples.benchmarks()) {
    auto [at, added] = benchmark_index_.try_emplace(read.name, benchmarks_.size());
    if (added) benchmarks_.push_back({read.name, std::vector<NightSeries>(metrics_to_read_.size())});
    Benchmark& benchmark = benchmarks_[at->second];
    for (const auto& [metric, values] : read.metrics) {
      if (!metric_names_.contains(metric)) metric_names_.insert(metric);
    }
    for (size_t metric = 0; metric < metrics_to_read_.size(); ++metric) {
      auto values = read.metrics.find(metrics_to_read_[metric]);
      if (values != read.metrics.end()) benchmark.series[metric].AddNight(index, values->second);
    }
  }
}

void HistoryBuilder::SkipNight(const std::string& path) {
  size_t index = nights_.size();
  nights_.push_back({index, NightLabel({}, path), path, true});
}

HistoryReport HistoryBuilder::Finish() {
  if (nights_.size() < 2) {
    throw Error(ErrorKind::kUsage, "a history needs at least 2 nights; " + std::to_string(nights_.size()) +
                                       (nights_.size() == 1 ? " was" : " were") + " given");
  }
  if (!options_.metrics.empty()) CheckMetricsKnown(metric_names_, options_.metrics);

  HistoryReport report;
  report.options = options_;
  report.nights = std::move(nights_);
  bool any_in_two_nights = false;
  for (Benchmark& benchmark : benchmarks_) {
    for (size_t metric = 0; metric < metrics_to_read_.size(); ++metric) {
      NightSeries& nights = benchmark.series[metric];
      if (nights.empty()) continue;
      any_in_two_nights = any_in_two_nights || nights.size() >= 2;
      report.series.push_back({benchmark.name, metrics_to_read_[metric], std::move(nights), {}});
      // The default: the first candidate with values, and no other.
      if (options_.metrics.empty()) break;
    }
  }
  benchmarks_.clear();
  if (!any_in_two_nights) {
    throw Error(ErrorKind::kInput,
                "no benchmark has " + std::string(options_.metrics.empty() ? "values" : "values of the metrics asked") +
                    " in two nights: there is no history to analyse");
  }

  // Each series alone: the order of the results does not depend on the cores.
  ForEachIndex(report.series.size(), 16, [&](size_t i) {
    report.series[i].analysis = AnalyseSeries(report.series[i].nights, options_.settings);
  });

  size_t first_recent = report.nights.size() - std::min(options_.recent, report.nights.size());
  for (size_t i = 0; i < report.series.size(); ++i) {
    const SeriesAnalysis& analysis = report.series[i].analysis;
    if (analysis.too_few_nights) ++report.too_few_nights;
    for (const ChangePoint& change : analysis.change_points) {
      report.changes.push_back({i, change, change.index >= first_recent});
    }
  }
  std::stable_sort(report.changes.begin(), report.changes.end(), [](const HistoryChange& a, const HistoryChange& b) {
    auto key = [](const HistoryChange& change) {
      return std::make_tuple(-static_cast<long long>(change.change.index),
                             change.change.direction == Direction::kRegressed ? 0 : 1);
    };
    return key(a) < key(b);
  });
  return report;
}

}  // namespace timeit::history
