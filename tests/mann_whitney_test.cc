#include "timeit/mann_whitney.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace timeit::stats {
namespace {

using Values = std::vector<double>;

// Expected values are from SciPy 1.10.1 (Debian's python3-scipy). Regenerate with
//   from scipy.stats import mannwhitneyu
//   r = mannwhitneyu(x, y); print(repr(float(r.statistic)), repr(float(r.pvalue)))
// (defaults: alternative='two-sided', use_continuity=True, method='auto'); the method 'auto'
// chose is given as "exact"/"asymptotic" below.
void ExpectScipy(const Values& x, const Values& y, double u1, double p,
                 MannWhitneyMethod method) {
  MannWhitneyResult result = MannWhitneyU(x, y);
  EXPECT_EQ(result.u1, u1);
  EXPECT_NEAR(result.p_value, p, 1e-9 * p);
  EXPECT_EQ(result.method, method);
}

constexpr MannWhitneyMethod kExact = MannWhitneyMethod::kExact;
constexpr MannWhitneyMethod kAsymptotic = MannWhitneyMethod::kAsymptotic;

// The table in reference-perf-peers.md section 5.1 (12 significant digits there).
TEST(MannWhitneyTest, ReferenceTable) {
  ExpectScipy({19, 22, 16, 29, 24}, {20, 11, 17, 12}, 17, 0.1111111111111111, kExact);
  ExpectScipy({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}, 0, 0.007936507936507936, kExact);
  ExpectScipy({1.1, 2.3, 3.2, 4.8, 5.5, 6.1, 7.7, 8.4, 9.9, 10.2},
              {2.0, 3.5, 4.1, 5.9, 6.6, 7.2, 8.8, 9.3, 10.5, 11.4}, 40, 0.47267559351158717,
              kAsymptotic);
  ExpectScipy({1, 2, 2, 3, 4}, {2, 3, 3, 5, 6}, 6, 0.19882894401644247, kAsymptotic);  // ties
  ExpectScipy({10, 10, 11, 12, 12, 12, 13, 14, 15, 15, 16, 17},
              {12, 13, 13, 14, 15, 15, 16, 17, 17, 18, 19, 20}, 31.5, 0.020065354983945894,
              kAsymptotic);
  ExpectScipy({1, 2, 3}, {4, 5, 6}, 0, 0.1, kExact);
  ExpectScipy({5, 5, 5}, {5, 5, 5}, 4.5, 1.0, kAsymptotic);
}

TEST(MannWhitneyTest, ReferenceTableAtItsPrecision) {
  EXPECT_NEAR(MannWhitneyU(Values{19, 22, 16, 29, 24}, Values{20, 11, 17, 12}).p_value,
              0.111111111111, 1e-12);
  EXPECT_NEAR(MannWhitneyU(Values{1, 2, 2, 3, 4}, Values{2, 3, 3, 5, 6}).p_value,
              0.198828944016, 1e-12);
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
  ExpectScipy({3.5, 7.25, 12.0}, {1, 2, 4, 5, 6, 8, 9, 10, 11, 13, 14, 15}, 16,
              0.8395604395604395, kExact);
  Values twenty;
  for (int i = 2; i <= 21; ++i) twenty.push_back(i);  // list(range(2, 22)): p = 2 / C(22, 2)
  ExpectScipy({0.5, 1.5}, twenty, 0, 0.008658008658008658, kExact);
}

TEST(MannWhitneyTest, EightAgainstTwoHundredIsExact) {
  // y = list(range(200)); asymptotic would give 0.2639028849459225 and 0.00013734334425033614.
  Values y;
  for (int i = 0; i < 200; ++i) y.push_back(i);
  ExpectScipy({10.5, 50.5, 90.5, 120.5, 150.5, 170.5, 190.5, 199.5}, y, 987,
              0.26939976600971177, kExact);
  ExpectScipy({180.5, 185.5, 190.5, 195.5, 199.5, 170.5, 160.5, 150.5}, y, 1437,
              1.8830794879700514e-05, kExact);
}

TEST(MannWhitneyTest, ExactUpToEightAsymptoticFromNineBoth) {
  ExpectScipy({0.9, 1.7, 2.2, 3.9, 4.4, 5.8, 7.1, 8.6}, {1.2, 2.9, 3.1, 4.0, 6.3, 6.9, 9.4, 9.9},
              25, 0.5053613053613053, kExact);
  ExpectScipy({2, 4, 6, 8, 10, 12, 14, 16, 18}, {1, 3, 5, 7, 9, 11, 13, 15.5}, 44,
              0.4807075277663513, kExact);
  ExpectScipy({1, 3, 5, 7, 9, 11, 13, 15, 17}, {2, 4, 6, 8, 10, 12, 14, 16.5, 18}, 36,
              0.7239320396139757, kAsymptotic);
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

TEST(MannWhitneyTest, AllTiedIsOne) {
  ExpectScipy(Values(12, 3.0), Values(12, 3.0), 72, 1.0, kAsymptotic);
}

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
  Values x = {0.97, 1.03, 0.98, 0.99, 1.0,  0.99, 0.97, 1.01, 1.01, 0.96,
              1.05, 1.02, 0.98, 1.02, 0.99, 1.0,  1.02, 0.97, 1.01, 1.03,
              1.03, 0.99, 1.02, 0.97, 1.0,  1.01, 0.97, 1.0,  1.03, 1.05};
  Values y = {1.04, 1.04, 1.0,  1.0,  0.99, 1.03, 1.04, 1.01, 1.0,  1.03,
              1.03, 1.02, 1.05, 1.02, 1.02, 1.0,  1.02, 1.05, 1.02, 1.02,
              1.03, 1.03, 1.03, 1.03, 1.03, 1.0,  1.03, 0.99, 1.03, 0.99};
  ExpectScipy(x, y, 248, 0.0025704744069835733, kAsymptotic);
}

// Continuous values, no ties:
//   rng = np.random.default_rng(7)
//   x = np.round(rng.lognormal(0, 0.05, 30), 6); y = np.round(rng.lognormal(0.03, 0.05, 30), 6)
const Values kX30 = {1.000062, 1.015049, 0.986387, 0.956447, 0.977523, 0.951627, 1.003012,
                     1.069307, 0.97569,  0.969453, 1.024794, 1.018005, 1.005285, 0.954542,
                     0.998538, 1.035377, 0.934998, 0.977379, 0.909317, 0.937558, 0.912026,
                     0.988314, 0.938594, 1.013656, 1.007868, 0.990697, 0.881758, 0.973425,
                     0.997578, 1.005682};
const Values kY30 = {0.954558, 1.006131, 0.981252, 0.989612, 1.086591, 0.989677, 1.02878,
                     1.077043, 1.00082,  1.024715, 1.036162, 1.033746, 0.969231, 1.034385,
                     1.102898, 0.953747, 1.075697, 1.036622, 0.997929, 1.138852, 1.070486,
                     0.97048,  1.034301, 1.0606,   1.020774, 1.066248, 1.027033, 1.065413,
                     1.107302, 0.996224};

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

TEST(MannWhitneyTest, MinAttainablePValue) {
  EXPECT_DOUBLE_EQ(MinAttainablePValue(3, 3), 0.1);         // 2 / 20
  EXPECT_DOUBLE_EQ(MinAttainablePValue(4, 4), 2.0 / 70);    // 0.0286
  EXPECT_DOUBLE_EQ(MinAttainablePValue(5, 5), 2.0 / 252);   // 0.0079
  EXPECT_DOUBLE_EQ(MinAttainablePValue(2, 20), 2.0 / 231);  // matches the exact test above
  EXPECT_DOUBLE_EQ(MinAttainablePValue(30, 30), 2.0 / 118264581564861424.0);  // C(60, 30)
  EXPECT_EQ(MinAttainablePValue(1, 1), 1.0);
  EXPECT_EQ(MinAttainablePValue(0, 5), 1.0);
  EXPECT_EQ(MinAttainablePValue(2000, 2000), 0.0);  // underflows, never negative
  // It is what the test gives for completely separated samples.
  EXPECT_DOUBLE_EQ(MannWhitneyU(Values{1, 2, 3, 4}, Values{5, 6, 7, 8}).p_value,
                   MinAttainablePValue(4, 4));
}

// Largest u with P(U <= u) <= tail from the exact distribution, computed independently with
// exact integers by the recurrence:
//   from fractions import Fraction; from functools import lru_cache; from math import comb
//   @lru_cache(None)
//   def c(u, m, n):
//       if u < 0: return 0
//       if m == 0 or n == 0: return int(u == 0)
//       return c(u - n, m - 1, n) + c(u, m, n - 1)
//   def critical_u(m, n, tail):  # needs sys.setrecursionlimit(100000) for 3 vs 500
//       total, cum, best = comb(m + n, m), 0, -1
//       for u in range(m * n + 1):
//           cum += c(u, m, n)
//           if Fraction(cum, total) <= Fraction(tail): best = u
//           else: break
//       return best
// (10, 10) -> 23 and (20, 20) -> 127 are also the two-sided 0.05 entries of the printed
// Mann-Whitney tables.
TEST(MannWhitneyTest, CriticalUExact) {
  EXPECT_EQ(CriticalU(3, 3, 0.025), -1);
  EXPECT_EQ(CriticalU(3, 3, 0.05), 0);  // P(U <= 0) = 1/20 exactly
  EXPECT_EQ(CriticalU(4, 4, 0.025), 0);
  EXPECT_EQ(CriticalU(5, 5, 0.025), 2);
  EXPECT_EQ(CriticalU(8, 8, 0.025), 13);
  EXPECT_EQ(CriticalU(10, 10, 0.025), 23);
  EXPECT_EQ(CriticalU(20, 20, 0.025), 127);
  EXPECT_EQ(CriticalU(30, 30, 0.025), 317);
  EXPECT_EQ(CriticalU(30, 30, 0.005), 276);
  EXPECT_EQ(CriticalU(60, 60, 0.025), 1426);
  // Where the normal approximation (in brackets) would differ: large and unbalanced sizes
  // still use the exact distribution.
  EXPECT_EQ(CriticalU(60, 60, 0.0005), 1178);  // (1172)
  EXPECT_EQ(CriticalU(8, 200, 0.005), 379);    // (369)
  EXPECT_EQ(CriticalU(3, 500, 0.0005), 68);    // (-1)
  EXPECT_EQ(CriticalU(500, 3, 0.05), 332);     // (336)
  EXPECT_EQ(CriticalU(4, 10, 0.025), 5);
  EXPECT_EQ(CriticalU(10, 4, 0.025), 5);
  EXPECT_EQ(CriticalU(1, 10, 0.05), -1);
  // Asking again gives the cached table the same answer.
  EXPECT_EQ(CriticalU(30, 30, 0.025), 317);
}

// C(200, 100) exceeds 2^128: the normal approximation without ties,
//   mu, s = m*n/2, sqrt(m*n*(m+n+1)/12)
//   max(u for u in range(-1, m*n+1) if u < 0 or norm.cdf((u + 0.5 - mu)/s) <= tail)
TEST(MannWhitneyTest, CriticalUNormal) {
  EXPECT_EQ(CriticalU(100, 100, 0.025), 4197);
  EXPECT_EQ(CriticalU(200, 150, 0.025), 13163);
}

TEST(MannWhitneyTest, CriticalUEdges) {
  EXPECT_EQ(CriticalU(5, 5, 0.0), -1);
  EXPECT_EQ(CriticalU(5, 5, -0.1), -1);
  EXPECT_EQ(CriticalU(5, 5, NAN), -1);
  EXPECT_EQ(CriticalU(5, 5, 1.0), 25);
  EXPECT_EQ(CriticalU(100, 100, 1.0), 10000);
  EXPECT_EQ(CriticalU(0, 5, 0.5), -1);  // U is always 0
}

}  // namespace
}  // namespace timeit::stats
