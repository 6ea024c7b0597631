#pragma once

#include <span>

/// The Hodges-Lehmann estimate of how much larger `after` is than `before`, with its
/// distribution-free confidence interval: the estimator that goes with the Mann-Whitney
/// test, robust to outliers (Hodges & Lehmann 1963; the interval as in Hollander & Wolfe,
/// "Nonparametric Statistical Methods", section 4.3).
namespace timeit::stats {

struct RatioEstimate {
  /// after / before. When every value is positive this is exp(median of all
  /// log(after_j) - log(before_i))); otherwise 1 + shift / median(before), where shift is
  /// the median of all after_j - before_i. NaN when neither is defined: an empty sample, a
  /// NaN or infinite value, or median(before) = 0. Medians of an even count average the
  /// middle two (in logs: the geometric mean of the middle two ratios).
  double ratio = 0;
  /// The confidence interval of `ratio` from the order statistics D(C+1) and D(mn-C) of
  /// the pairwise differences, C = CriticalU(m, n, (1 - confidence) / 2). NaN when the
  /// samples are too small for any interval at that confidence (3 vs 3 at 95 %) or the
  /// confidence is not in (0, 1). Computed with std::nth_element, without sorting the m n
  /// differences. With a negative median(before) the shift bounds are swapped so that
  /// lower <= upper.
  double lower = 0;
  double upper = 0;
};

RatioEstimate HodgesLehmannRatio(std::span<const double> before, std::span<const double> after,
                                 double confidence = 0.95);

}  // namespace timeit::stats
