#include "timeit/stats/mann_whitney.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

#include "stats/u_recurrence_oracle.h"

namespace timeit::stats {
namespace {

using Values = std::vector<double>;

// Expected values are from SciPy 1.10.1 (Debian's python3-scipy). Regenerate with
//   from scipy.stats import mannwhitneyu
//   r = mannwhitneyu(x, y); print(repr(float(r.statistic)), repr(float(r.pvalue)))
// (defaults: alternative='two-sided', use_continuity=True, method='auto'); the method 'auto'
// chose is given as "exact"/"asymptotic" below.
// These run in --method auto, the mode that promises SciPy's results.
enum class Used { kExact, kAsymptotic };
void ExpectScipy(const Values& x, const Values& y, double u1, double p, Used used) {
  MannWhitneyResult result = MannWhitneyU(x, y, MannWhitneyMethod::kAuto);
  EXPECT_EQ(result.u1, u1);
  EXPECT_NEAR(result.p_value, p, 1e-9 * p);
  EXPECT_EQ(result.exact, used == Used::kExact);
}

constexpr Used kExact = Used::kExact;
constexpr Used kAsymptotic = Used::kAsymptotic;

// Expected U and p from SciPy 1.10: scipy.stats.mannwhitneyu(x, y, alternative="two-sided"),
// whose default method is exact when there are no ties and neither sample has more than 8
// values, and asymptotic (with continuity correction) otherwise.
TEST(MannWhitneyTest, ReferenceTable) {
  ExpectScipy({19, 22, 16, 29, 24}, {20, 11, 17, 12}, 17, 0.1111111111111111, kExact);
  ExpectScipy({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}, 0, 0.007936507936507936, kExact);
  ExpectScipy({1.1, 2.3, 3.2, 4.8, 5.5, 6.1, 7.7, 8.4, 9.9, 10.2}, {2.0, 3.5, 4.1, 5.9, 6.6, 7.2, 8.8, 9.3, 10.5, 11.4},
              40, 0.47267559351158717, kAsymptotic);
  ExpectScipy({1, 2, 2, 3, 4}, {2, 3, 3, 5, 6}, 6, 0.19882894401644247, kAsymptotic);  // ties
  ExpectScipy({10, 10, 11, 12, 12, 12, 13, 14, 15, 15, 16, 17}, {12, 13, 13, 14, 15, 15, 16, 17, 17, 18, 19, 20}, 31.5,
              0.020065354983945894, kAsymptotic);
  ExpectScipy({1, 2, 3}, {4, 5, 6}, 0, 0.1, kExact);
  ExpectScipy({5, 5, 5}, {5, 5, 5}, 4.5, 1.0, kAsymptotic);
}

TEST(MannWhitneyTest, ReferenceTableAtItsPrecision) {
  constexpr MannWhitneyMethod kAuto = MannWhitneyMethod::kAuto;
  EXPECT_NEAR(MannWhitneyU(Values{19, 22, 16, 29, 24}, Values{20, 11, 17, 12}, kAuto).p_value, 0.111111111111, 1e-12);
  EXPECT_NEAR(MannWhitneyU(Values{1, 2, 2, 3, 4}, Values{2, 3, 3, 5, 6}, kAuto).p_value, 0.198828944016, 1e-12);
}

TEST(MannWhitneyTest, SwappingSamplesMirrorsU) {
  MannWhitneyResult forward = MannWhitneyU(Values{19, 22, 16, 29, 24}, Values{20, 11, 17, 12});
  MannWhitneyResult backward = MannWhitneyU(Values{20, 11, 17, 12}, Values{19, 22, 16, 29, 24});
  EXPECT_EQ(backward.u1, 20 - forward.u1);
  EXPECT_DOUBLE_EQ(backward.p_value, forward.p_value);
}

// SciPy's 'auto' uses the exact distribution unless *both* samples exceed 8 values: with
// 6 against 25 it is exact (asymptotic would give 0.08452747251590492).
TEST(MannWhitneyTest, UnbalancedSizesUseTheExactDistribution) {
  Values y;
  for (int i = 1; i <= 25; ++i) y.push_back(i);  // list(range(1, 26))
  ExpectScipy({9.5, 12.5, 20.5, 21.5, 23.5, 25.5}, y, 110, 0.08464703014202457, kExact);
  ExpectScipy({3.5, 7.25, 12.0}, {1, 2, 4, 5, 6, 8, 9, 10, 11, 13, 14, 15}, 16, 0.8395604395604395, kExact);
  Values twenty;
  for (int i = 2; i <= 21; ++i) twenty.push_back(i);  // list(range(2, 22)): p = 2 / C(22, 2)
  ExpectScipy({0.5, 1.5}, twenty, 0, 0.008658008658008658, kExact);
}

TEST(MannWhitneyTest, EightAgainstTwoHundredIsExact) {
  // y = list(range(200)); asymptotic would give 0.2639028849459225 and 0.00013734334425033614.
  Values y;
  for (int i = 0; i < 200; ++i) y.push_back(i);
  ExpectScipy({10.5, 50.5, 90.5, 120.5, 150.5, 170.5, 190.5, 199.5}, y, 987, 0.26939976600971177, kExact);
  ExpectScipy({180.5, 185.5, 190.5, 195.5, 199.5, 170.5, 160.5, 150.5}, y, 1437, 1.8830794879700514e-05, kExact);
}

TEST(MannWhitneyTest, ExactUpToEightAsymptoticFromNineBoth) {
  ExpectScipy({0.9, 1.7, 2.2, 3.9, 4.4, 5.8, 7.1, 8.6}, {1.2, 2.9, 3.1, 4.0, 6.3, 6.9, 9.4, 9.9}, 25,
              0.5053613053613053, kExact);
  ExpectScipy({2, 4, 6, 8, 10, 12, 14, 16, 18}, {1, 3, 5, 7, 9, 11, 13, 15.5}, 44, 0.4807075277663513, kExact);
  ExpectScipy({1, 3, 5, 7, 9, 11, 13, 15, 17}, {2, 4, 6, 8, 10, 12, 14, 16.5, 18}, 36, 0.7239320396139757, kAsymptotic);
}

TEST(MannWhitneyTest, ExactPValueAtTheCentreIsCappedAtOne) {
  // U = m n / 2: twice P(U >= 36) exceeds 1.
  ExpectScipy({1, 3, 5, 7, 9, 11, 13, 15, 17}, {2, 4, 6, 8, 10, 12, 14, 16.5}, 36, 1.0, kExact);
}

TEST(MannWhitneyTest, SingleValues) {
  ExpectScipy({1.0}, {2.0}, 0, 1.0, kExact);
  ExpectScipy({1.0}, {1.0}, 0.5, 1.0, kAsymptotic);  // a tie, sigma = 0
  ExpectScipy({0.0}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0, 0.18181818181818182, kExact);
}

TEST(MannWhitneyTest, AllTiedIsOne) { ExpectScipy(Values(12, 3.0), Values(12, 3.0), 72, 1.0, kAsymptotic); }

TEST(MannWhitneyTest, FarTailIsAccurate) {
  // x = list(range(1, 21)), y = list(range(21, 41)): z is about -5.4.
  Values x;
  Values y;
  for (int i = 1; i <= 20; ++i) x.push_back(i);
  for (int i = 21; i <= 40; ++i) y.push_back(i);
  ExpectScipy(x, y, 0, 6.795615128173358e-08, kAsymptotic);
}

// Run times rounded to hundredths, many ties:
//   rng = np.random.default_rng(12345)
//   x = np.round(rng.normal(1.00, 0.02, 30), 2); y = np.round(rng.normal(1.02, 0.02, 30), 2)
TEST(MannWhitneyTest, ThirtyAgainstThirtyWithTies) {
  Values x = {0.97, 1.03, 0.98, 0.99, 1.0,  0.99, 0.97, 1.01, 1.01, 0.96, 1.05, 1.02, 0.98, 1.02, 0.99,
              1.0,  1.02, 0.97, 1.01, 1.03, 1.03, 0.99, 1.02, 0.97, 1.0,  1.01, 0.97, 1.0,  1.03, 1.05};
  Values y = {1.04, 1.04, 1.0,  1.0,  0.99, 1.03, 1.04, 1.01, 1.0,  1.03, 1.03, 1.02, 1.05, 1.02, 1.02,
              1.0,  1.02, 1.05, 1.02, 1.02, 1.03, 1.03, 1.03, 1.03, 1.03, 1.0,  1.03, 0.99, 1.03, 0.99};
  ExpectScipy(x, y, 248, 0.0025704744069835733, kAsymptotic);
}

// Continuous values, no ties:
//   rng = np.random.default_rng(7)
//   x = np.round(rng.lognormal(0, 0.05, 30), 6); y = np.round(rng.lognormal(0.03, 0.05, 30), 6)
const Values kX30 = {1.000062, 1.015049, 0.986387, 0.956447, 0.977523, 0.951627, 1.003012, 1.069307,
                     0.97569,  0.969453, 1.024794, 1.018005, 1.005285, 0.954542, 0.998538, 1.035377,
                     0.934998, 0.977379, 0.909317, 0.937558, 0.912026, 0.988314, 0.938594, 1.013656,
                     1.007868, 0.990697, 0.881758, 0.973425, 0.997578, 1.005682};
const Values kY30 = {0.954558, 1.006131, 0.981252, 0.989612, 1.086591, 0.989677, 1.02878,  1.077043,
                     1.00082,  1.024715, 1.036162, 1.033746, 0.969231, 1.034385, 1.102898, 0.953747,
                     1.075697, 1.036622, 0.997929, 1.138852, 1.070486, 0.97048,  1.034301, 1.0606,
                     1.020774, 1.066248, 1.027033, 1.065413, 1.107302, 0.996224};

TEST(MannWhitneyTest, ThirtyAgainstThirtyContinuous) {
  ExpectScipy(kX30, kY30, 193, 0.0001493155009485189, kAsymptotic);
}

TEST(MannWhitneyTest, EmptyOrNaNGivesNaN) {
  MannWhitneyResult empty = MannWhitneyU(Values{}, Values{1, 2});
  EXPECT_TRUE(std::isnan(empty.p_value));
  EXPECT_TRUE(std::isnan(empty.u1));
  MannWhitneyResult with_nan = MannWhitneyU(Values{1, NAN}, Values{1, 2});
  EXPECT_TRUE(std::isnan(with_nan.p_value));
  EXPECT_TRUE(std::isnan(with_nan.u1));
}

TEST(MannWhitneyTest, MethodNames) {
  EXPECT_EQ(MannWhitneyMethodName(MannWhitneyMethod::kExact), "exact");
  EXPECT_EQ(MannWhitneyMethodName(MannWhitneyMethod::kAuto), "auto");
  EXPECT_EQ(MannWhitneyMethodName(MannWhitneyMethod::kAsymptotic), "asymptotic");
}

// ---- The exact method, ties included ---------------------------------------------------

// An oracle independent of the dynamic program: every way of choosing which n1 of the
// pooled values form the first sample, the mid-ranks computed afresh, and the share of
// splits whose (doubled) rank sum lies at least as far from its mean as the observed one.
struct BruteForce {
  std::vector<int64_t> distances;  // |2 R - 2 E[R]| of every split
  int64_t observed = 0;
  double P(int64_t distance) const {
    size_t count = 0;
    for (int64_t d : distances) count += d >= distance ? 1 : 0;
    return static_cast<double>(count) / static_cast<double>(distances.size());
  }
};

BruteForce Enumerate(const Values& x, const Values& y) {
  Values pooled = x;
  pooled.insert(pooled.end(), y.begin(), y.end());
  size_t n = pooled.size();
  std::vector<int64_t> doubled_rank(n);  // 2 x mid-rank: 1 + (values below) * 2 + (equal values)
  for (size_t i = 0; i < n; ++i) {
    int64_t below = 0, equal = 0;
    for (double v : pooled) {
      below += v < pooled[i] ? 1 : 0;
      equal += v == pooled[i] ? 1 : 0;
    }
    doubled_rank[i] = 2 * below + equal + 1;
  }
  auto n1 = static_cast<int64_t>(x.size());
  int64_t doubled_mean = n1 * static_cast<int64_t>(n + 1);  // 2 n1 (N + 1) / 2
  BruteForce result;
  int64_t observed_sum = 0;
  for (size_t i = 0; i < x.size(); ++i) observed_sum += doubled_rank[i];
  result.observed = std::llabs(observed_sum - doubled_mean);
  for (uint32_t mask = 0; mask < (1u << n); ++mask) {
    if (__builtin_popcount(mask) != n1) continue;
    int64_t sum = 0;
    for (size_t i = 0; i < n; ++i) sum += (mask >> i) & 1 ? doubled_rank[i] : 0;
    result.distances.push_back(std::llabs(sum - doubled_mean));
  }
  return result;
}

TEST(MannWhitneyTest, ExactMatchesBruteForceWithAndWithoutTies) {
  struct Case {
    Values x, y;
  };
  std::vector<Case> cases = {
      {{1, 2, 2, 3, 4}, {2, 3, 3, 5, 6}},
      {{4, 4, 4, 8, 8}, {8, 8, 8, 12, 12}},                                   // whole clock ticks
      {{0, 0, 0, 0, 1}, {0, 1, 1, 1, 1, 1}},                                  // counts, mostly 0 or 1
      {{2}, {1, 2, 2, 3}},                                                    // one run against four
      {{3, 3, 3}, {3, 3, 3, 3}},                                              // every value tied: p = 1
      {{0.3, 1.7, 2.2, 5.1, 0.9, 3.3}, {4.4, 2.8, 6.1, 7.0, 3.9, 5.5, 8.2}},  // no ties
      {{1, 1, 2, 2, 3, 3, 4, 4, 5, 5}, {3, 3, 4, 4, 5, 5, 6, 6, 7, 7}},       // 10 vs 10
      {{1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15, 16}},            // separated
      {{5, 5, 5, 5, 1, 9, 9, 9}, {5, 5, 2, 2, 2, 8, 8}},
  };
  for (const Case& c : cases) {
    BruteForce oracle = Enumerate(c.x, c.y);
    MannWhitneyResult result = MannWhitneyU(c.x, c.y, MannWhitneyMethod::kExact);
    EXPECT_TRUE(result.exact);
    EXPECT_NEAR(result.p_value, oracle.P(oracle.observed), 1e-12) << ::testing::PrintToString(c.x);
    // Swapping the samples changes nothing (the two U are mirror images).
    EXPECT_NEAR(MannWhitneyU(c.y, c.x, MannWhitneyMethod::kExact).p_value, result.p_value, 1e-12);
    // Every accepted reach agrees with the enumeration: the largest distance whose p is
    // still at least the cutoff.
    UNullDistribution null = NullDistribution(RankPooled(c.x, c.y), MannWhitneyMethod::kExact);
    for (double cutoff : {0.001, 0.01, 0.05, 0.2, 0.5}) {
      int64_t reach = 0;
      for (int64_t d = 0; d <= static_cast<int64_t>(c.x.size() * c.y.size()); ++d) {
        if (oracle.P(d) >= cutoff - 1e-12) reach = d;
      }
      EXPECT_EQ(null.AcceptedReach(cutoff), reach) << ::testing::PrintToString(c.x) << " cutoff " << cutoff;
    }
  }
}

// Without ties the exact method is the classical exact test. R 4.2.2:
//   options(digits = 17)
//   wilcox.test(1:50, (1:50) + 20.5, exact = TRUE)$p.value
//   wilcox.test(1:50, (1:50) + 35.5, exact = TRUE)$p.value
//   x <- c(5.5, 100.5, 2000.5, 3000.5, 5000.5, 7000.5, 8000.5, 9000.5, 9500.5, 9999.5)
//   wilcox.test(x, 1:10000, exact = TRUE)$p.value
//   wilcox.test(9990.5 + 0:9, 1:10000, exact = TRUE)$p.value
//   wilcox.test(1.5 + 0:6, 1:3000, exact = TRUE)$p.value
TEST(MannWhitneyTest, ExactWithoutTiesMatchesR) {
  auto range = [](double from, int count) {
    Values values;
    for (int i = 0; i < count; ++i) values.push_back(from + i);
    return values;
  };
  auto expect = [](const Values& x, const Values& y, double p) {
    MannWhitneyResult result = MannWhitneyU(x, y, MannWhitneyMethod::kExact);
    EXPECT_TRUE(result.exact);
    EXPECT_NEAR(result.p_value, p, 1e-9 * p);
  };
  expect(range(1, 50), range(21.5, 50), 3.3553375012889436e-09);
  expect(range(1, 50), range(36.5, 50), 5.9179705720975807e-20);
  expect({5.5, 100.5, 2000.5, 3000.5, 5000.5, 7000.5, 8000.5, 9000.5, 9500.5, 9999.5}, range(1, 10000),
         0.69738062885268803);
  expect(range(9990.5, 10), range(1, 10000), 6.8391388665625323e-28);
  expect(range(1.5, 7), range(1, 3000), 3.9091848284718989e-17);
}

// With ties the exact method is the permutation distribution conditional on the ties, as
// R's coin computes it (coin 1.4-2, R 4.2.2):
//   library(coin); options(digits = 17)
//   cp <- function(x, y) {
//     d <- data.frame(v = c(x, y), g = factor(rep(c("x", "y"), c(length(x), length(y)))))
//     pvalue(wilcox_test(v ~ g, data = d, distribution = "exact"))
//   }
//   cp(rep(1:5, each = 10), rep(2:6, each = 10))
//   cp(c(4,4,4,4,4,4,8,8,8,8), c(8,8,8,8,8,8,8,12,12,12))
//   cp(c(1,2,2,3,3,3,4,5,5,6,7,7), c(3,4,4,5,5,6,6,6,7,8,8,9,9,10,10))
//   cp(rep(0, 20), rep(1, 20))
//   cp(c(rep(0, 19), 1), c(rep(0, 15), rep(1, 5)))
TEST(MannWhitneyTest, ExactWithTiesMatchesCoin) {
  auto repeat = [](std::initializer_list<double> values, int times) {
    Values out;
    for (double v : values) out.insert(out.end(), times, v);
    return out;
  };
  auto expect = [](const Values& x, const Values& y, double p) {
    MannWhitneyResult result = MannWhitneyU(x, y, MannWhitneyMethod::kExact);
    EXPECT_TRUE(result.exact);
    EXPECT_NEAR(result.p_value, p, 1e-9 * p);
  };
  expect(repeat({1, 2, 3, 4, 5}, 10), repeat({2, 3, 4, 5, 6}, 10), 0.0015229555806233592);  // 50 x 50
  expect({4, 4, 4, 4, 4, 4, 8, 8, 8, 8}, {8, 8, 8, 8, 8, 8, 8, 12, 12, 12}, 0.0035722791140747798);
  expect({1, 2, 2, 3, 3, 3, 4, 5, 5, 6, 7, 7}, {3, 4, 4, 5, 5, 6, 6, 6, 7, 8, 8, 9, 9, 10, 10}, 0.0058543384495733392);
  expect(Values(20, 0.0), Values(20, 1.0), 1.4508889103849688e-11);  // 0 -> 1: 2 / C(40, 20)
  Values base(19, 0.0);
  base.push_back(1);
  Values changed(15, 0.0);
  changed.insert(changed.end(), 5, 1.0);
  expect(base, changed, 0.18176418176418174);
}

// Where SciPy's auto rule goes asymptotic because of ties, the exact test can be far
// smaller: 20 runs of 0 against 20 runs of 1.
TEST(MannWhitneyTest, TiesNoLongerForceTheNormalApproximation) {
  Values zeros(20, 0.0), ones(20, 1.0);
  MannWhitneyResult exact = MannWhitneyU(zeros, ones, MannWhitneyMethod::kExact);
  MannWhitneyResult scipy = MannWhitneyU(zeros, ones, MannWhitneyMethod::kAuto);
  EXPECT_TRUE(exact.exact);
  EXPECT_FALSE(scipy.exact);
  EXPECT_NEAR(scipy.p_value, 4.7e-10, 0.05e-10);  // the normal approximation, as SciPy
  EXPECT_LT(exact.p_value, scipy.p_value / 30);
}

TEST(MannWhitneyTest, WhereTheExactMethodIsCheap) {
  // One tie (two equal values) among otherwise distinct values, or none.
  auto ranks = [](size_t n1, size_t n2, bool ties) {
    PooledRanks r;
    r.n1 = n1;
    r.n2 = n2;
    r.has_ties = ties;
    r.tie_groups.assign(n1 + n2, 1);
    if (ties) {
      r.tie_groups.pop_back();
      r.tie_groups[0] = 2;
    }
    return r;
  };
  auto groups = [](size_t side, std::vector<uint32_t> sizes) {
    PooledRanks r;
    r.n1 = r.n2 = side;
    r.has_ties = true;
    r.tie_groups = std::move(sizes);
    return r;
  };
  constexpr MannWhitneyMethod kExactMethod = MannWhitneyMethod::kExact;
  // Without ties: every pair up to 129 x 129, one side of 25 against 10,000.
  EXPECT_TRUE(UsesExact(ranks(129, 129, false), kExactMethod));
  EXPECT_TRUE(UsesExact(ranks(25, 10000, false), kExactMethod));
  EXPECT_TRUE(UsesExact(ranks(10000, 25, false), kExactMethod));
  EXPECT_FALSE(UsesExact(ranks(130, 130, false), kExactMethod));   // C(260, 130) >= 2^255
  EXPECT_FALSE(UsesExact(ranks(26, 10000, false), kExactMethod));  // C(10026, 26) >= 2^255
  EXPECT_FALSE(UsesExact(ranks(10, 30000, false), kExactMethod));  // more than 2^18 values of U
  // With ties: every pair up to 90 x 90 (the issue asks for 50 x 50), and unbalanced pairs
  // of similar cost.
  EXPECT_TRUE(UsesExact(ranks(50, 50, true), kExactMethod));
  EXPECT_TRUE(UsesExact(ranks(90, 90, true), kExactMethod));
  EXPECT_FALSE(UsesExact(ranks(91, 91, true), kExactMethod));
  // A report of many tied rows gives each less, never less than 50 x 50 needs.
  EXPECT_TRUE(UsesExact(ranks(50, 50, true), kExactMethod, kMinTieWork));
  EXPECT_FALSE(UsesExact(ranks(60, 60, true), kExactMethod, kMinTieWork));
  EXPECT_TRUE(UsesExact(ranks(10, 800, true), kExactMethod));
  EXPECT_FALSE(UsesExact(ranks(10, 900, true), kExactMethod));
  EXPECT_FALSE(UsesExact(ranks(10, 10000, true), kExactMethod));
  // Few distinct values cost little: two values exact up to 1,447 a side, three to 209.
  EXPECT_TRUE(UsesExact(groups(1447, {1447, 1447}), kExactMethod));
  EXPECT_FALSE(UsesExact(groups(1448, {1448, 1448}), kExactMethod));
  EXPECT_TRUE(UsesExact(groups(209, {139, 139, 140}), kExactMethod));
  // Auto is SciPy's rule; asymptotic never.
  EXPECT_TRUE(UsesExact(ranks(8, 200, false), MannWhitneyMethod::kAuto));
  EXPECT_FALSE(UsesExact(ranks(9, 9, false), MannWhitneyMethod::kAuto));
  EXPECT_FALSE(UsesExact(ranks(3, 3, true), MannWhitneyMethod::kAuto));
  EXPECT_FALSE(UsesExact(ranks(3, 3, false), MannWhitneyMethod::kAsymptotic));
}

// Two distinct values (counts of 0 and 1) at a size far beyond SciPy's exact tables: the
// exact conditional test is the hypergeometric one. With k ones among 600 base runs and
// 300 + k among 600 new ones... computed here independently as Fisher's two-sided sum over
// the hypergeometric distribution of the number of ones in the base sample, counting the
// tables at least as far from the mean.
TEST(MannWhitneyTest, TwoDistinctValuesAtLargeSizes) {
  constexpr int kSide = 600, kBaseOnes = 280, kNewOnes = 320;
  Values x(kSide, 0.0), y(kSide, 0.0);
  for (int i = 0; i < kBaseOnes; ++i) x[i] = 1;
  for (int i = 0; i < kNewOnes; ++i) y[i] = 1;
  MannWhitneyResult result = MannWhitneyU(x, y, MannWhitneyMethod::kExact);
  ASSERT_TRUE(result.exact);
  // Ones in the base sample ~ hypergeometric(N = 1200, K = 600 ones, draws = 600); U is
  // linear in it, so "as far from the mean" is |k - 300| >= 20.
  constexpr int kTotalOnes = kBaseOnes + kNewOnes, kN = 2 * kSide;
  auto log_choose = [](int n, int k) { return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0); };
  double mean = static_cast<double>(kSide) * kTotalOnes / kN;
  double tail = 0;
  for (int k = 0; k <= kTotalOnes; ++k) {
    if (std::fabs(k - mean) < std::fabs(kBaseOnes - mean)) continue;
    tail += std::exp(log_choose(kTotalOnes, k) + log_choose(kN - kTotalOnes, kSide - k) - log_choose(kN, kSide));
  }
  EXPECT_NEAR(result.p_value, tail, 1e-9 * tail);
  // SciPy's normal approximation understates it here.
  EXPECT_LT(MannWhitneyU(x, y, MannWhitneyMethod::kAuto).p_value, result.p_value);
}

TEST(MannWhitneyTest, NoTieCumulativeCountsMatchTheRecurrence) {
  for (auto [m, n] : {std::pair<size_t, size_t>{1, 1}, {2, 2}, {3, 7}, {7, 3}, {9, 14}, {20, 20}, {33, 33}}) {
    std::vector<long double> cumulative = NoTieCumulativeCounts(m, n);
    std::vector<uint64_t> counts = oracle::RecurrenceUCounts<uint64_t>(m, n, m * n + 1);
    ASSERT_EQ(cumulative.size(), counts.size());
    uint64_t running = 0;
    for (size_t u = 0; u < counts.size(); ++u) {
      running += counts[u];
      ASSERT_EQ(cumulative[u], static_cast<long double>(running)) << m << "x" << n << " u " << u;
    }
  }
}

// Beyond the boundary, without ties, the normal approximation is conservative and close.
// The exact distribution here comes from the test oracle's recurrence, independent of the
// library's table; only the lower tail (u up to 6,500, beyond p = 1e-3) is needed.
TEST(MannWhitneyTest, NormalApproximationBeyondTheBoundaryIsConservative) {
  constexpr size_t kSide = 130;  // the first balanced size without an exact table
  constexpr size_t kCells = 6501;
  const std::vector<long double> counts = oracle::RecurrenceUCounts<long double>(kSide, kSide, kCells);
  long double total = std::exp(std::lgamma(261.0L) - 2 * std::lgamma(131.0L));  // C(260, 130)
  Values x;
  for (size_t i = 1; i <= kSide; ++i) x.push_back(static_cast<double>(i));
  for (double shift : {16.5, 22.5, 27.5}) {  // p about 1e-3, 1e-5 and 1e-7
    Values y;
    for (double v : x) y.push_back(v + shift);
    MannWhitneyResult approximate = MannWhitneyU(x, y, MannWhitneyMethod::kExact);
    ASSERT_FALSE(approximate.exact);
    auto u = static_cast<size_t>(approximate.u1);  // the smaller U: x is below y
    ASSERT_LT(u, kCells);
    long double tail = 0;
    for (size_t k = 0; k <= u; ++k) tail += counts[k];
    double exact = static_cast<double>(2 * tail / total);
    EXPECT_GE(approximate.p_value, exact) << shift;        // conservative
    EXPECT_LE(approximate.p_value, 1.6 * exact) << shift;  // within 60 % down to 1e-7
  }
}

TEST(MannWhitneyTest, SmallestPValue) {
  constexpr MannWhitneyMethod kExactMethod = MannWhitneyMethod::kExact;
  constexpr MannWhitneyMethod kAuto = MannWhitneyMethod::kAuto;
  EXPECT_DOUBLE_EQ(SmallestPValue(3, 3, kExactMethod), 0.1);             // 2 / 20
  EXPECT_DOUBLE_EQ(SmallestPValue(4, 4, kExactMethod), 2.0 / 70);        // 0.0286
  EXPECT_DOUBLE_EQ(SmallestPValue(5, 5, kExactMethod), 2.0 / 252);       // 0.0079
  EXPECT_DOUBLE_EQ(SmallestPValue(8, 8, kExactMethod), 2.0 / 12870);     // 1.55e-4
  EXPECT_DOUBLE_EQ(SmallestPValue(10, 10, kExactMethod), 2.0 / 184756);  // 1.08e-5
  EXPECT_DOUBLE_EQ(SmallestPValue(2, 20, kExactMethod), 2.0 / 231);
  EXPECT_DOUBLE_EQ(SmallestPValue(30, 30, kExactMethod), 2.0 / 118264581564861424.0);  // C(60, 30)
  EXPECT_EQ(SmallestPValue(1, 1, kExactMethod), 1.0);
  EXPECT_EQ(SmallestPValue(0, 5, kExactMethod), 1.0);
  EXPECT_EQ(SmallestPValue(2000, 2000, kExactMethod), 0.0);  // underflows, never negative
  // SciPy's auto uses the normal approximation once both sides exceed 8 runs:
  //   mannwhitneyu(range(10), range(10, 20)).pvalue, mannwhitneyu(range(9), range(9, 18))
  EXPECT_NEAR(SmallestPValue(10, 10, kAuto), 0.00018267179110955002, 1e-15);
  EXPECT_NEAR(SmallestPValue(9, 9, kAuto), 0.00041229480206169127, 1e-15);
  EXPECT_DOUBLE_EQ(SmallestPValue(8, 8, kAuto), 2.0 / 12870);
  //   mannwhitneyu(range(5), range(5, 10), method='asymptotic').pvalue
  EXPECT_NEAR(SmallestPValue(5, 5, MannWhitneyMethod::kAsymptotic), 0.012185780355344813, 1e-15);
  // It is what each method gives completely separated samples.
  for (MannWhitneyMethod method : {kExactMethod, kAuto, MannWhitneyMethod::kAsymptotic}) {
    for (size_t n : {3, 8, 10, 25}) {
      Values low, high;
      for (size_t i = 0; i < n; ++i) {
        low.push_back(static_cast<double>(i));
        high.push_back(static_cast<double>(i + n));
      }
      EXPECT_DOUBLE_EQ(MannWhitneyU(low, high, method).p_value, SmallestPValue(n, n, method)) << n;
    }
  }
}

// The accepted reach is where the two-sided p-value crosses the cutoff. Classical
// two-sided 5 % critical values (the largest u with P(U <= u) <= 0.025, as in the printed
// tables): 23 at 10 x 10, 127 at 20 x 20. Accepted are 2U from 2 (C + 1) to
// 2 (mn - C - 1), a reach of mn - 2 (C + 1).
TEST(MannWhitneyTest, AcceptedReachMatchesCriticalValues) {
  auto reach = [](size_t n1, size_t n2, double cutoff, MannWhitneyMethod method) {
    PooledRanks ranks;
    ranks.n1 = n1;
    ranks.n2 = n2;
    ranks.tie_groups.assign(n1 + n2, 1);
    return NullDistribution(ranks, method).AcceptedReach(cutoff);
  };
  EXPECT_EQ(reach(10, 10, 0.05, MannWhitneyMethod::kExact), 100 - 2 * 24);
  EXPECT_EQ(reach(20, 20, 0.05, MannWhitneyMethod::kExact), 400 - 2 * 128);
  // 3 vs 3 cannot reject anything at 0.05 (its smallest p is 0.1): the reach is everything.
  EXPECT_EQ(reach(3, 3, 0.05, MannWhitneyMethod::kExact), 9);
  EXPECT_EQ(reach(3, 3, 0.0, MannWhitneyMethod::kExact), 9);
  EXPECT_EQ(reach(3, 3, NAN, MannWhitneyMethod::kExact), 9);
  // The normal approximation: the largest distance d with 2 sf((d / 2 - 1/2) / sigma) >= c;
  // at 100 x 100 and 0.05, sigma = sqrt(10000 * 201 / 12) and d / 2 - 1/2 <= 1.95996 sigma.
  double sigma = std::sqrt(10000.0 * 201 / 12);
  auto expected = static_cast<int64_t>(std::floor(2 * (0.5 + 1.959963984540054 * sigma)));
  EXPECT_EQ(reach(100, 100, 0.05, MannWhitneyMethod::kAsymptotic), expected);
}

// The smallest p attainable: complete separation at these sizes (exact: 2 / C(7, 3) for 3
// against 4; the normal approximation: its p at 2U = 0, SciPy's 0.0122 at 5 vs 5 above), or
// the samples' own p where the conditional test with ties gives less.
TEST(MannWhitneyTest, SmallestAttainableP) {
  PooledRanks untied = RankPooled(Values{1, 2, 3}, Values{4, 5, 6, 7});
  UNullDistribution exact = NullDistribution(untied, MannWhitneyMethod::kExact);
  EXPECT_DOUBLE_EQ(SmallestAttainableP(exact, untied.u2), 2.0 / 35);
  PooledRanks five = RankPooled(Values{1, 2, 3, 4, 5}, Values{3.5, 6, 7, 8, 9});
  UNullDistribution normal = NullDistribution(five, MannWhitneyMethod::kAsymptotic);
  EXPECT_NEAR(SmallestAttainableP(normal, five.u2), 0.012185780355344813, 1e-15);
  // 1,1,3 against 4,4,4,7 (mid-ranks 1.5 1.5 3 | 5 5 5 7): of the C(7, 3) = 35 equally
  // likely ways to give 3 of the mid-ranks to the first sample, only this one is as far
  // from the mean rank sum 12 (by 6) on either side (the largest sum is 17), so p = 1/35.
  PooledRanks tied = RankPooled(Values{1, 1, 3}, Values{4, 4, 4, 7});
  UNullDistribution conditional = NullDistribution(tied, MannWhitneyMethod::kExact);
  EXPECT_DOUBLE_EQ(conditional.TwoSidedP(tied.u2), 1.0 / 35);
  EXPECT_DOUBLE_EQ(SmallestAttainableP(conditional, tied.u2), 1.0 / 35);
}

// The interval's reach: the accepted reach where the level can be reached at all, else every
// shift (n1 n2).
TEST(MannWhitneyTest, IntervalReach) {
  PooledRanks three = RankPooled(Values{1, 2, 3}, Values{4, 5, 6});
  UNullDistribution small = NullDistribution(three, MannWhitneyMethod::kExact);
  EXPECT_EQ(IntervalReach(small, three.u2, 0.05), 9);  // 3 vs 3 cannot go below 0.1
  EXPECT_EQ(IntervalReach(small, three.u2, 0.2), small.AcceptedReach(0.2));
  PooledRanks ten = RankPooled(Values{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, Values{11, 12, 13, 14, 15, 16, 17, 18, 19, 20});
  UNullDistribution exact = NullDistribution(ten, MannWhitneyMethod::kExact);
  EXPECT_EQ(IntervalReach(exact, ten.u2, 0.05), 100 - 2 * 24);  // as AcceptedReachMatchesCriticalValues
  // Ties that take the p below the untied bound make the level reachable after all.
  PooledRanks tied = RankPooled(Values{1, 1, 3}, Values{4, 4, 4, 7});
  UNullDistribution conditional = NullDistribution(tied, MannWhitneyMethod::kExact);
  EXPECT_EQ(IntervalReach(conditional, tied.u2, 0.05), conditional.AcceptedReach(0.05));
  EXPECT_LT(conditional.AcceptedReach(0.05), 12);
}

}  // namespace
}  // namespace timeit::stats
