#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "timeit/base/spellings.h"

/// The Mann-Whitney U test, two-sided, with a choice of null distribution. The statistic is
/// handled doubled (2U), so that ties, which count 1/2, stay integers.
namespace timeit::stats {

/// Which null distribution of U the test uses; the names are scipy.stats.mannwhitneyu's
/// `method` values.
enum class MannWhitneyMethod {
  /// The exact distribution wherever it is cheap, the normal approximation beyond (see
  /// ExactIsCheap). With ties it is the exact distribution conditional on the tie pattern:
  /// every way of splitting the pooled mid-ranks into the two sample sizes is equally
  /// likely. That is the permutation distribution R's coin::wilcox_test(distribution =
  /// "exact") uses; SciPy 1.10's method='exact' ignores ties instead, and is only matched
  /// without them. timeit-compare's default: it makes p-values as small as the data allow.
  kExact,
  /// SciPy 1.10's default, 'auto': exact (no ties) when a sample has at most 8 values and no
  /// value is tied, otherwise the normal approximation. Reproduces scipy.stats.mannwhitneyu
  /// with its defaults (checked to 1e-9 relative in tests/mann_whitney_test.cc). Beyond
  /// n1 n2 >= 2^18 (8 against 40,000) it uses the normal approximation where SciPy would
  /// still tabulate.
  kAuto,
  /// Always the normal approximation: mu = n1 n2 / 2,
  /// sigma^2 = n1 n2 / 12 ((n + 1) - sum(t^3 - t) / (n (n - 1))) over tie groups of size t,
  /// p = min(1, 2 sf((|U - mu| - 1/2) / sigma)) (continuity correction, as SciPy).
  kAsymptotic,
};

inline constexpr Spellings<MannWhitneyMethod, 3> kMannWhitneyMethodSpellings = {{
    {"exact", MannWhitneyMethod::kExact},
    {"auto", MannWhitneyMethod::kAuto},
    {"asymptotic", MannWhitneyMethod::kAsymptotic},
}};

/// "exact", "auto", "asymptotic": the spellings of the command line and the JSON report.
constexpr std::string_view MannWhitneyMethodName(MannWhitneyMethod method) {
  return SpellingOf(kMannWhitneyMethodSpellings, method);
}

/// The null distribution of U for two samples of given sizes and tie pattern, and the
/// two-sided p-value it gives any value of the statistic. The test's p-value and the
/// Hodges-Lehmann interval (which inverts the test) both come from one of these, so the
/// interval excludes "no change" exactly when the p-value is below the level.
class UNullDistribution {
 public:
  /// Two-sided p-value of 2U = `u2`: the probability of a statistic at least as far from
  /// its mean n1 n2 / 2 as the one observed (without ties the same as doubling the smaller
  /// tail, SciPy's convention; with ties coin's). 1 at the mean, capped at 1.
  double TwoSidedP(int64_t u2) const;

  /// The values of 2U the test accepts at level `cutoff` (p >= cutoff): n1 n2 - reach to
  /// n1 n2 + reach. reach = n1 n2 when even complete separation has p >= cutoff (the test
  /// can reject nothing at that level), and at least 0.
  int64_t AcceptedReach(double cutoff) const;

  /// True for an exact distribution, false for the normal approximation.
  bool exact() const { return table_ != nullptr; }
  size_t n1() const { return n1_; }
  size_t n2() const { return n2_; }

  /// Tail probabilities over 2U = 0 .. 2 n1 n2: lower[k] = P(2U <= k), upper[k] = P(2U >= k).
  struct Table {
    std::vector<double> lower;
    std::vector<double> upper;
  };

  /// The exact distribution given by `table`, or the normal approximation with standard
  /// deviation `sigma` of U (when `table` is null).
  UNullDistribution(size_t n1, size_t n2, std::shared_ptr<const Table> table, double sigma);

