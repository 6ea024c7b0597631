#include "timeit/stats/geomean.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace timeit::stats {
namespace {

using Values = std::vector<double>;

TEST(GeomeanTest, Estimate) {
  EXPECT_DOUBLE_EQ(GeometricMeanRatio(Values{2, 8}).estimate, 4.0);
  EXPECT_DOUBLE_EQ(GeometricMeanRatio(Values{0.5, 2, 1}).estimate, 1.0);
  EXPECT_DOUBLE_EQ(GeometricMeanRatio(Values{1.1, 1.1, 1.1}).estimate, 1.1);
}

TEST(GeomeanTest, SingleRatioHasNoInterval) {
  GeomeanEstimate estimate = GeometricMeanRatio(Values{1.25});
  EXPECT_DOUBLE_EQ(estimate.estimate, 1.25);
  EXPECT_TRUE(std::isnan(estimate.lower));
  EXPECT_TRUE(std::isnan(estimate.upper));
}

TEST(GeomeanTest, EmptyOrNonPositiveIsNaN) {
  for (const Values& ratios : {Values{}, Values{1, 0}, Values{1, -2}, Values{1, NAN}}) {
    GeomeanEstimate estimate = GeometricMeanRatio(ratios);
    EXPECT_TRUE(std::isnan(estimate.estimate));
    EXPECT_TRUE(std::isnan(estimate.lower));
    EXPECT_TRUE(std::isnan(estimate.upper));
  }
}

TEST(GeomeanTest, TwoRatiosBootstrapToTheirExtremes) {
  // A resample of {1, 4} has geometric mean 1, 2 or 4 with probabilities 1/4, 1/2, 1/4, so
  // the 2.5 % and 97.5 % quantiles of 2000 resamples are 1 and 4 (each extreme needs only
  // 51 of the about 500 resamples that land on it).
  GeomeanEstimate estimate = GeometricMeanRatio(Values{1, 4});
  EXPECT_DOUBLE_EQ(estimate.estimate, 2.0);
  EXPECT_EQ(estimate.lower, 1.0);
  EXPECT_DOUBLE_EQ(estimate.upper, 4.0);
}

TEST(GeomeanTest, EqualRatiosGiveADegenerateInterval) {
  GeomeanEstimate estimate = GeometricMeanRatio(Values(7, 1.5));
  EXPECT_DOUBLE_EQ(estimate.lower, 1.5);
  EXPECT_DOUBLE_EQ(estimate.upper, 1.5);
}

Values SpreadRatios() {
  // 40 ratios log-spaced from 0.8 to 1.3: not symmetric, mean of logs ~0.0226.
  Values ratios;
  for (int i = 0; i < 40; ++i) ratios.push_back(0.8 * std::pow(1.3 / 0.8, i / 39.0));
  return ratios;
}

TEST(GeomeanTest, SameSeedSameInterval) {
  Values ratios = SpreadRatios();
  GeomeanEstimate first = GeometricMeanRatio(ratios, 0.95, 42);
  GeomeanEstimate second = GeometricMeanRatio(ratios, 0.95, 42);
  GeomeanEstimate other = GeometricMeanRatio(ratios, 0.95, 43);
  EXPECT_EQ(first.lower, second.lower);
  EXPECT_EQ(first.upper, second.upper);
  EXPECT_NE(first.lower, other.lower);
  EXPECT_NE(first.upper, other.upper);
}

TEST(GeomeanTest, IntervalAgreesWithNormalTheory) {
  // With 40 ratios the bootstrap distribution of the mean log is close to normal with the
  // plug-in standard error sd_population / sqrt(k): compare with mean +- 1.96 se.
  Values ratios = SpreadRatios();
  double k = static_cast<double>(ratios.size());
  double mean = 0;
  for (double r : ratios) mean += std::log(r) / k;
  double variance = 0;
  for (double r : ratios) variance += (std::log(r) - mean) * (std::log(r) - mean) / k;
  double se = std::sqrt(variance / k);
  GeomeanEstimate estimate = GeometricMeanRatio(ratios, 0.95, 0x7123e17, 20000);
  EXPECT_NEAR(estimate.estimate, std::exp(mean), 1e-12);
  EXPECT_NEAR(std::log(estimate.lower), mean - 1.959964 * se, 0.05 * se);
  EXPECT_NEAR(std::log(estimate.upper), mean + 1.959964 * se, 0.05 * se);
}

TEST(GeomeanTest, HigherConfidenceIsWider) {
  Values ratios = SpreadRatios();
  GeomeanEstimate narrow = GeometricMeanRatio(ratios, 0.5);
  GeomeanEstimate wide = GeometricMeanRatio(ratios, 0.99);
  EXPECT_LT(narrow.lower, narrow.estimate);
  EXPECT_GT(narrow.upper, narrow.estimate);
  EXPECT_LT(wide.lower, narrow.lower);
  EXPECT_GT(wide.upper, narrow.upper);
}

TEST(GeomeanTest, NoIntervalWithoutResamplesOrValidConfidence) {
  Values ratios = SpreadRatios();
  for (GeomeanEstimate estimate : {GeometricMeanRatio(ratios, 0.95, 1, 0), GeometricMeanRatio(ratios, 0.0),
                                   GeometricMeanRatio(ratios, 1.0), GeometricMeanRatio(ratios, NAN)}) {
    EXPECT_FALSE(std::isnan(estimate.estimate));
    EXPECT_TRUE(std::isnan(estimate.lower));
    EXPECT_TRUE(std::isnan(estimate.upper));
  }
}

}  // namespace
}  // namespace timeit::stats
