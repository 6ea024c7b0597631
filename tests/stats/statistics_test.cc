#include "timeit/stats/statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace timeit::stats {
namespace {

using Values = std::vector<double>;

TEST(StatisticsTest, EmptySampleIsNaN) {
  Values empty;
  EXPECT_TRUE(std::isnan(Min(empty)));
  EXPECT_TRUE(std::isnan(Max(empty)));
  EXPECT_TRUE(std::isnan(Median(empty)));
  EXPECT_TRUE(std::isnan(MedianAbsoluteDeviation(empty)));
  EXPECT_TRUE(std::isnan(Mean(empty)));
  EXPECT_TRUE(std::isnan(SampleStandardDeviation(empty)));
  EXPECT_TRUE(std::isnan(PopulationStandardDeviation(empty)));
  EXPECT_TRUE(std::isnan(GeometricMean(empty)));
}

TEST(StatisticsTest, SingleValue) {
  Values one = {4.5};
  EXPECT_EQ(Min(one), 4.5);
  EXPECT_EQ(Max(one), 4.5);
  EXPECT_EQ(Median(one), 4.5);
  EXPECT_EQ(MedianAbsoluteDeviation(one), 0.0);
  EXPECT_EQ(Mean(one), 4.5);
  EXPECT_EQ(SampleStandardDeviation(one), 0.0);
  EXPECT_EQ(PopulationStandardDeviation(one), 0.0);
  EXPECT_DOUBLE_EQ(GeometricMean(one), 4.5);
}

TEST(StatisticsTest, MinAndMax) {
  Values values = {3, -1, 4, 1, 5, 9, 2, 6};
  EXPECT_EQ(Min(values), -1.0);
  EXPECT_EQ(Max(values), 9.0);
}

TEST(StatisticsTest, MedianOfOddCountIsTheMiddleValue) {
  EXPECT_EQ(Median(Values{5, 1, 3}), 3.0);
  EXPECT_EQ(Median(Values{1.0, 1.1, 1.2, 1.3, 10.0}), 1.2);
}

TEST(StatisticsTest, MedianOfEvenCountIsMeanOfTheMiddleTwo) {
  EXPECT_DOUBLE_EQ(Median(Values{1, 2, 3, 4}), 2.5);
  EXPECT_DOUBLE_EQ(Median(Values{4, 3, 2, 1}), 2.5);
  EXPECT_DOUBLE_EQ(Median(Values{3, 1, 4, 1, 5, 9, 2, 6}), 3.5);  // 3 and 4 in the middle
  EXPECT_DOUBLE_EQ(Median(Values{10, 20}), 15.0);
}

TEST(StatisticsTest, MedianLeavesTheInputAlone) {
  Values values = {3, 1, 2};
  Median(values);
  EXPECT_EQ(values, (Values{3, 1, 2}));
}

TEST(StatisticsTest, MadFromTheReference) {
  // Raw MAD, as scipy.stats.median_abs_deviation(x) (scale=1.0) and LNT:
  // |x - 1.2| = 0.2, 0.1, 0, 0.1, 8.8 -> median 0.1 (the outlier does not move it).
  EXPECT_NEAR(MedianAbsoluteDeviation(Values{1.0, 1.1, 1.2, 1.3, 10.0}), 0.1, 1e-12);
  // median 3.5; |x - 3.5| = 0.5, 2.5, 0.5, 2.5, 1.5, 5.5, 1.5, 2.5 -> sorted middle 1.5, 2.5.
  EXPECT_DOUBLE_EQ(MedianAbsoluteDeviation(Values{3, 1, 4, 1, 5, 9, 2, 6}), 2.0);
}

TEST(StatisticsTest, MadIsZeroWhenMostValuesAreEqual) {
  EXPECT_EQ(MedianAbsoluteDeviation(Values{5, 5, 5, 7}), 0.0);
  EXPECT_EQ(MedianAbsoluteDeviation(Values{2, 2, 2}), 0.0);
}

TEST(StatisticsTest, RelativeMadIsThePercentOfTheMedian) {
  // median 1.2, MAD 0.1: 8.333...%
  EXPECT_NEAR(RelativeMad(Values{1.0, 1.1, 1.2, 1.3, 10.0}), 100 * 0.1 / 1.2, 1e-12);
  EXPECT_EQ(RelativeMad(Values{2, 2, 2}), 0.0);
  EXPECT_TRUE(std::isnan(RelativeMad(Values{})));
  EXPECT_TRUE(std::isnan(RelativeMad(Values{0, 0, 0.001})));  // median 0
}

TEST(StatisticsTest, Mean) {
  EXPECT_DOUBLE_EQ(Mean(Values{1, 2, 3, 4}), 2.5);
  EXPECT_DOUBLE_EQ(Mean(Values{-2, 2, 9}), 3.0);
}

TEST(StatisticsTest, PopulationStandardDeviationDividesByN) {
  EXPECT_EQ(PopulationStandardDeviation(Values{2, 4, 4, 4, 5, 5, 7, 9}), 2.0);  // numpy.std: 2.0
  EXPECT_DOUBLE_EQ(PopulationStandardDeviation(Values{1, 3}), 1.0);
  EXPECT_NEAR(PopulationStandardDeviation(Values{1e9 + 1, 1e9 + 2, 1e9 + 3}), std::sqrt(2.0 / 3), 1e-9);
}

TEST(StatisticsTest, SampleStandardDeviationDividesByNMinusOne) {
  // Mean 5, squared deviations sum to 32: sqrt(32 / 7) (the population value would be 2).
  EXPECT_DOUBLE_EQ(SampleStandardDeviation(Values{2, 4, 4, 4, 5, 5, 7, 9}), std::sqrt(32.0 / 7));
  EXPECT_DOUBLE_EQ(SampleStandardDeviation(Values{1, 3}), std::sqrt(2.0));
  EXPECT_EQ(SampleStandardDeviation(Values{7, 7, 7}), 0.0);
}

TEST(StatisticsTest, StandardDeviationDoesNotCancelForLargeValues) {
  // sum(x^2) - n mean^2 loses every digit here; deviations from the mean do not.
  EXPECT_NEAR(SampleStandardDeviation(Values{1e9 + 1, 1e9 + 2, 1e9 + 3}), 1.0, 1e-9);
}

TEST(StatisticsTest, GeometricMean) {
  EXPECT_DOUBLE_EQ(GeometricMean(Values{2, 8}), 4.0);
  EXPECT_DOUBLE_EQ(GeometricMean(Values{1, 10, 100}), 10.0);
  EXPECT_DOUBLE_EQ(GeometricMean(Values{0.5, 2}), 1.0);
}

TEST(StatisticsTest, GeometricMeanOfNonPositiveValuesIsNaN) {
  EXPECT_TRUE(std::isnan(GeometricMean(Values{1, 0, 4})));
  EXPECT_TRUE(std::isnan(GeometricMean(Values{1, -2, 4})));
}

// scipy.stats.norm.sf(z) and norm.isf(p), SciPy 1.10.1.
TEST(StatisticsTest, NormalTailAndItsInverse) {
  EXPECT_NEAR(NormalSf(1.959963984540054), 0.025, 1e-15);
  EXPECT_NEAR(NormalSf(-1), 0.8413447460685429, 1e-15);
  EXPECT_NEAR(NormalSf(6), 9.865876450376946e-10, 1e-22);
  EXPECT_NEAR(NormalIsf(0.025), 1.959963984540054, 1e-12);
  EXPECT_NEAR(NormalIsf(0.2), 0.8416212335729143, 1e-12);
  EXPECT_NEAR(NormalIsf(1.25e-5), 4.214799669992512, 1e-9);
  EXPECT_NEAR(NormalIsf(0.9), -1.2815515655446004, 1e-12);
  EXPECT_TRUE(std::isnan(NormalIsf(0)));
  EXPECT_TRUE(std::isnan(NormalIsf(1)));
  EXPECT_TRUE(std::isnan(NormalIsf(NAN)));
}

}  // namespace
}  // namespace timeit::stats
