#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "timeit/base/spellings.h"

/// LNT's own change rules (lnt/server/reporting/analysis.py and lnt/util/stats.py), for
/// users who want LNT's verdicts exactly, quirks included.
namespace timeit::lnt {

/// lnt.util.stats.mannwhitneyu: true when LNT considers the samples "the same" at
/// `significance` (0.10, 0.05 or 0.01). Up to 20 values per side LNT compares |U_a - U_b|
/// with its critical-value tables (the exact two-sided critical values plus their known
/// typos, reproduced); beyond, a normal approximation whose one-sided p is doubled. All
/// values identical: the same.
/// Where LNT has no answer we choose: at 0.10 with 4 values in `a` and 20 in `b` LNT's
/// table row is one entry short (IndexError); we use the exact critical value, 18, also
/// LNT's own entry for 20 against 4. The normal tail comes from std::erfc rather than
/// LNT's polynomial, so a p-value within ~1e-9 of significance / 2 may go the other way.
/// Throws Error(kUsage) for any other significance (LNT does so only up to 20 values per
/// side) and for an empty sample.
bool MannWhitneySame(std::span<const double> a, std::span<const double> b, double significance);

enum class Status { kUnchanged, kImproved, kRegressed };

/// Which of LNT's rules decided the status, in the order LNT tries them.
enum class Rule {
  /// The new min is 0: LNT gives no status (reported as unchanged).
  kZeroCurrent,
  /// The change is under 1 %, or under 0.01 in the metric's own unit (absolute), or within
  /// the value precision: ignored, unchanged.
  kMinChangeFloor,
  /// Both sides have at least 4 runs and LNT's Mann-Whitney test found them the same.
  kMannWhitney,
  /// The change compared with 2.576 population standard deviations of the new runs.
  kStddev,
  /// A single new run: any change of at least 0.2 % counts.
  kSingleSample,
};

inline constexpr Spellings<Rule, 5> kRuleSpellings = {{
    {"new min is 0", Rule::kZeroCurrent},
    {"min-change floor", Rule::kMinChangeFloor},
    {"Mann-Whitney: same", Rule::kMannWhitney},
    {"2.576 stddev", Rule::kStddev},
    {"0.2% (1 run)", Rule::kSingleSample},
}};

/// "new min is 0", "min-change floor", "Mann-Whitney: same", "2.576 stddev", "0.2% (1 run)".
constexpr std::string_view RuleName(Rule rule) { return SpellingOf(kRuleSpellings, rule); }

struct Comparison {
  /// min of the new samples (LNT's default aggregate); max when bigger is better.
  double current = 0;
  /// The base sample closest to `current` (ties: the later one), which delta is measured
  /// from. (LNT's ComparisonResult.previous attribute is the aggregate of the base instead.)
  double previous = 0;
  double delta = 0;
  /// delta / previous (0 when previous is 0).
  double pct_delta = 0;
  /// Population standard deviation of the new samples, when there are several.
  std::optional<double> stddev;
  Status status = Status::kUnchanged;
  Rule rule = Rule::kMinChangeFloor;
};

/// ComparisonResult.get_value_status for a metric where smaller is better (or bigger, which
/// aggregates with max and swaps improved and regressed), with neither side failed and no
/// hashes: the 1% / 0.01 absolute / precision gates, Mann-Whitney (new samples as `a`)
/// when both sides have at least 4 samples, then 2.576 standard deviations or 0.2%
/// without them. When `current` is 0 LNT gives no status (its previous is None); we leave
/// delta and pct_delta at 0, as LNT does, and report unchanged.
/// Throws Error(kUsage) when either side is empty (LNT has no status then) or
/// `confidence_level` is not one MannWhitneySame accepts, whether or not it is reached.
Comparison Compare(std::span<const double> new_samples, std::span<const double> base_samples,
                   double confidence_level = 0.05, bool bigger_is_better = false);

}  // namespace timeit::lnt