 private:
  size_t n1_ = 0;
  size_t n2_ = 0;
  std::shared_ptr<const Table> table_;
  double sigma_ = 0;
};

/// The ranks of two pooled samples: all a test, or an inversion of it, needs of the data.
struct PooledRanks {
  size_t n1 = 0;
  size_t n2 = 0;
  /// 2 U1, U1 being the number of pairs (x_i, y_j) with x_i > y_j, ties counting 1/2.
  int64_t u2 = 0;
  /// Sizes of the groups of equal values, in increasing order of value (1 for a value that
  /// is not tied).
  std::vector<uint32_t> tie_groups;
  /// Whether any value is tied with another (in either sample).
  bool has_ties = false;
};

/// Ranks the pooled samples (O(n log n)). Samples must be non-empty and free of NaN.
PooledRanks RankPooled(std::span<const double> x, std::span<const double> y);

/// The work the exact method may spend on one row with ties, in multiply-adds of its
/// dynamic program (about a nanosecond each): 2^26. A comparison of many tied rows gives
/// each less (see CompareSettings), never under kMinTieWork, which covers every pair of
/// sizes up to 50 x 50.
inline constexpr double kDefaultTieWork = 0x1p26;
inline constexpr double kMinTieWork = 0x1p23;

/// Whether `method` would use the exact distribution for these ranks. With kExact, exact
/// costs stay bounded, so a comparison of thousands of rows stays fast:
///  - without ties, while C(n1 + n2, n1) < 2^255 and n1 n2 < 2^18 (the table is counted in
///    256-bit integers and cached per pair of sizes): every pair up to 129 x 129, and one
///    side of 25 against up to 10,000;
///  - with ties, while the dynamic program over tie groups needs at most `tie_work`
///    multiply-adds (by default 2^26) and 2^22 stored probabilities (5 ms at 50 x 50, 60 ms at 90 x 90; the cost is
///    counted before it runs): every pair up to 90 x 90, one side of 10 against 800 or of 5
///    against 1,600, and much more when the values are few (two distinct values: up to
///    1,447 x 1,447; three: 209 x 209).
/// Beyond, the normal approximation. Without ties it is conservative, and close where
/// decisions are made: at 130 x 130 it overstates a p of 1e-5 by 22 %, which asks for a U
/// 1.0 % farther from its mean; at 26 against 10,000 by 94 % (3.4 % farther). With ties it
/// is conservative once the pooled values take four or more distinct values (1.03 to 2.1
/// times the exact p between 1e-6 and 1e-2 at 51 x 51 to 80 x 80); with two or three it can
/// understate p (by 40 % and 17 % at 51 x 51), which is why those are exact so much further.
/// tests/mann_whitney_test.cc measures the approximation at the no-tie boundary.
bool UsesExact(const PooledRanks& ranks, MannWhitneyMethod method, double tie_work = kDefaultTieWork);

/// The null distribution `method` uses for these ranks. Exact tables are cached by sizes
/// and tie pattern, so asking again (for the interval after the p-value) costs nothing.
UNullDistribution NullDistribution(const PooledRanks& ranks, MannWhitneyMethod method,
                                   double tie_work = kDefaultTieWork);

struct MannWhitneyResult {
  /// U of the first sample: the number of pairs (x_i, y_j) with x_i > y_j, ties counting 1/2.
  double u1 = 0;
  /// Two-sided p-value. 1 when every value is tied (SciPy 1.10 convention).
  double p_value = 1;
  /// Whether the exact distribution was used (else the normal approximation).
  bool exact = true;
};

/// Tests whether `x` and `y` come from the same distribution. An empty sample or a NaN
/// value gives u1 = p = NaN (as SciPy's nan_policy='propagate').
MannWhitneyResult MannWhitneyU(std::span<const double> x, std::span<const double> y,
                               MannWhitneyMethod method = MannWhitneyMethod::kAuto);

/// The smallest two-sided p-value `method` can give samples of these sizes: the p of
/// completely separated samples without ties. Exact: 2 / C(n1 + n2, n1), so 3 runs against
/// 3 can never reach 0.05; asymptotic: 2 sf((n1 n2 / 2 - 1/2) / sigma), 1.8e-4 at 10 vs 10
/// where the exact test reaches 1.1e-5. 1 when a sample is empty.
double SmallestPValue(size_t n1, size_t n2, MannWhitneyMethod method);

/// The smallest two-sided p the test with `null` can give samples of its sizes whose doubled
/// statistic is `u2`: that of complete separation with the distribution they get (exact:
/// SmallestPValue's, as if untied; the normal approximation: its p of 2U = 0, far above the
/// exact test's best), or their own p where lower (with ties the conditional test can go
/// lower still: 1,1,3 against 4,4,4,7 gives 0.029 where 3 against 4 untied cannot go below
/// 0.057). A p the samples did give is always attainable.
double SmallestAttainableP(const UNullDistribution& null, int64_t u2);

/// The reach (see AcceptedReach) of the confidence interval of the shift that inverts the
/// test with `null` at level `cutoff` (HodgesLehmann::Interval): the accepted reach where
/// SmallestAttainableP is below the cutoff; otherwise n1 n2, every shift. A test that can
/// reject nothing at that level bounds nothing: inverting the distribution conditional on
/// the observed ties would bound it, since that pattern makes the far shifts impossible
/// (p 0), and 1 run against 1 of equal values would read [1, 1], 3 against 3 in tied pairs
/// [0.98, 1.02].
int64_t IntervalReach(const UNullDistribution& null, int64_t u2, double cutoff);

/// The exact null distribution of U without ties, as counts: element u (0 .. n1 n2) is the
/// number of the C(n1 + n2, n1) equally likely orderings of the pooled samples whose U is at
/// most u, so the last is C(n1 + n2, n1). Exact integers while that is below 2^64 (every
/// pair of sizes up to 33 x 33), rounded to long double beyond; needs C(n1 + n2, n1) < 2^256.
/// The no-tie tables of the test are built from it, and so are LNT's critical values
/// (lnt_policy.cc).
std::vector<long double> NoTieCumulativeCounts(size_t n1, size_t n2);

/// The exact distribution whatever the cost (for tests and oracles): the cached no-tie table
/// where it exists, otherwise the dynamic program over tie groups. Its work grows as
/// (n1 + n2) min(n1, n2) n1 n2: fine at 100 x 100, hopeless at 10,000 x 10,000.
UNullDistribution ExactNullDistribution(const PooledRanks& ranks);

}  // namespace timeit::stats
