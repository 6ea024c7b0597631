#include "timeit/stats/hodges_lehmann.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "timeit/stats/mann_whitney.h"

namespace timeit::stats {
namespace {

using Values = std::vector<double>;
using Scale = HodgesLehmann::Scale;

// Every pairwise difference after_j - before_i, sorted: what the class avoids building.
Values AllDifferences(const Values& before, const Values& after, Scale scale) {
  Values d;
  for (double b : before) {
    for (double a : after) d.push_back(scale == Scale::kLog ? std::log(a) - std::log(b) : a - b);
  }
  std::sort(d.begin(), d.end());
  return d;
}

// The accepted reach of the exact test at `cutoff` (see mann_whitney.h), conditional on
// the samples' ties.
int64_t Reach(const Values& before, const Values& after, double cutoff) {
  return NullDistribution(RankPooled(before, after), MannWhitneyMethod::kExact).AcceptedReach(cutoff);
}

// The accepted reach of the exact test without ties, for the classical interval.
int64_t NoTieReach(size_t m, size_t n, double cutoff) {
  PooledRanks ranks;
  ranks.n1 = m;
  ranks.n2 = n;
  ranks.tie_groups.assign(m + n, 1);
  return NullDistribution(ranks, MannWhitneyMethod::kExact).AcceptedReach(cutoff);
}

TEST(HodgesLehmannTest, RatioIsTheMedianPairwiseRatio) {
  // after_j / before_i: 2 4 6 | 1 2 3 | 2/3 4/3 2; sorted, the fifth of nine is 2.
  EXPECT_DOUBLE_EQ(std::exp(HodgesLehmann(Values{1, 2, 3}, Values{2, 4, 6}, Scale::kLog).Estimate()), 2.0);
  // Ratios 3, 5, 1.5, 2.5: the median of the logs is (log 2.5 + log 3) / 2, so the ratio is
  // the geometric mean of the middle two ratios, sqrt(7.5).
  EXPECT_DOUBLE_EQ(std::exp(HodgesLehmann(Values{1, 2}, Values{3, 5}, Scale::kLog).Estimate()), std::sqrt(7.5));
  EXPECT_DOUBLE_EQ(std::exp(HodgesLehmann(Values{2}, Values{3}, Scale::kLog).Estimate()), 1.5);
  EXPECT_EQ(HodgesLehmann(Values(10, 4.0), Values(10, 4.0), Scale::kLog).Estimate(), 0.0);
}

TEST(HodgesLehmannTest, ShiftIsTheMedianPairwiseDifference) {
  // Differences after_j - before_i: 1 2 3 | 0 1 2 | -1 0 1; the median is 1.
  EXPECT_EQ(HodgesLehmann(Values{0, 1, 2}, Values{1, 2, 3}, Scale::kLinear).Estimate(), 1.0);
  // 0 -> 1 in every run.
  EXPECT_EQ(HodgesLehmann(Values(20, 0.0), Values(20, 1.0), Scale::kLinear).Estimate(), 1.0);
}

TEST(HodgesLehmannTest, IsRobustToAnOutlier) {
  Values before = {10, 10.1, 9.9, 10.2, 9.8};
  double clean = std::exp(HodgesLehmann(before, Values{5, 5.05, 4.95, 5.1, 4.9}, Scale::kLog).Estimate());
  double outlier = std::exp(HodgesLehmann(before, Values{5, 5.05, 4.95, 5.1, 500}, Scale::kLog).Estimate());
  EXPECT_NEAR(clean, 0.5, 1e-12);
  EXPECT_NEAR(outlier, 0.5, 0.01);  // the mean ratio would be about 20
}

TEST(HodgesLehmannTest, SelectMatchesAFullSort) {
  std::mt19937_64 engine(42);
  std::lognormal_distribution<double> noise(0, 0.1);
  std::uniform_int_distribution<int> ticks(0, 5);
  for (int round = 0; round < 20; ++round) {
    size_t m = 1 + round % 7 * 5, n = 1 + round % 5 * 9;
    Values before, after;
    for (size_t i = 0; i < m; ++i) before.push_back(round % 2 ? noise(engine) : ticks(engine));
    for (size_t j = 0; j < n; ++j) after.push_back(round % 2 ? noise(engine) * 1.05 : ticks(engine));
    Scale scale = round % 2 ? Scale::kLog : Scale::kLinear;
    Values sorted = AllDifferences(before, after, scale);
    HodgesLehmann pairs(before, after, scale);
    ASSERT_EQ(pairs.pairs(), sorted.size());
    for (uint64_t k = 1; k <= sorted.size(); ++k) EXPECT_EQ(pairs.Select(k), sorted[k - 1]) << round << " " << k;
  }
}

TEST(HodgesLehmannTest, SelectHandlesNegativeAndZeroDifferences) {
  Values before = {-3, -1, 0, 2}, after = {-2, 0, 0, 5};
  Values sorted = AllDifferences(before, after, Scale::kLinear);
  HodgesLehmann pairs(before, after, Scale::kLinear);
  for (uint64_t k = 1; k <= sorted.size(); ++k) EXPECT_EQ(pairs.Select(k), sorted[k - 1]) << k;
}

// An independent oracle for the interval: scan candidate shifts (every distinct difference,
// the middle of every gap between them, and beyond both ends), count U(d) pair by pair, and
// take the closure of the accepted ones.
ShiftInterval BruteForceInterval(const Values& before, const Values& after, Scale scale, int64_t reach) {
  Values d = AllDifferences(before, after, scale);
  d.erase(std::unique(d.begin(), d.end()), d.end());
  auto size = static_cast<int64_t>(before.size() * after.size());
  auto accepted = [&](double shift) {
    int64_t doubled_u = 0;
    for (double b : before) {
      for (double a : after) {
        double difference = scale == Scale::kLog ? std::log(a) - std::log(b) : a - b;
        doubled_u += difference > shift ? 2 : difference == shift ? 1 : 0;
      }
    }
    return std::llabs(doubled_u - size) <= reach;
  };
  ShiftInterval interval{INFINITY, -INFINITY};
  if (accepted(d.front() - 1)) interval.lower = -INFINITY;
  if (accepted(d.back() + 1)) interval.upper = INFINITY;
  for (size_t i = 0; i < d.size(); ++i) {
    if (accepted(d[i])) {
      interval.lower = std::min(interval.lower, d[i]);
      interval.upper = std::max(interval.upper, d[i]);
    }
    if (i + 1 < d.size() && accepted((d[i] + d[i + 1]) / 2)) {  // the gap's closure
      interval.lower = std::min(interval.lower, d[i]);
      interval.upper = std::max(interval.upper, d[i + 1]);
    }
  }
  return interval;
}

TEST(HodgesLehmannTest, IntervalMatchesBruteForceInversion) {
  struct Case {
    Values before, after;
    Scale scale;
  };
  std::vector<Case> cases = {
      {{10.2, 10.5, 9.9, 10.1, 10.4}, {9.1, 9.4, 9.0, 9.6, 9.2, 30.0}, Scale::kLog},
      {{1.0, 1.2, 0.9, 1.1, 1.05, 0.95, 1.15}, {1.3, 1.1, 1.25, 1.4, 1.2, 1.35, 1.02}, Scale::kLog},
      {{5, 6, 7, 8}, {6, 7, 8, 9}, Scale::kLog},                                         // tied differences
      {{4, 4, 4, 4, 4, 4, 8, 8, 8, 8}, {8, 8, 8, 8, 8, 8, 8, 12, 12, 12}, Scale::kLog},  // clock ticks
      {{0, 0, 0, 1, 2, 0, 1}, {1, 2, 1, 3, 2, 2, 4, 1}, Scale::kLinear},                 // counts with zeros
      {Values(8, 0.0), Values(8, 1.0), Scale::kLinear},                                  // 0 -> 1
      {{2, 3, 5, 7}, {11, 13, 17, 19, 23, 29, 31, 37}, Scale::kLog},
  };
  for (const Case& c : cases) {
    HodgesLehmann pairs(c.before, c.after, c.scale);
    for (double cutoff : {0.001, 0.01, 0.05, 0.2}) {
      int64_t reach = Reach(c.before, c.after, cutoff);
      ShiftInterval expected = BruteForceInterval(c.before, c.after, c.scale, reach);
      ShiftInterval actual = pairs.Interval(reach);
      EXPECT_EQ(actual.lower, expected.lower) << ::testing::PrintToString(c.before) << " cutoff " << cutoff;
      EXPECT_EQ(actual.upper, expected.upper) << ::testing::PrintToString(c.before) << " cutoff " << cutoff;
      if (std::isfinite(actual.lower)) {
        EXPECT_LE(actual.lower, pairs.Estimate());
        EXPECT_GE(actual.upper, pairs.Estimate());
      }
    }
  }
}

// The interval agrees with the test at "no change": it excludes 0 exactly when p < cutoff,
// except that 0 may be an (open) end of a rejected interval when values are tied across
// the samples.
TEST(HodgesLehmannTest, IntervalAgreesWithTheTestAtNoChange) {
  std::mt19937_64 engine(7);
  std::uniform_int_distribution<int> tick(1, 4);
  std::lognormal_distribution<double> noise(0, 0.05);
  for (int round = 0; round < 400; ++round) {
    size_t m = 2 + round % 9, n = 2 + round % 11;
    bool ticks = round % 2 == 0;
    double factor = 1 + 0.02 * (round % 5);
    Values before, after;
    for (size_t i = 0; i < m; ++i) before.push_back(ticks ? tick(engine) : noise(engine));
    for (size_t j = 0; j < n; ++j) after.push_back(ticks ? tick(engine) + round % 3 : noise(engine) * factor);
    double p = MannWhitneyU(before, after, MannWhitneyMethod::kExact).p_value;
    HodgesLehmann pairs(before, after, Scale::kLog);
    for (double cutoff : {0.01, 0.05, 0.2}) {
      ShiftInterval interval = pairs.Interval(Reach(before, after, cutoff));
      bool closure_contains_zero = interval.lower <= 0 && 0 <= interval.upper;
      bool zero_is_an_end = interval.lower == 0 || interval.upper == 0;
      if (p < cutoff) {
        EXPECT_TRUE(!closure_contains_zero || zero_is_an_end) << round << " " << cutoff;
      } else {
        EXPECT_TRUE(closure_contains_zero) << round << " " << cutoff;
      }
    }
  }
}

// With the no-tie distribution the interval is the classical [D(C+1), D(mn-C)] (these
// samples share the value 9.9, so their own test would be conditional on it). From numpy, with
// C = the largest u with P(U <= u) <= 0.025 (the exact distribution):
//   d = np.sort((np.log(after)[None, :] - np.log(before)[:, None]).ravel())
//   np.exp(np.median(d)), np.exp(d[C]), np.exp(d[len(d) - C - 1])
TEST(HodgesLehmannTest, MatchesNumpy) {
  Values before = {10.2, 10.5, 9.9, 10.1, 10.4, 10.0, 10.3, 10.6, 9.8, 10.7};
  Values after = {9.1, 9.4, 9.0, 9.6, 9.2, 9.3, 9.9, 8.9, 9.5, 9.7, 9.35, 30.0};
  HodgesLehmann pairs(before, after, Scale::kLog);  // C = 29
  ShiftInterval interval = pairs.Interval(NoTieReach(before.size(), after.size(), 0.05));
  EXPECT_NEAR(std::exp(pairs.Estimate()), 0.9175166127617947, 1e-12);
  EXPECT_NEAR(std::exp(interval.lower), 0.8878504672897195, 1e-12);
  EXPECT_NEAR(std::exp(interval.upper), 0.9504950495049506, 1e-12);
}

// The 30-against-30 samples of mann_whitney_test.cc (np.random.default_rng(7) lognormal).
TEST(HodgesLehmannTest, ThirtyAgainstThirtyMatchesNumpy) {
  Values x = {1.000062, 1.015049, 0.986387, 0.956447, 0.977523, 0.951627, 1.003012, 1.069307, 0.97569,  0.969453,
              1.024794, 1.018005, 1.005285, 0.954542, 0.998538, 1.035377, 0.934998, 0.977379, 0.909317, 0.937558,
              0.912026, 0.988314, 0.938594, 1.013656, 1.007868, 0.990697, 0.881758, 0.973425, 0.997578, 1.005682};
  Values y = {0.954558, 1.006131, 0.981252, 0.989612, 1.086591, 0.989677, 1.02878,  1.077043, 1.00082,  1.024715,
              1.036162, 1.033746, 0.969231, 1.034385, 1.102898, 0.953747, 1.075697, 1.036622, 0.997929, 1.138852,
              1.070486, 0.97048,  1.034301, 1.0606,   1.020774, 1.066248, 1.027033, 1.065413, 1.107302, 0.996224};
  HodgesLehmann pairs(x, y, Scale::kLog);
  EXPECT_NEAR(std::exp(pairs.Estimate()), 1.0494668663847027, 1e-12);
  ShiftInterval interval = pairs.Interval(Reach(x, y, 0.05));  // C = 317
  EXPECT_NEAR(std::exp(interval.lower), 1.0243611747218646, 1e-12);
  EXPECT_NEAR(std::exp(interval.upper), 1.073800221026361, 1e-12);
  ShiftInterval wider = pairs.Interval(Reach(x, y, 0.01));  // C = 276
  EXPECT_NEAR(std::exp(wider.lower), 1.0181322115538451, 1e-12);
  EXPECT_NEAR(std::exp(wider.upper), 1.0836453503355536, 1e-12);
}

TEST(HodgesLehmannTest, TooFewValuesGiveAnUnboundedInterval) {
  // 3 against 3 can never reach 0.05: the reach covers every 2U.
  Values before = {1, 2, 3}, after = {2.5, 4, 6};
  ShiftInterval interval = HodgesLehmann(before, after, Scale::kLog).Interval(Reach(before, after, 0.05));
  EXPECT_EQ(interval.lower, -INFINITY);
  EXPECT_EQ(interval.upper, INFINITY);
  // At 0.15 it can (P(U = 0) = 0.05 a side): [D(1), D(9)], the extreme ratios 2.5/3 and 6.
  ShiftInterval wide = HodgesLehmann(before, after, Scale::kLog).Interval(Reach(before, after, 0.15));
  EXPECT_DOUBLE_EQ(std::exp(wide.lower), 2.5 / 3);
  EXPECT_DOUBLE_EQ(std::exp(wide.upper), 6.0);
}

// Large samples: a million pairwise differences are never built, and selection stays
// exact. (Time and memory at 100,000 a side are measured by scripts/bench-compare.)
TEST(HodgesLehmannTest, LargeSamplesWithoutTheMatrix) {
  std::mt19937_64 engine(3);
  std::lognormal_distribution<double> noise(0, 0.02);
  Values before(1000), after(1000);
  for (double& v : before) v = noise(engine);
  for (double& v : after) v = noise(engine) * 1.03;
  Values sorted = AllDifferences(before, after, Scale::kLog);
  HodgesLehmann pairs(before, after, Scale::kLog);
  for (uint64_t k : {uint64_t{1}, uint64_t{1000}, uint64_t{499999}, uint64_t{500000}, uint64_t{500001},
                     uint64_t{999999}, uint64_t{1000000}}) {
    EXPECT_EQ(pairs.Select(k), sorted[k - 1]) << k;
  }
  EXPECT_EQ(pairs.Estimate(), (sorted[499999] + sorted[500000]) / 2);
  EXPECT_NEAR(std::exp(pairs.Estimate()), 1.03, 0.005);
}

}  // namespace
}  // namespace timeit::stats
