#include "timeit/render/number_text.h"

#include <gtest/gtest.h>

#include <limits>

namespace timeit {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Expected values are printf's (%.4g and the like), worked out by hand.
TEST(NumberTextTest, NumberHasFourSignificantDigitsAndNoNegativeZero) {
  EXPECT_EQ(Number(0.123456), "0.1235");
  EXPECT_EQ(Number(123456), "1.235e+05");
  EXPECT_EQ(Number(-0.0), "0");
  EXPECT_EQ(Number(kNaN), "-");
  EXPECT_EQ(Number(kInfinity), "-");
}

TEST(NumberTextTest, RatioBoundIsOneOnlyWhenItIs) {
  EXPECT_EQ(RatioBound(1), "1");
  EXPECT_EQ(RatioBound(1.00003), "1.00003");
  EXPECT_EQ(RatioBound(0.99998), "0.99998");
  EXPECT_EQ(RatioBound(1.5), "1.5");
}

TEST(NumberTextTest, Percentages) {
  EXPECT_EQ(Percent(0.035), "+3.50%");
  EXPECT_EQ(Percent(-0.774), "-77.40%");
  EXPECT_EQ(Percent(kInfinity), "+inf%");
  EXPECT_EQ(Percent(-kInfinity), "-inf%");
  EXPECT_EQ(Percent(kNaN), "-");
  EXPECT_EQ(ShortPercent(-0.774), "-77%");
  EXPECT_EQ(ShortPercent(0.1), "+10%");
  EXPECT_EQ(ShortPercent(0.035), "+3.5%");
  EXPECT_EQ(ShortPercent(-0.0), "+0.0%");
  EXPECT_EQ(ShortPercent(kInfinity), "+inf%");
}

TEST(NumberTextTest, PValues) {
  EXPECT_EQ(PValue(2.0 / 252), "0.0079");
  EXPECT_EQ(PValue(1e-4), "0.0001");
  EXPECT_EQ(PValue(1.2e-7), "1.2e-07");
  EXPECT_EQ(PValue(kNaN), "-");
}

TEST(NumberTextTest, QuantitiesInTheMetricsUnit) {
  EXPECT_EQ(Quantity(0.0531, true, 3), "53.1 ms");
  EXPECT_EQ(Quantity(0.012, true, 3), "12.0 ms");
  EXPECT_EQ(Quantity(0.102, true, 4), "102.0 ms");
  EXPECT_EQ(Quantity(2.5, true, 3), "2.50 s");
  EXPECT_EQ(Quantity(2.5e-7, true, 3), "250 ns");
  EXPECT_EQ(Quantity(3e-6, true, 3), "3.00 µs");
  EXPECT_EQ(Quantity(0, true, 3), "0 s");
  // A negative time (an axis padded below 0, a difference) in the unit of its magnitude.
  EXPECT_EQ(Quantity(-1, true, 3), "-1.00 s");
  EXPECT_EQ(Quantity(-0.0005, true, 3), "-500 µs");
  EXPECT_EQ(Quantity(-2.5e-8, true, 2), "-25 ns");
  EXPECT_EQ(Quantity(1234, false, 3), "1234");
  EXPECT_EQ(Quantity(2.5, false, 3), "2.5");
  EXPECT_EQ(Quantity(12345.6, false, 3), "12346");
  EXPECT_EQ(Quantity(kNaN, true, 3), "-");
}

TEST(NumberTextTest, SecondsAreTheTimesAndPerfsClocks) {
  for (const char* metric : {"user", "sys", "real", "exec_time", "execution_time", "task-clock", "cpu-clock"}) {
    EXPECT_TRUE(IsSeconds(metric)) << metric;
  }
  for (const char* metric : {"maxrss", "page-faults", "instructions", "cycles", "hash"}) {
    EXPECT_FALSE(IsSeconds(metric)) << metric;
  }
}

}  // namespace
}  // namespace timeit
