#include "timeit/report/run_table.h"

#include <cmath>
#include <map>
#include <vector>

#include "timeit/base/text_format.h"
#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

std::string FormatValue(double value, MetricUnit unit) {
  if (unit == MetricUnit::kSeconds) return StringPrintf("%.4f", value);
  return StringPrintf("%.0f", std::round(value));
}

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

std::string FormatRunTable(std::span<const Measurement> runs) {
  struct Column {
    MetricUnit unit;
    std::vector<double> values;
  };
  std::vector<std::string> order;
  std::map<std::string, Column> columns;
  size_t failed = 0;
  for (const Measurement& run : runs) {
    if (!run.succeeded()) {
      ++failed;
      continue;
    }
    for (const Metric& metric : MetricsOf(run)) {
      auto [it, inserted] = columns.try_emplace(metric.name, Column{metric.unit, {}});
      if (inserted) order.push_back(metric.name);
      it->second.values.push_back(metric.value);
    }
  }

  std::string text = StringPrintf("%-24s %5s %14s %14s %12s %29s %8s\n", "metric", "n", "min", "median", "MAD",
                                  "mean ± stddev", "MAD/med");
  for (const std::string& name : order) {
    const Column& column = columns[name];
    double median = stats::Median(column.values);
    double mad = stats::MedianAbsoluteDeviation(column.values);
    std::string mean_stddev = FormatValue(stats::Mean(column.values), column.unit) + " ± " +
                              FormatValue(stats::SampleStandardDeviation(column.values), column.unit);
    std::string relative = "-";
    if (median != 0) relative = StringPrintf("%.2f%%", 100.0 * mad / std::fabs(median));
    std::string label = name + UnitSuffix(column.unit);
    // 29 bytes like the header's: both hold the two-byte "±".
    text += StringPrintf("%-24s %5zu %14s %14s %12s %29s %8s\n", label.c_str(), column.values.size(),
                         FormatValue(stats::Min(column.values), column.unit).c_str(),
                         FormatValue(median, column.unit).c_str(), FormatValue(mad, column.unit).c_str(),
                         mean_stddev.c_str(), relative.c_str());
  }
  if (failed > 0) {
    text += StringPrintf("%zu of %zu runs failed and are not included above\n", failed, runs.size());
  }
  return text;
}

}  // namespace timeit
