#include "timeit/p_adjust.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace timeit::stats {
namespace {

using Values = std::vector<double>;

void ExpectValues(const Values& actual, const Values& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(actual[i])) << "index " << i;
    } else {
      EXPECT_DOUBLE_EQ(actual[i], expected[i]) << "index " << i;
    }
  }
}

// p.adjust(c(0.01, 0.04, 0.03, 0.005, 0.5), "holm") (every vector here was checked with
// R 4.2.2's p.adjust), by hand: sorted 0.005 0.01 0.03 0.04 0.5
// times 5 4 3 2 1 = 0.025 0.04 0.09 0.08 0.5, running maximum 0.025 0.04 0.09 0.09 0.5.
TEST(PAdjustTest, Holm) {
  ExpectValues(AdjustPValues(Values{0.01, 0.04, 0.03, 0.005, 0.5}, PAdjustMethod::kHolm),
               {0.04, 0.09, 0.09, 0.025, 0.5});
}

// p.adjust(c(0.01, 0.04, 0.03, 0.005, 0.5), "BH"), by hand: from the largest, p n / rank =
// 0.5 (5/5), 0.05 (0.04 5/4), 0.05 (0.03 5/3), 0.025 (0.01 5/2), 0.025 (0.005 5/1), already
// non-increasing.
TEST(PAdjustTest, BenjaminiHochberg) {
  ExpectValues(
      AdjustPValues(Values{0.01, 0.04, 0.03, 0.005, 0.5}, PAdjustMethod::kBenjaminiHochberg),
      {0.025, 0.05, 0.05, 0.025, 0.5});
}

TEST(PAdjustTest, BenjaminiHochbergTakesTheRunningMinimum) {
  // p n / rank = 0.012 (3/3), 0.0165 (2), 0.03 (1): the smaller p-values inherit 0.012.
  ExpectValues(AdjustPValues(Values{0.01, 0.011, 0.012}, PAdjustMethod::kBenjaminiHochberg),
               {0.012, 0.012, 0.012});
}

TEST(PAdjustTest, HolmTakesTheRunningMaximumAndCapsAtOne) {
  // 0.3 3 = 0.9, 0.6 2 = 1.2, 0.9 1 = 0.9 -> 0.9, 1.2, 1.2 -> capped 0.9, 1, 1.
  ExpectValues(AdjustPValues(Values{0.6, 0.3, 0.9}, PAdjustMethod::kHolm), {1.0, 0.9, 1.0});
}

TEST(PAdjustTest, BenjaminiHochbergLargeValues) {
  // 0.9 (2/2) = 0.9, 0.6 (2/1) = 1.2 -> min(0.9, 1.2) = 0.9 for both. (The cap at 1 never
  // binds for BH: the largest p-value is multiplied by n / n.)
  ExpectValues(AdjustPValues(Values{0.6, 0.9}, PAdjustMethod::kBenjaminiHochberg), {0.9, 0.9});
}

TEST(PAdjustTest, TiedPValuesGetTheSameAdjustment) {
  // Holm: 0.01 3 = 0.03, 0.02 2 = 0.04, 0.02 1 = 0.02 -> running maximum 0.03, 0.04, 0.04.
  ExpectValues(AdjustPValues(Values{0.02, 0.01, 0.02}, PAdjustMethod::kHolm), {0.04, 0.03, 0.04});
  // BH: 0.02 (3/3) = 0.02, 0.02 (3/2) = 0.03, 0.01 (3/1) = 0.03 -> running minimum 0.02.
  ExpectValues(AdjustPValues(Values{0.02, 0.01, 0.02}, PAdjustMethod::kBenjaminiHochberg),
               {0.02, 0.02, 0.02});
}

TEST(PAdjustTest, NaNIsSkippedAndNotCounted) {
  // A family of two, as R's p.adjust(c(0.01, NA, 0.04)); with three it would be 0.03, 0.06.
  ExpectValues(AdjustPValues(Values{0.01, NAN, 0.04}, PAdjustMethod::kHolm), {0.02, NAN, 0.04});
  ExpectValues(AdjustPValues(Values{0.01, NAN, 0.04}, PAdjustMethod::kBenjaminiHochberg),
               {0.02, NAN, 0.04});
}

TEST(PAdjustTest, SingleOrEmptyIsUnchanged) {
  ExpectValues(AdjustPValues(Values{0.03}, PAdjustMethod::kHolm), {0.03});
  ExpectValues(AdjustPValues(Values{NAN, 0.03}, PAdjustMethod::kBenjaminiHochberg), {NAN, 0.03});
  EXPECT_TRUE(AdjustPValues(Values{}, PAdjustMethod::kHolm).empty());
}

TEST(PAdjustTest, NoneIsUnchanged) {
  ExpectValues(AdjustPValues(Values{0.01, NAN, 0.04}, PAdjustMethod::kNone), {0.01, NAN, 0.04});
}

TEST(PAdjustTest, MethodNames) {
  EXPECT_EQ(PAdjustMethodName(PAdjustMethod::kBenjaminiHochberg), "bh");
  EXPECT_EQ(PAdjustMethodName(PAdjustMethod::kHolm), "holm");
  EXPECT_EQ(PAdjustMethodName(PAdjustMethod::kNone), "none");
}

}  // namespace
}  // namespace timeit::stats
