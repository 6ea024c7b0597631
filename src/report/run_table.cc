#include "timeit/report/run_table.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <vector>

#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

std::string FormatValue(double value, MetricUnit unit) {
  char text[64];
  if (unit == MetricUnit::kSeconds) {
    std::snprintf(text, sizeof text, "%.4f", value);
  } else {
    std::snprintf(text, sizeof text, "%.0f", std::round(value));
  }
  return text;
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

  std::string text;
  char line[512];
  std::snprintf(line, sizeof line, "%-24s %5s %14s %14s %12s %29s %8s\n", "metric", "n", "min", "median", "MAD",
                "mean ± stddev", "MAD/med");
  text += line;
  for (const std::string& name : order) {
    const Column& column = columns[name];
    double median = stats::Median(column.values);
    double mad = stats::MedianAbsoluteDeviation(column.values);
    std::string mean_stddev = FormatValue(stats::Mean(column.values), column.unit) + " ± " +
                              FormatValue(stats::SampleStandardDeviation(column.values), column.unit);
    std::string relative = "-";
    if (median != 0) {
      char percent[32];
      std::snprintf(percent, sizeof percent, "%.2f%%", 100.0 * mad / std::fabs(median));
      relative = percent;
    }
    std::string label = name + UnitSuffix(column.unit);
    // 29 bytes like the header's: both hold the two-byte "±".
    std::snprintf(line, sizeof line, "%-24s %5zu %14s %14s %12s %29s %8s\n", label.c_str(), column.values.size(),
                  FormatValue(stats::Min(column.values), column.unit).c_str(),
                  FormatValue(median, column.unit).c_str(), FormatValue(mad, column.unit).c_str(),
                  mean_stddev.c_str(), relative.c_str());
    text += line;
  }
  if (failed > 0) {
    std::snprintf(line, sizeof line, "%zu of %zu runs failed and are not included above\n", failed, runs.size());
    text += line;
  }
  return text;
}

}  // namespace timeit
