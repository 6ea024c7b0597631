#include "timeit/history/scan.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "timeit/base/check.h"
#include "timeit/stats/statistics.h"

namespace timeit::history {
namespace {

// The largest |prefix[k] - base| weight[k] over k < count: the inner loop of the scan, in
// four independent maxima so that the comparisons need not wait on one another.
double RowMaximum(const double* prefix, const double* weight, size_t count, double base) {
  double best[4] = {0, 0, 0, 0};
  size_t k = 0;
  for (; k + 4 <= count; k += 4) {
    for (size_t lane = 0; lane < 4; ++lane) {
      double value = std::fabs(prefix[k + lane] - base) * weight[k + lane];
      best[lane] = value > best[lane] ? value : best[lane];
    }
  }
  for (; k < count; ++k) {
    double value = std::fabs(prefix[k] - base) * weight[k];
    best[0] = value > best[0] ? value : best[0];
  }
  return std::max(std::max(best[0], best[1]), std::max(best[2], best[3]));
}

}  // namespace

StretchScan ScanStretch(std::span<const double> z, int min_hold) {
  const size_t n = z.size();
  const auto hold = static_cast<size_t>(min_hold);
  TIMEIT_CHECK(min_hold >= 1 && n >= 2 * hold, "a stretch of two minimum holds or more");
  StretchScan result;
  auto [low, high] = std::minmax_element(z.begin(), z.end());
  if (*low == *high) return result;

  const double mean = stats::Mean(z);
  // prefix[u]: the sum of z - mean over the first u nights. The last is 0 in exact
  // arithmetic and is set so, which makes the two spellings of a single split, [0, c) and
  // [c, n), exactly equal.
  std::vector<double> prefix(n + 1, 0.0);
  double sum_squares = 0;
  for (size_t u = 0; u < n; ++u) {
    double deviation = z[u] - mean;
    prefix[u + 1] = prefix[u] + deviation;
    sum_squares += deviation * deviation;
  }
  prefix[n] = 0;
  const double sd = std::sqrt(sum_squares / static_cast<double>(n - 1));
  // weight[m] = 1 / (sd sqrt(m (n - m) / n)) for a segment of m nights.
  std::vector<double> weight(n + 1, 0.0);
  for (size_t m = hold; m <= n - hold; ++m) {
    double pieces = static_cast<double>(m * (n - m)) / static_cast<double>(n);
    weight[m] = 1 / (sd * std::sqrt(pieces));
  }

  double best = -std::numeric_limits<double>::infinity();
  auto consider = [&](size_t a, size_t b, double value) {
    if (value > best) {
      best = value;
      result.begin = a;
      result.end = b;
    }
  };
  for (size_t b = hold; b <= n - hold; ++b) consider(0, b, std::fabs(prefix[b]) * weight[b]);
  for (size_t a = hold; a <= n - hold; ++a) {
    // Segments in the middle, [a, b) with a + h <= b <= n - h: a row at a time, its maximum
    // first; the row is searched for its first maximum only when that beats the best so far.
    if (a + hold <= n - hold) {
      const size_t count = n - hold - (a + hold) + 1;
      const double* row_prefix = prefix.data() + a + hold;
      const double* row_weight = weight.data() + hold;
      double row_maximum = RowMaximum(row_prefix, row_weight, count, prefix[a]);
      if (row_maximum - kMiddlePenalty > best) {
        size_t k = 0;
        while (k + 1 < count && std::fabs(row_prefix[k] - prefix[a]) * row_weight[k] != row_maximum) ++k;
        consider(a, a + hold + k, row_maximum - kMiddlePenalty);
      }
    }
    consider(a, n, std::fabs(prefix[a]) * weight[n - a]);
  }
  result.statistic = best;
  return result;
}

double SplitStatistic(std::span<const double> z, size_t split) {
  const size_t n = z.size();
  TIMEIT_CHECK(split > 0 && split < n, "a split inside the stretch");
  double mean = stats::Mean(z);
  double after = 0;
  double sum_squares = 0;
  for (size_t u = 0; u < n; ++u) {
    double deviation = z[u] - mean;
    sum_squares += deviation * deviation;
    if (u >= split) after += deviation;
  }
  if (!(sum_squares > 0)) return 0;
  double sd = std::sqrt(sum_squares / static_cast<double>(n - 1));
  double pieces = static_cast<double>((n - split) * split) / static_cast<double>(n);
  return after / (sd * std::sqrt(pieces));
}

}  // namespace timeit::history
