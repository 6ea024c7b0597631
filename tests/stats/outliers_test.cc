#include "timeit/stats/outliers.h"

#include <gtest/gtest.h>

#include <vector>

namespace timeit::stats {
namespace {

using Values = std::vector<double>;

// Expected scores: an independent NumPy computation of the same definition
// (0.6745 (x - median) / MAD with np.median; the mean-deviation fallback when MAD is 0),
// run once with Debian's python3-numpy 1.24.

TEST(OutliersTest, ScoresScaleTheDistanceFromTheMedianByTheMad) {
  Values values = {10, 11, 12, 13, 50};  // median 12, MAD 1
  std::vector<double> scores = ModifiedZScores(values);
  ASSERT_EQ(scores.size(), 5u);
  EXPECT_DOUBLE_EQ(scores[0], -1.349);
  EXPECT_DOUBLE_EQ(scores[1], -0.6745);
  EXPECT_DOUBLE_EQ(scores[2], 0.0);
  EXPECT_DOUBLE_EQ(scores[3], 0.6745);
  EXPECT_DOUBLE_EQ(scores[4], 25.631);
  EXPECT_EQ(OutlierFlags(values), (std::vector<bool>{false, false, false, false, true}));
}

TEST(OutliersTest, RunTimesWithOneSlowRunFlagOnlyIt) {
  Values values = {0.101, 0.102, 0.1015, 0.1022, 0.1019, 0.1018, 0.131, 0.1017};
  std::vector<double> scores = ModifiedZScores(values);
  EXPECT_NEAR(scores[0], -2.2933, 1e-9);
  EXPECT_NEAR(scores[6], 78.6467, 1e-9);
  EXPECT_NEAR(scores[7], -0.4047, 1e-9);
  EXPECT_EQ(OutlierFlags(values), (std::vector<bool>{false, false, false, false, false, false, true, false}));
}

TEST(OutliersTest, ZeroMadFallsBackToTheMeanDeviation) {
  // Four equal values and one apart: MAD 0, mean deviation 0.2.
  EXPECT_NEAR(ModifiedZScores(Values{5, 5, 5, 5, 6})[4], 3.989423241103187, 1e-12);
  EXPECT_EQ(OutlierFlags(Values{5, 5, 5, 5, 6}), (std::vector<bool>{false, false, false, false, true}));
  // Two of five apart: each is scored 1.99, not flagged.
  EXPECT_NEAR(ModifiedZScores(Values{5, 5, 5, 6, 6})[3], 1.9947116205515936, 1e-12);
  EXPECT_EQ(OutlierFlags(Values{5, 5, 5, 6, 6}), (std::vector<bool>(5, false)));
}

TEST(OutliersTest, EqualValuesScoreZeroAndNothingIsFlagged) {
  EXPECT_EQ(ModifiedZScores(Values{7, 7, 7}), (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(OutlierFlags(Values{7, 7, 7}), (std::vector<bool>(3, false)));
}

TEST(OutliersTest, FewerThanThreeValuesAreNeverFlagged) {
  EXPECT_TRUE(ModifiedZScores(Values{}).empty());
  EXPECT_TRUE(OutlierFlags(Values{}).empty());
  EXPECT_EQ(OutlierFlags(Values{1}), (std::vector<bool>{false}));
  EXPECT_EQ(OutlierFlags(Values{1, 1000}), (std::vector<bool>{false, false}));
  // Three are enough: 10, 11, 50 has median 11 and MAD 1, and 50 scores 26.3.
  EXPECT_EQ(OutlierFlags(Values{10, 11, 50}), (std::vector<bool>{false, false, true}));
  // 1, 1, 2 (MAD 0) scores 2 at 2.39 by the mean deviation: not flagged.
  EXPECT_EQ(OutlierFlags(Values{1, 1, 2}), (std::vector<bool>(3, false)));
}

TEST(OutliersTest, TheThresholdIsStrictAndAdjustable) {
  Values values = {10, 11, 12, 13, 50};
  EXPECT_EQ(OutlierFlags(values, 25.631), (std::vector<bool>(5, false)));  // |M| must exceed it
  EXPECT_EQ(OutlierFlags(values, 1.0), (std::vector<bool>{true, false, false, false, true}));
}

}  // namespace
}  // namespace timeit::stats
