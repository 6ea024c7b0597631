#pragma once

#include <cstdint>
#include <span>
#include <vector>

/// The Hodges-Lehmann estimate of the shift between two samples, the estimator that goes
/// with the Mann-Whitney test (Hodges & Lehmann 1963), and its confidence interval by
/// inverting that test (Hollander & Wolfe, "Nonparametric Statistical Methods", section 4.3).
/// Neither materialises the m n pairwise differences: order statistics are selected in the
/// implicit sorted matrix, so memory stays O(m + n) and time O((m + n) log range).
namespace timeit::stats {

/// A confidence interval for a shift: the closure of the shifts the test accepts. Bounds are
/// -inf / +inf where the test cannot reject any shift on that side (too few values for the
/// level).
struct ShiftInterval {
  double lower = 0;
  double upper = 0;
};

/// The pairwise differences after_j - before_i of two samples (of their logarithms for
/// Scale::kLog), held as the two sorted samples.
class HodgesLehmann {
 public:
  enum class Scale {
    /// Differences of logarithms: exp(estimate) is the ratio after / before. Every value
    /// must be positive.
    kLog,
    /// Differences of the values themselves: the estimate is a shift in their unit.
    kLinear,
  };

  /// Both samples non-empty and finite (and positive for kLog).
  HodgesLehmann(std::span<const double> before, std::span<const double> after, Scale scale);

  /// The number of pairwise differences, m n.
  uint64_t pairs() const;

  /// The k-th smallest pairwise difference, 1 <= k <= pairs(): exact (the bisection runs
  /// over the ordered doubles, at most 64 steps of O(m + n) counting each).
  double Select(uint64_t k) const;

  /// The median of the pairwise differences; for an even count the mean of the middle two
  /// (in logs: the geometric mean of the middle two ratios).
  double Estimate() const;

  /// The shifts d the Mann-Whitney test accepts when `after` is compared with `before` + d,
  /// given the test's accepted reach (UNullDistribution::AcceptedReach): those for which
  /// |2 U(d) - m n| <= reach, with U(d) = #{differences > d} + #{differences = d} / 2.
  /// With the reach of level c this is the 1 - c confidence interval; without ties the
  /// classical [D(C+1), D(mn-C)]. The closure is returned. Its relation to 0 (no change)
  /// agrees with the test: it excludes 0 only where the p-value is below c, and where the
  /// p-value is below c it excludes 0 or has 0 as an end (which the test then rejects: the
  /// end is open). That happens only when values of the two samples are equal.
  ShiftInterval Interval(int64_t reach) const;

 private:
  uint64_t CountAtMost(double t) const;
  /// The k-th smallest of the differences in (above, high] (1 <= k <= their number).
  double SelectBetween(double above, double high, uint64_t k) const;

  std::vector<double> before_;  // sorted, transformed
  std::vector<double> after_;
};

}  // namespace timeit::stats
