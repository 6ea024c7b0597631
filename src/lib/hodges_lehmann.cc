#include "timeit/hodges_lehmann.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "timeit/mann_whitney.h"
#include "timeit/statistics.h"

namespace timeit::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct OrderStatistics {
  double median = kNaN;
  double lower = kNaN;  // D(C+1)
  double upper = kNaN;  // D(mn-C)
};

// The median of `d` and, when `critical` >= 0, its 0-based order statistics `critical` and
// size - 1 - critical, without sorting: one nth_element at the upper middle partitions the
// array, and the bounds are then selected within the half they lie in.
OrderStatistics SelectOrderStatistics(std::vector<double>& d, long critical) {
  OrderStatistics result;
  size_t size = d.size();
  size_t middle = size / 2;
  auto begin = d.begin();
  std::nth_element(begin, begin + middle, d.end());
  double upper_middle = d[middle];
  result.median = size % 2 == 1
                      ? upper_middle
                      : (*std::max_element(begin, begin + middle) + upper_middle) / 2;
  if (critical < 0) return result;
  auto low = static_cast<size_t>(critical);
  size_t high = size - 1 - low;
  if (low > high) return result;  // no interval (a confidence of 0 or less)
  // low <= high = size - 1 - low implies low <= middle <= high.
  if (low < middle) std::nth_element(begin, begin + low, begin + middle);
  if (high > middle) std::nth_element(begin + middle + 1, begin + high, d.end());
  result.lower = d[low];
  result.upper = d[high];
  return result;
}

}  // namespace

RatioEstimate HodgesLehmannRatio(std::span<const double> before, std::span<const double> after,
                                 double confidence) {
  RatioEstimate result{kNaN, kNaN, kNaN};
  if (before.empty() || after.empty()) return result;
  bool all_positive = true;
  for (std::span<const double> sample : {before, after}) {
    for (double value : sample) {
      if (!std::isfinite(value)) return result;
      if (!(value > 0)) all_positive = false;
    }
  }

  size_t m = before.size();
  size_t n = after.size();
  long critical = -1;
  if (confidence > 0 && confidence < 1) critical = CriticalU(m, n, (1 - confidence) / 2);

  std::vector<double> differences;
  differences.reserve(m * n);
  if (all_positive) {
    // Differences of logs: m + n logarithms rather than m n divisions and logarithms.
    std::vector<double> log_after(n);
    std::transform(after.begin(), after.end(), log_after.begin(),
                   [](double value) { return std::log(value); });
    for (double b : before) {
      double log_b = std::log(b);
      for (double log_a : log_after) differences.push_back(log_a - log_b);
    }
    OrderStatistics d = SelectOrderStatistics(differences, critical);
    result.ratio = std::exp(d.median);
    result.lower = std::exp(d.lower);  // exp(NaN) is NaN
    result.upper = std::exp(d.upper);
    return result;
  }

  double baseline = Median(before);
  if (baseline == 0) return result;
  for (double b : before) {
    for (double a : after) differences.push_back(a - b);
  }
  OrderStatistics d = SelectOrderStatistics(differences, critical);
  result.ratio = 1 + d.median / baseline;
  result.lower = 1 + d.lower / baseline;
  result.upper = 1 + d.upper / baseline;
  if (baseline < 0) std::swap(result.lower, result.upper);  // dividing by it reverses order
  return result;
}

}  // namespace timeit::stats
