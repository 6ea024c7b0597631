#include "timeit/render/run_table.h"

#include <cmath>
#include <map>
#include <vector>

#include "timeit/base/text_format.h"
#include "timeit/stats/outliers.h"
#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

const char* UnitSuffix(MetricUnit unit) {
  switch (unit) {
    case MetricUnit::kSeconds:
      return " [s]";
    case MetricUnit::kBytes:
      return " [B]";
    case MetricUnit::kCount:
      return "";
  }
  return "";
}

}  // namespace

std::string FormatMetricValue(double value, MetricUnit unit) {
  if (unit == MetricUnit::kSeconds) return StringPrintf("%.4f", value);
  return StringPrintf("%.0f", std::round(value));
}

std::string MetricLabel(std::string_view name, MetricUnit unit) { return std::string(name) + UnitSuffix(unit); }

std::string FormatRunTable(std::span<const Measurement> runs) {
  struct Column {
    MetricUnit unit;
    std::vector<double> values;
    /// The run (from 0) each value is from.
    std::vector<size_t> runs;
  };
  std::vector<std::string> order;
  std::map<std::string, Column> columns;
  size_t failed = 0;
  for (size_t i = 0; i < runs.size(); ++i) {
    if (!runs[i].succeeded()) {
      ++failed;
      continue;
    }
    for (const Metric& metric : MetricsOf(runs[i])) {
      auto [it, inserted] = columns.try_emplace(metric.name, Column{metric.unit, {}, {}});
      if (inserted) order.push_back(metric.name);
      it->second.values.push_back(metric.value);
      it->second.runs.push_back(i);
    }
  }

  std::string text = StringPrintf("%-24s %5s %14s %14s %12s %29s %8s\n", "metric", "n", "min", "median", "MAD",
                                  "mean ± stddev", "MAD/med");
  for (const std::string& name : order) {
    const Column& column = columns[name];
    double median = stats::Median(column.values);
    double mad = stats::MedianAbsoluteDeviation(column.values);
    std::string mean_stddev = FormatMetricValue(stats::Mean(column.values), column.unit) + " ± " +
                              FormatMetricValue(stats::SampleStandardDeviation(column.values), column.unit);
    double rmad = stats::RelativeMad(column.values);
    std::string relative = std::isnan(rmad) ? "-" : StringPrintf("%.2f%%", rmad);
    std::string label = MetricLabel(name, column.unit);
    // 29 bytes like the header's: both hold the two-byte "±".
    text += StringPrintf("%-24s %5zu %14s %14s %12s %29s %8s\n", label.c_str(), column.values.size(),
                         FormatMetricValue(stats::Min(column.values), column.unit).c_str(),
                         FormatMetricValue(median, column.unit).c_str(), FormatMetricValue(mad, column.unit).c_str(),
                         mean_stddev.c_str(), relative.c_str());
  }
  for (const std::string& name : order) {
    const Column& column = columns[name];
    std::vector<bool> flags = stats::OutlierFlags(column.values);
    std::string numbers;
    size_t flagged = 0;
    for (size_t i = 0; i < flags.size(); ++i) {
      if (!flags[i]) continue;
      numbers += (numbers.empty() ? "" : ", ") + std::to_string(column.runs[i] + 1);
      ++flagged;
    }
    if (flagged == 0) continue;
    text += "outliers in " + MetricLabel(name, column.unit) + ": run" + (flagged == 1 ? " " : "s ") + numbers +
            " (|modified z-score| > " + ShortestDecimal(stats::kOutlierThreshold) + "; kept in the figures above)\n";
  }
  if (failed > 0) {
    text += StringPrintf("%zu of %zu runs failed and are not included above\n", failed, runs.size());
  }
  return text;
}

}  // namespace timeit
