#include "timeit/stats/outliers.h"

#include <cmath>

#include "timeit/stats/statistics.h"

namespace timeit::stats {
namespace {

constexpr double kMadScale = 0.6745;              // the standard normal's 0.75 quantile
constexpr double kMeanDeviationScale = 1.253314;  // sqrt(pi / 2)

}  // namespace

std::vector<double> ModifiedZScores(std::span<const double> values) {
  std::vector<double> scores(values.size(), 0.0);
  if (values.empty()) return scores;
  double median = Median(values);
  double mad = MedianAbsoluteDeviation(values);
  double scale = 0;  // the divisor of (x - median)
  if (mad > 0) {
    scale = mad / kMadScale;
  } else {
    double sum = 0;
    for (double value : values) sum += std::fabs(value - median);
    scale = kMeanDeviationScale * sum / static_cast<double>(values.size());
  }
  if (!(scale > 0)) return scores;
  for (size_t i = 0; i < values.size(); ++i) scores[i] = (values[i] - median) / scale;
  return scores;
}

std::vector<bool> OutlierFlags(std::span<const double> values, double threshold) {
  std::vector<bool> flags(values.size(), false);
  if (values.size() < 3) return flags;
  std::vector<double> scores = ModifiedZScores(values);
  for (size_t i = 0; i < values.size(); ++i) flags[i] = std::fabs(scores[i]) > threshold;
  return flags;
}

}  // namespace timeit::stats
