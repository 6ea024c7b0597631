#pragma once

#include <span>
#include <string_view>
#include <vector>

/// Corrections for testing many benchmarks at once: with 200 unchanged benchmarks tested at
/// 0.05, about 10 would be flagged by chance alone.
namespace timeit::stats {

enum class PAdjustMethod {
  kNone,
  /// Benjamini-Hochberg: controls the false discovery rate (R's p.adjust "BH").
  kBenjaminiHochberg,
  /// Holm: controls the family-wise error rate (R's p.adjust "holm").
  kHolm,
};

/// Adjusted p-values in the input order, as R's p.adjust computes them (checked against
/// R 4.2.2): Holm is the running maximum of (n + 1 - i) p_(i) over increasing p, BH the
/// running minimum of n / i p_(i) over decreasing p, both capped at 1. NaN entries (rows
/// without a test) stay NaN and are not counted in n. A family of one is returned unchanged.
std::vector<double> AdjustPValues(std::span<const double> p_values, PAdjustMethod method);

/// "bh", "holm", "none".
std::string_view PAdjustMethodName(PAdjustMethod method);

}  // namespace timeit::stats
