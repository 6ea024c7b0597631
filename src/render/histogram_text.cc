#include "timeit/render/histogram_text.h"

#include <algorithm>
#include <cmath>

#include "timeit/base/text_format.h"
#include "timeit/render/run_table.h"
#include "timeit/stats/histogram.h"

namespace timeit {

std::string FormatHistogramBars(std::span<const size_t> counts, size_t scale) {
  // Eighths of a cell, from the lowest to the full block.
  static constexpr const char* kBlocks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  std::string bars;
  for (size_t count : counts) {
    if (count == 0 || scale == 0) {
      bars += ' ';
      continue;
    }
    // ceil(8 count / scale) in integers: the eighths are exact, as a test can state them.
    size_t eighths = std::min<size_t>((8 * std::min(count, scale) + scale - 1) / scale, 8);
    bars += kBlocks[eighths - 1];
  }
  return bars;
}

int HistogramBins(size_t n) {
  if (n <= 1) return 1;
  int bins = static_cast<int>(std::ceil(std::log2(static_cast<double>(n)))) + 1;
  return std::clamp(bins, 1, 10);
}

std::string FormatHistogram(std::string_view label, std::span<const double> values, MetricUnit unit, int bins) {
  stats::Histogram histogram = stats::LogHistogram(values, bins);
  std::string line = StringPrintf("%-24.*s ", static_cast<int>(label.size()), label.data());
  if (histogram.counts.empty()) {
    return line + StringPrintf("no positive value to bin (%zu not positive)\n", histogram.not_positive);
  }
  size_t fullest = *std::max_element(histogram.counts.begin(), histogram.counts.end());
  line += FormatMetricValue(histogram.edges.front(), unit) + " " + FormatHistogramBars(histogram.counts, fullest);
  line += " " + FormatMetricValue(histogram.edges.back(), unit) + "  (" + std::to_string(histogram.counts.size()) +
          (histogram.counts.size() == 1 ? " log bin:" : " log bins:");
  for (size_t count : histogram.counts) line += " " + std::to_string(count);
  if (histogram.not_positive > 0) line += ", " + std::to_string(histogram.not_positive) + " not positive";
  return line + ")\n";
}

}  // namespace timeit
