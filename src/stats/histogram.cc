#include "timeit/stats/histogram.h"

#include <algorithm>
#include <cmath>

namespace timeit::stats {

Histogram LogHistogram(std::span<const double> values, double lo, double hi, int bins) {
  Histogram histogram;
  if (!(lo > 0) || !(hi >= lo)) {
    for (double value : values) histogram.not_positive += !(value > 0);
    return histogram;
  }
  if (lo == hi) bins = 1;
  bins = std::max(bins, 1);
  double log_lo = std::log(lo);
  double log_width = (std::log(hi) - log_lo) / bins;
  histogram.edges.resize(bins + 1);
  histogram.edges.front() = lo;
  for (int i = 1; i < bins; ++i) histogram.edges[i] = std::exp(log_lo + i * log_width);
  histogram.edges.back() = hi;  // exactly, not exp(log(hi)): the max must land in the last bin
  histogram.counts.assign(bins, 0);
  for (double value : values) {
    if (!(value > 0)) {
      ++histogram.not_positive;
      continue;
    }
    // The bin by its edges, not by log(value) / width: rounding in the logarithm must not move
    // a value that sits on an edge into the bin below it.
    auto upper = std::upper_bound(histogram.edges.begin() + 1, histogram.edges.end() - 1, value);
    ++histogram.counts[upper - (histogram.edges.begin() + 1)];
  }
  return histogram;
}

Histogram LogHistogram(std::span<const double> values, int bins) {
  double lo = 0;
  double hi = 0;
  for (double value : values) {
    if (!(value > 0)) continue;
    lo = lo > 0 ? std::min(lo, value) : value;
    hi = std::max(hi, value);
  }
  return LogHistogram(values, lo, hi, bins);
}

}  // namespace timeit::stats
