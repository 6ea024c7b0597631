#include "timeit/history/night_summary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace timeit::history {
namespace {

NightSeries Series(const std::vector<std::vector<double>>& nights) {
  NightSeries series;
  for (size_t t = 0; t < nights.size(); ++t) series.AddNight(t, nights[t]);
  return series;
}

// Worked by hand. The nights of 3 runs or more have MADs 1 ({10 .. 13, 30} about 12) and 2
// ({20, 22, 24} about 22), so sigma_w = 1.4826 x 1.5 = 2.2239. In the first night the slow
// run (18 / sigma_w = 8.09 sigma_w off) is clipped to +1.5; the other four are inside, so
// y = 12 + sigma_w (-2 / sigma_w - 1 / sigma_w + 0 + 1 / sigma_w + 1.5) / 4
//   = 12 + (1.5 sigma_w - 2) / 4.
// The symmetric night is its median, a night of 2 runs their mean, a night of 1 its run.
TEST(NightSummaryTest, OneHuberStepFromTheMedian) {
  NightSeries series = Series({{10, 11, 12, 13, 30}, {20, 22, 24}, {4, 6}, {7}});
  NightSummaries summaries = SummarizeNights(series, Scale::kLinear);
  const double sigma_w = kMadToSigma * 1.5;
  EXPECT_DOUBLE_EQ(summaries.within_night_scale, sigma_w);
  ASSERT_EQ(summaries.values.size(), 4u);
  EXPECT_NEAR(summaries.values[0], 12 + (1.5 * sigma_w - 2) / 4, 1e-12);
  EXPECT_NEAR(summaries.values[0], 12.333963747909401, 1e-12);
  EXPECT_NEAR(summaries.values[1], 22, 1e-12);
  EXPECT_NEAR(summaries.values[2], 5, 1e-12);
  EXPECT_EQ(summaries.values[3], 7);
}

// Two runs far apart are both clipped: no run is inside, the step divides by 1, and the
// clipped residuals cancel: still their mean.
TEST(NightSummaryTest, TwoRunsAreTheirMean) {
  NightSeries series = Series({{1, 2, 3}, {0, 10}});
  NightSummaries summaries = SummarizeNights(series, Scale::kLinear);
  EXPECT_DOUBLE_EQ(summaries.within_night_scale, kMadToSigma);
  EXPECT_NEAR(summaries.values[1], 5, 1e-12);
}

// Logarithms in log mode: runs 1, e, e^3 have logs 0, 1, 3, median 1, MAD 1 (the only
// checked night), sigma_w = 1.4826; residuals -0.6745, 0, 1.349, all inside:
// y = 1 + (-1 + 0 + 2) / 3.
TEST(NightSummaryTest, LogModeSummarisesLogarithms) {
  NightSeries series = Series({{1, std::exp(1.0), std::exp(3.0)}});
  NightSummaries summaries = SummarizeNights(series, Scale::kLog);
  EXPECT_NEAR(summaries.values[0], 1 + 1.0 / 3, 1e-12);
  EXPECT_EQ(ScaleOf(series), Scale::kLog);
}

// Without a night of 3 runs, or with every MAD 0 (exact counters), there is no within-night
// scale and each night is its median.
TEST(NightSummaryTest, WithoutAScaleTheMedian) {
  NightSummaries pairs = SummarizeNights(Series({{1, 2}, {5}, {3, 9}}), Scale::kLinear);
  EXPECT_EQ(pairs.within_night_scale, 0);
  EXPECT_EQ(pairs.values, (std::vector<double>{1.5, 5, 6}));
  NightSummaries exact = SummarizeNights(Series({{3, 3, 3, 10}, {4, 4, 4}}), Scale::kLinear);
  EXPECT_EQ(exact.within_night_scale, 0);
  EXPECT_EQ(exact.values, (std::vector<double>{3, 4}));
}

// h = 3 when the median night has 3 runs or more, else 5.
TEST(NightSummaryTest, MinimumHoldFollowsTheMedianRunCount) {
  EXPECT_EQ(MinimumHold(Series({{1}, {1}, {1, 2, 3}})), kHoldFewRuns);
  EXPECT_EQ(MinimumHold(Series({{1}, {1, 2, 3}, {1, 2, 3}})), kHoldManyRuns);
  EXPECT_EQ(MinimumHold(Series({{1, 2}, {1, 2, 3, 4}})), kHoldManyRuns);  // median 3
  EXPECT_EQ(MinimumHold(Series({{1, 2}, {1, 2, 3}})), kHoldFewRuns);      // median 2.5
  EXPECT_EQ(kHoldManyRuns, 3);
  EXPECT_EQ(kHoldFewRuns, 5);
}

// Gaps are not kept; positions index the nights with runs.
TEST(NightSummaryTest, SeriesKeepsNightsWithRuns) {
  NightSeries series;
  series.AddNight(0, std::vector<double>{1, 2});
  series.AddNight(2, std::vector<double>{});
  series.AddNight(5, std::vector<double>{3});
  ASSERT_EQ(series.size(), 2u);
  EXPECT_EQ(series.index(1), 5u);
  EXPECT_EQ(std::vector<double>(series.runs(1).begin(), series.runs(1).end()), std::vector<double>{3});
  EXPECT_EQ(ScaleOf(series), Scale::kLog);
  series.AddNight(6, std::vector<double>{0});
  EXPECT_EQ(ScaleOf(series), Scale::kLinear);
}

}  // namespace
}  // namespace timeit::history
