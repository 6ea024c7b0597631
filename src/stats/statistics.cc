#include "timeit/stats/statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "timeit/base/check.h"

namespace timeit::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Median of `values`, reordering them: the upper middle element by nth_element, and for an
// even count the lower middle one as the largest element of the partition below it.
double MedianInPlace(std::vector<double>& values) {
  TIMEIT_CHECK(std::none_of(values.begin(), values.end(), [](double v) { return std::isnan(v); }),
               "a sample free of NaN (its order statistics are otherwise unspecified)");
  if (values.empty()) return kNaN;
  size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + middle, values.end());
  double upper = values[middle];
  if (values.size() % 2 == 1) return upper;
  double lower = *std::max_element(values.begin(), values.begin() + middle);
  return (lower + upper) / 2;  // as numpy and LNT, bit for bit
}

// sum((x - mean)^2). Two passes: summing squares of deviations from the mean does not
// cancel catastrophically the way sum(x^2) - n mean^2 does for run times that differ by a
// fraction of a percent.
double SumOfSquaredDeviations(std::span<const double> values) {
  double mean = Mean(values);
  double sum_squares = 0;
  for (double value : values) sum_squares += (value - mean) * (value - mean);
  return sum_squares;
}

}  // namespace

double Min(std::span<const double> values) {
  if (values.empty()) return kNaN;
  return *std::min_element(values.begin(), values.end());
}

double Max(std::span<const double> values) {
  if (values.empty()) return kNaN;
  return *std::max_element(values.begin(), values.end());
}

double Median(std::span<const double> values) {
  std::vector<double> copy(values.begin(), values.end());
  return MedianInPlace(copy);
}

double MedianAbsoluteDeviation(std::span<const double> values) {
  std::vector<double> deviations(values.begin(), values.end());
  double median = MedianInPlace(deviations);
  for (double& value : deviations) value = std::fabs(value - median);
  return MedianInPlace(deviations);
}

double RelativeMad(std::span<const double> values) {
  double median = Median(values);
  if (std::isnan(median) || median == 0) return kNaN;
  return 100 * MedianAbsoluteDeviation(values) / std::fabs(median);
}

double Mean(std::span<const double> values) {
  if (values.empty()) return kNaN;
  double sum = 0;
  for (double value : values) sum += value;
  return sum / static_cast<double>(values.size());
}

double SampleStandardDeviation(std::span<const double> values) {
  if (values.size() < 2) return values.empty() ? kNaN : 0;
  return std::sqrt(SumOfSquaredDeviations(values) / static_cast<double>(values.size() - 1));
}

double PopulationStandardDeviation(std::span<const double> values) {
  if (values.empty()) return kNaN;
  return std::sqrt(SumOfSquaredDeviations(values) / static_cast<double>(values.size()));
}

double GeometricMean(std::span<const double> values) {
  if (values.empty()) return kNaN;
  double sum_logs = 0;
  for (double value : values) {
    if (!(value > 0)) return kNaN;
    sum_logs += std::log(value);
  }
  return std::exp(sum_logs / static_cast<double>(values.size()));
}

double NormalSf(double z) { return 0.5 * std::erfc(z / std::numbers::sqrt2); }

double NormalIsf(double tail) {
  if (!(tail > 0 && tail < 1)) return kNaN;
  double low = -40;  // NormalSf(low) = 1, NormalSf(high) = 0 in doubles
  double high = 40;
  for (int step = 0; step < 200 && low < high; ++step) {
    double middle = (low + high) / 2;
    if (middle == low || middle == high) break;
    if (NormalSf(middle) > tail) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return (low + high) / 2;
}

}  // namespace timeit::stats
