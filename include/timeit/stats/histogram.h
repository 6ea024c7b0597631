#pragma once

#include <cstddef>
#include <span>
#include <vector>

/// Histograms with log-spaced bins: run times and counts are positive and their spread is
/// multiplicative, so equal ratios get equal widths and a slow mode twice the median is as
/// visible as one half of it.
namespace timeit::stats {

struct Histogram {
  /// bins + 1 increasing bin edges; bin i holds lo <= x < hi for edges [i, i + 1], the last
  /// bin also its upper edge. Empty when no positive value was given.
  std::vector<double> edges;
  /// Values per bin.
  std::vector<size_t> counts;
  /// Values that are not positive (0 counts, a clock that read 0), which no log bin holds.
  size_t not_positive = 0;
};

/// `bins` log-spaced bins from `lo` to `hi` (both > 0, lo <= hi; lo == hi gives one bin of
/// zero width that holds that value). Values outside [lo, hi] go to the first or last bin,
/// so every positive value is counted once. `bins` < 1 is taken as 1.
Histogram LogHistogram(std::span<const double> values, double lo, double hi, int bins);

/// LogHistogram over the range of the positive values themselves (their min and max);
/// with no positive value, empty edges and counts and every value in not_positive.
Histogram LogHistogram(std::span<const double> values, int bins);

}  // namespace timeit::stats
