#include "timeit/hodges_lehmann.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "timeit/mann_whitney.h"

namespace timeit::stats {
namespace {

using Values = std::vector<double>;

TEST(HodgesLehmannTest, ExactRatio) {
  // after_j / before_i: 2 4 6 | 1 2 3 | 2/3 4/3 2; sorted, the fifth of nine is 2.
  RatioEstimate estimate = HodgesLehmannRatio(Values{1, 2, 3}, Values{2, 4, 6});
  EXPECT_DOUBLE_EQ(estimate.ratio, 2.0);
  // 3 against 3 can never reach 95 %: P(U <= 0) = 1/20 > 0.025.
  EXPECT_TRUE(std::isnan(estimate.lower));
  EXPECT_TRUE(std::isnan(estimate.upper));
}

TEST(HodgesLehmannTest, LowerConfidenceGivesTheExtremeRatios) {
  // 85 %: tail 0.075 >= P(U <= 0) = 0.05, so C = 0 and the interval is [D(1), D(9)].
  RatioEstimate estimate = HodgesLehmannRatio(Values{1, 2, 3}, Values{2, 4, 6}, 0.85);
  EXPECT_DOUBLE_EQ(estimate.lower, 2.0 / 3);
  EXPECT_DOUBLE_EQ(estimate.upper, 6.0);
}

TEST(HodgesLehmannTest, EvenNumberOfPairsAveragesTheMiddleLogs) {
  // Ratios 3, 5, 1.5, 2.5: the median of the logs is (log 2.5 + log 3) / 2, so the ratio is
  // the geometric mean of the middle two ratios, sqrt(7.5).
  RatioEstimate estimate = HodgesLehmannRatio(Values{1, 2}, Values{3, 5});
  EXPECT_DOUBLE_EQ(estimate.ratio, std::sqrt(7.5));
}

TEST(HodgesLehmannTest, IsRobustToAnOutlier) {
  Values before = {10, 10.1, 9.9, 10.2, 9.8};
  RatioEstimate clean = HodgesLehmannRatio(before, Values{5, 5.05, 4.95, 5.1, 4.9});
  RatioEstimate outlier = HodgesLehmannRatio(before, Values{5, 5.05, 4.95, 5.1, 500});
  EXPECT_NEAR(clean.ratio, 0.5, 1e-12);
  EXPECT_NEAR(outlier.ratio, 0.5, 0.01);  // the mean ratio would be about 20
}

TEST(HodgesLehmannTest, SingleValues) {
  RatioEstimate estimate = HodgesLehmannRatio(Values{2}, Values{3});
  EXPECT_DOUBLE_EQ(estimate.ratio, 1.5);
  EXPECT_TRUE(std::isnan(estimate.lower));
  EXPECT_TRUE(std::isnan(estimate.upper));
}

TEST(HodgesLehmannTest, AllTied) {
  RatioEstimate estimate = HodgesLehmannRatio(Values(10, 4.0), Values(10, 4.0));
  EXPECT_EQ(estimate.ratio, 1.0);
  EXPECT_EQ(estimate.lower, 1.0);
  EXPECT_EQ(estimate.upper, 1.0);
}

TEST(HodgesLehmannTest, ZeroFallsBackToShift) {
  // Differences after_j - before_i: 1 2 3 | 0 1 2 | -1 0 1; median 1, median(before) = 1.
  RatioEstimate estimate = HodgesLehmannRatio(Values{0, 1, 2}, Values{1, 2, 3}, 0.85);
  EXPECT_EQ(estimate.ratio, 2.0);
  EXPECT_EQ(estimate.lower, 0.0);  // 1 + (-1) / 1
  EXPECT_EQ(estimate.upper, 4.0);  // 1 + 3 / 1
}

TEST(HodgesLehmannTest, NegativeBaselineKeepsTheBoundsOrdered) {
  // Differences: -2 -1 -3 | -4 -3 -5 | -3 -2 -4; median -3, median(before) = -3, so ratio
  // 1 + (-3)/(-3) = 2. Dividing by a negative baseline swaps D(1) = -5 and D(9) = -1.
  RatioEstimate estimate = HodgesLehmannRatio(Values{-4, -2, -3}, Values{-6, -5, -7}, 0.85);
  EXPECT_DOUBLE_EQ(estimate.ratio, 2.0);
  EXPECT_DOUBLE_EQ(estimate.lower, 1 + 1.0 / 3);
  EXPECT_DOUBLE_EQ(estimate.upper, 1 + 5.0 / 3);
}

TEST(HodgesLehmannTest, ZeroBaselineIsNaN) {
  RatioEstimate estimate = HodgesLehmannRatio(Values{-1, 0, 1}, Values{1, 2, 3}, 0.85);
  EXPECT_TRUE(std::isnan(estimate.ratio));
  EXPECT_TRUE(std::isnan(estimate.lower));
  EXPECT_TRUE(std::isnan(estimate.upper));
}

TEST(HodgesLehmannTest, EmptyOrNonFiniteIsNaN) {
  EXPECT_TRUE(std::isnan(HodgesLehmannRatio(Values{}, Values{1, 2}).ratio));
  EXPECT_TRUE(std::isnan(HodgesLehmannRatio(Values{1, 2}, Values{}).ratio));
  EXPECT_TRUE(std::isnan(HodgesLehmannRatio(Values{1, NAN}, Values{1, 2}).ratio));
  EXPECT_TRUE(std::isnan(HodgesLehmannRatio(Values{1, 2}, Values{1, INFINITY}).ratio));
}

TEST(HodgesLehmannTest, ConfidenceOutsideZeroOneHasNoInterval) {
  Values before = {1, 2, 3, 4, 5, 6};
  Values after = {2, 3, 4, 5, 6, 7};
  for (double confidence : {0.0, 1.0, 1.5, -0.5, double{NAN}}) {
    RatioEstimate estimate = HodgesLehmannRatio(before, after, confidence);
    EXPECT_FALSE(std::isnan(estimate.ratio)) << confidence;
    EXPECT_TRUE(std::isnan(estimate.lower)) << confidence;
    EXPECT_TRUE(std::isnan(estimate.upper)) << confidence;
  }
}

// An independent brute force: the exact null distribution of U by enumerating every way of
// choosing which m of the m + n ranks belong to the first sample, and a full sort.
RatioEstimate BruteForce(const Values& before, const Values& after, double confidence) {
  size_t m = before.size();
  size_t n = after.size();
  std::vector<uint64_t> counts(m * n + 1, 0);
  uint64_t total = 0;
  for (uint32_t mask = 0; mask < (1u << (m + n)); ++mask) {
    if (static_cast<size_t>(__builtin_popcount(mask)) != m) continue;
    // U of the first sample: for each of its members, the second-sample members below it.
    size_t u = 0;
    size_t second_below = 0;
    for (size_t bit = 0; bit < m + n; ++bit) {
      if (mask & (1u << bit)) {
        u += second_below;
      } else {
        ++second_below;
      }
    }
    ++counts[u];
    ++total;
  }
  double tail = (1 - confidence) / 2;
  long critical = -1;
  uint64_t cumulative = 0;
  for (size_t u = 0; u < counts.size(); ++u) {
    cumulative += counts[u];
    if (static_cast<double>(cumulative) / static_cast<double>(total) > tail) break;
    critical = static_cast<long>(u);
  }
  Values d;
  for (double b : before) {
    for (double a : after) d.push_back(std::log(a) - std::log(b));
  }
  std::sort(d.begin(), d.end());
  size_t size = d.size();
  double median = size % 2 == 1 ? d[size / 2] : (d[size / 2 - 1] + d[size / 2]) / 2;
  RatioEstimate result{std::exp(median), NAN, NAN};
  if (critical >= 0) {
    result.lower = std::exp(d[static_cast<size_t>(critical)]);
    result.upper = std::exp(d[size - 1 - static_cast<size_t>(critical)]);
  }
  return result;
}

TEST(HodgesLehmannTest, MatchesBruteForce) {
  struct Case {
    Values before;
    Values after;
    double confidence;
  };
  std::vector<Case> cases = {
      {{10.2, 10.5, 9.9, 10.1, 10.4}, {9.1, 9.4, 9.0, 9.6, 9.2, 30.0}, 0.95},  // C = 3
      {{10.2, 10.5, 9.9, 10.1, 10.4}, {9.1, 9.4, 9.0, 9.6, 9.2, 30.0}, 0.90},  // C = 5
      {{1.0, 1.2, 0.9, 1.1, 1.05, 0.95, 1.15}, {1.3, 1.1, 1.25, 1.4, 1.2, 1.35, 1.02}, 0.95},
      {{5, 6, 7, 8}, {6, 7, 8, 9}, 0.95},  // ties among the differences
      {{2, 3, 5, 7}, {11, 13, 17, 19, 23, 29, 31, 37}, 0.99},
  };
  for (const Case& c : cases) {
    RatioEstimate expected = BruteForce(c.before, c.after, c.confidence);
    RatioEstimate actual = HodgesLehmannRatio(c.before, c.after, c.confidence);
    ASSERT_FALSE(std::isnan(expected.lower));  // each case has an interval
    EXPECT_EQ(actual.ratio, expected.ratio);
    EXPECT_EQ(actual.lower, expected.lower);
    EXPECT_EQ(actual.upper, expected.upper);
    EXPECT_LE(actual.lower, actual.ratio);
    EXPECT_GE(actual.upper, actual.ratio);
  }
}

// From numpy, with critical_u() as in mann_whitney_test.cc:
//   d = np.sort((np.log(after)[None, :] - np.log(before)[:, None]).ravel())
//   C = critical_u(len(before), len(after), (1 - conf) / 2)
//   np.exp(np.median(d)), np.exp(d[C]), np.exp(d[len(d) - C - 1])
TEST(HodgesLehmannTest, MatchesNumpy) {
  Values before = {10.2, 10.5, 9.9, 10.1, 10.4, 10.0, 10.3, 10.6, 9.8, 10.7};
  Values after = {9.1, 9.4, 9.0, 9.6, 9.2, 9.3, 9.9, 8.9, 9.5, 9.7, 9.35, 30.0};
  RatioEstimate estimate = HodgesLehmannRatio(before, after);  // C = 29
  EXPECT_NEAR(estimate.ratio, 0.9175166127617947, 1e-12);
  EXPECT_NEAR(estimate.lower, 0.8878504672897195, 1e-12);
  EXPECT_NEAR(estimate.upper, 0.9504950495049506, 1e-12);
}

// The 30-against-30 samples of mann_whitney_test.cc (np.random.default_rng(7) lognormal).
TEST(HodgesLehmannTest, ThirtyAgainstThirtyMatchesNumpy) {
  Values x = {1.000062, 1.015049, 0.986387, 0.956447, 0.977523, 0.951627, 1.003012, 1.069307,
              0.97569,  0.969453, 1.024794, 1.018005, 1.005285, 0.954542, 0.998538, 1.035377,
              0.934998, 0.977379, 0.909317, 0.937558, 0.912026, 0.988314, 0.938594, 1.013656,
              1.007868, 0.990697, 0.881758, 0.973425, 0.997578, 1.005682};
  Values y = {0.954558, 1.006131, 0.981252, 0.989612, 1.086591, 0.989677, 1.02878,  1.077043,
              1.00082,  1.024715, 1.036162, 1.033746, 0.969231, 1.034385, 1.102898, 0.953747,
              1.075697, 1.036622, 0.997929, 1.138852, 1.070486, 0.97048,  1.034301, 1.0606,
              1.020774, 1.066248, 1.027033, 1.065413, 1.107302, 0.996224};
  RatioEstimate estimate = HodgesLehmannRatio(x, y);  // C = 317
  EXPECT_NEAR(estimate.ratio, 1.0494668663847027, 1e-12);
  EXPECT_NEAR(estimate.lower, 1.0243611747218646, 1e-12);
  EXPECT_NEAR(estimate.upper, 1.073800221026361, 1e-12);
  RatioEstimate wider = HodgesLehmannRatio(x, y, 0.99);  // C = 276
  EXPECT_NEAR(wider.ratio, 1.0494668663847027, 1e-12);
  EXPECT_NEAR(wider.lower, 1.0181322115538451, 1e-12);
  EXPECT_NEAR(wider.upper, 1.0836453503355536, 1e-12);
}

}  // namespace
}  // namespace timeit::stats
