#include "timeit/stats/normal_deviates.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

namespace timeit::stats {
namespace {

// The values of an independent transcription in Python (tests/history/reference_series.py's
// NormalDeviates: integers masked to 64 bits, math.log, math.cos, math.sin): a seed must
// replay the same values, which is what lets the Python reference analyse the very series
// the tests draw.
TEST(NormalDeviatesTest, GivesTheTransformsValues) {
  NormalDeviates normal(1234567);
  EXPECT_DOUBLE_EQ(normal.Next(), 0.4284879007349292);
  EXPECT_DOUBLE_EQ(normal.Next(), 0.8235342802616957);
  EXPECT_DOUBLE_EQ(normal.Next(), 0.007685698515048663);
  EXPECT_DOUBLE_EQ(normal.Next(), 1.2326398530118996);
  EXPECT_DOUBLE_EQ(normal.Next(), -1.858684499989007);
}

// A million values: their mean, variance and share beyond 3 sd, each within 5 standard
// errors of the standard normal's (0, 1 and 2 P(Z > 3) = 0.0026998, the last binomial).
TEST(NormalDeviatesTest, AreStandardNormal) {
  NormalDeviates normal(42);
  const int count = 1000000;
  double sum = 0;
  double sum_squares = 0;
  int beyond_three = 0;
  for (int i = 0; i < count; ++i) {
    double value = normal.Next();
    sum += value;
    sum_squares += value * value;
    beyond_three += std::fabs(value) > 3 ? 1 : 0;
  }
  double mean = sum / count;
  double variance = sum_squares / count - mean * mean;
  EXPECT_NEAR(mean, 0, 5 / std::sqrt(count));
  EXPECT_NEAR(variance, 1, 5 * std::sqrt(2.0 / count));
  const double tail = 0.0026997960632601866;
  EXPECT_NEAR(beyond_three, count * tail, 5 * std::sqrt(count * tail * (1 - tail)));
}

}  // namespace
}  // namespace timeit::stats
