#pragma once

#include <cstddef>
#include <span>

/// The Mann-Whitney U test, two-sided, computed as scipy.stats.mannwhitneyu (SciPy 1.10) does
/// with its defaults (use_continuity=True, alternative='two-sided', method='auto'), so results
/// can be checked against SciPy: U1 and p agree to 1e-9 relative (tests/mann_whitney_test.cc).
namespace timeit::stats {

enum class MannWhitneyMethod {
  /// The exact null distribution of U: SciPy's 'auto' choice when no value is tied and at
  /// least one sample has at most 8 values (8 vs 8, but also 3 vs 40).
  /// p = min(1, 2 P(U >= max(U1, U2))).
  kExact,
  /// The normal approximation: mu = n1 n2 / 2,
  /// sigma^2 = n1 n2 / 12 ((n + 1) - sum(t^3 - t) / (n (n - 1))) over tie groups of size t,
  /// z = (max(U1, U2) - mu - 0.5) / sigma, p = min(1, 2 sf(z)). Used when both samples have
  /// more than 8 values or there is a tie, and also (unlike SciPy, which still tabulates the
  /// exact distribution there) when that table would need n1 n2 >= 2^18 entries, e.g. 8
  /// against 40,000 values.
  kAsymptotic,
};

struct MannWhitneyResult {
  /// U of the first sample: the number of pairs (x_i, y_j) with x_i > y_j, ties counting 1/2.
  double u1 = 0;
  /// Two-sided p-value. 1 when every value is tied (SciPy 1.10 convention).
  double p_value = 1;
  MannWhitneyMethod method = MannWhitneyMethod::kExact;
};

/// Tests whether `x` and `y` come from the same distribution, in O(n log n): the pooled values
/// are sorted once and given mid-ranks. An empty sample or a NaN value gives u1 = p = NaN (as
/// SciPy's nan_policy='propagate'). The exact distributions are computed once per pair of
/// sizes and cached (thread-safe).
MannWhitneyResult MannWhitneyU(std::span<const double> x, std::span<const double> y);

/// The smallest two-sided p-value samples of these sizes can ever give,
/// 2 / C(n1 + n2, n1) capped at 1: with 3 runs against 3 it is 0.1, so no difference can
/// be significant at 0.05 however large it is.
double MinAttainablePValue(size_t n1, size_t n2);

/// The largest u with P(U <= u) <= tail_probability under the null hypothesis, without ties,
/// or -1 when even u = 0 is more likely than that (and for a negative or NaN probability).
/// Exact (from the same cached table as the test) while C(n1+n2, n1) < 2^128 and
/// n1 n2 < 2^18, e.g. up to 60 vs 60; beyond, the normal approximation with continuity
/// correction, P(U <= u) ~ Phi((u + 0.5 - n1 n2 / 2) / sqrt(n1 n2 (n1 + n2 + 1) / 12)).
/// CriticalU(10, 10, 0.025) = 23, the entry of the printed two-sided 5 % tables. The order
/// statistics of the Hodges-Lehmann confidence interval are chosen with it.
long CriticalU(size_t n1, size_t n2, double tail_probability);

}  // namespace timeit::stats
