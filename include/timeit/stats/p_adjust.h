#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "timeit/base/spellings.h"

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

inline constexpr Spellings<PAdjustMethod, 3> kPAdjustMethodSpellings = {{
    {"bh", PAdjustMethod::kBenjaminiHochberg},
    {"holm", PAdjustMethod::kHolm},
    {"none", PAdjustMethod::kNone},
}};

/// "bh", "holm", "none".
constexpr std::string_view PAdjustMethodName(PAdjustMethod method) {
  return SpellingOf(kPAdjustMethodSpellings, method);
}

/// What a correction at level `alpha` did to a family, as cut-offs on raw p-values.
struct FamilyCutoffs {
  /// Rows flagged: adjusted p-value below alpha. NaN rows are not in the family.
  size_t flagged = 0;
  /// Rows in the family (not NaN).
  size_t family = 0;
  /// The raw-p cut-off the correction applied: a row is flagged exactly when its p < cutoff.
  /// Benjamini-Hochberg: flagged alpha / family (alpha / family when nothing is flagged);
  /// Holm: alpha / (family - flagged) (alpha when everything is); none: alpha. Intervals at
  /// level 1 - cutoff agree with the verdicts; for Benjamini-Hochberg they are Benjamini &
  /// Yekutieli's (2005) false-coverage-rate adjusted intervals. (Nudged, where rounding
  /// needs it, to lie above every flagged p and at most the smallest p not flagged.)
  double cutoff = 0;
  /// The raw p one more row would need to be flagged alongside those that were (a row not
  /// flagged whose smallest attainable p is not below it could not have been flagged):
  /// Benjamini-Hochberg (flagged + 1) alpha / family, Holm alpha / (family - flagged),
  /// none alpha.
  double next_cutoff = 0;
};

/// The cut-offs of `method` at `alpha` over `p_values` (NaN = not in the family).
FamilyCutoffs CorrectionCutoffs(std::span<const double> p_values, PAdjustMethod method, double alpha);

/// The bar on raw p of step `step` (1-based, in increasing order of p) of the correction in
/// a family of `family` rows: Benjamini-Hochberg step x alpha / family, Holm
/// alpha / (family - step + 1), none alpha.
double StepCutoff(size_t step, size_t family, PAdjustMethod method, double alpha);

/// The raw p a lone change needs in a family of `family` rows: alpha / family for Holm and
/// Benjamini-Hochberg (both start with Bonferroni's bar), alpha without correction.
double LoneChangeCutoff(size_t family, PAdjustMethod method, double alpha);

}  // namespace timeit::stats
