#include "timeit/history/guard.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "timeit/history/night_summary.h"

namespace timeit::history {
namespace {

// Differences 1, 2, 3: median 2, so s0 = 1.4826 x 2 / sqrt 2. Mostly equal nights: the
// median difference is 0 and the mean (1 / 4) stands in. All equal: 0.
TEST(GuardTest, NightNoiseFromConsecutiveDifferences) {
  EXPECT_DOUBLE_EQ(NightNoise(std::vector<double>{0, 1, 3, 6}), kMadToSigma * 2 / std::numbers::sqrt2);
  EXPECT_DOUBLE_EQ(NightNoise(std::vector<double>{0, 0, 0, 0, 1}), kMeanDeviationToSigma * 0.25 / std::numbers::sqrt2);
  EXPECT_EQ(NightNoise(std::vector<double>{2, 2, 2}), 0);
  EXPECT_EQ(NightNoise(std::vector<double>{2}), 0);
}

// A one-night spike of 10 noise units comes back to 2 of the running median; a 2-night
// excursion is clipped too (shorter than h = 3), a 3-night plateau and a step are kept.
TEST(GuardTest, ClipsExcursionsShorterThanTheHold) {
  std::vector<double> spike = {0, 0, 0, 0, 0, 10, 0, 0, 0, 0};
  EXPECT_EQ(GuardSummaries(spike, 3, 1), (std::vector<double>{0, 0, 0, 0, 0, 2, 0, 0, 0, 0}));
  std::vector<double> pair = {0, 0, 0, 0, 10, 10, 0, 0, 0, 0};
  EXPECT_EQ(GuardSummaries(pair, 3, 1), (std::vector<double>{0, 0, 0, 0, 2, 2, 0, 0, 0, 0}));
  std::vector<double> plateau = {0, 0, 0, 5, 5, 5, 0, 0, 0};
  EXPECT_EQ(GuardSummaries(plateau, 3, 1), plateau);
  std::vector<double> step = {0, 0, 0, 0, 0, 4, 4, 4, 4, 4};
  EXPECT_EQ(GuardSummaries(step, 3, 1), step);
  // With h = 5 (windows of 9), a 4-night excursion is clipped.
  std::vector<double> four = {0, 0, 0, 0, 0, 9, 9, 9, 9, 0, 0, 0, 0, 0};
  EXPECT_EQ(GuardSummaries(four, 5, 1), (std::vector<double>{0, 0, 0, 0, 0, 2, 2, 2, 2, 0, 0, 0, 0, 0}));
}

// The windows move inward at the ends: with 6 nights and windows of 5, nights 0 .. 2 take
// the median of nights 0 .. 4 (2 for {5, 0, 1, 2, 3}) and nights 3 .. 5 that of nights
// 1 .. 5 (2 for {0, 1, 2, 3, 4}); a noise of 0.5 lets each stand 1 from it.
TEST(GuardTest, WindowsMoveInwardAtTheEnds) {
  EXPECT_EQ(GuardSummaries(std::vector<double>{5, 0, 1, 2, 3, 4}, 3, 0.5), (std::vector<double>{3, 1, 1, 2, 3, 3}));
}

}  // namespace
}  // namespace timeit::history
