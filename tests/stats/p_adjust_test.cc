#include "timeit/stats/p_adjust.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
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
  ExpectValues(AdjustPValues(Values{0.01, 0.04, 0.03, 0.005, 0.5}, PAdjustMethod::kBenjaminiHochberg),
               {0.025, 0.05, 0.05, 0.025, 0.5});
}

TEST(PAdjustTest, BenjaminiHochbergTakesTheRunningMinimum) {
  // p n / rank = 0.012 (3/3), 0.0165 (2), 0.03 (1): the smaller p-values inherit 0.012.
  ExpectValues(AdjustPValues(Values{0.01, 0.011, 0.012}, PAdjustMethod::kBenjaminiHochberg), {0.012, 0.012, 0.012});
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
  ExpectValues(AdjustPValues(Values{0.02, 0.01, 0.02}, PAdjustMethod::kBenjaminiHochberg), {0.02, 0.02, 0.02});
}

TEST(PAdjustTest, NaNIsSkippedAndNotCounted) {
  // A family of two, as R's p.adjust(c(0.01, NA, 0.04)); with three it would be 0.03, 0.06.
  ExpectValues(AdjustPValues(Values{0.01, NAN, 0.04}, PAdjustMethod::kHolm), {0.02, NAN, 0.04});
  ExpectValues(AdjustPValues(Values{0.01, NAN, 0.04}, PAdjustMethod::kBenjaminiHochberg), {0.02, NAN, 0.04});
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

// Whatever the p-values, a row is flagged (adjusted p below alpha) exactly when its raw p
// is below the family's cut-off: checked over random families against AdjustPValues.
TEST(PAdjustTest, CutoffSeparatesFlaggedFromTheRest) {
  std::mt19937_64 engine(3);
  std::uniform_real_distribution<double> uniform(0, 1);
  for (int round = 0; round < 300; ++round) {
    size_t size = 1 + round % 40;
    Values p(size);
    for (double& value : p) {
      double u = uniform(engine);
      value = round % 3 == 0 ? u * u * u * u * 0.01 : u;  // some families with many small p
      if (round % 7 == 0 && value > 0.9) value = NAN;
    }
    for (PAdjustMethod method : {PAdjustMethod::kBenjaminiHochberg, PAdjustMethod::kHolm, PAdjustMethod::kNone}) {
      Values adjusted = AdjustPValues(p, method);
      FamilyCutoffs cutoffs = CorrectionCutoffs(p, method, 0.05);
      size_t flagged = 0;
      for (size_t i = 0; i < size; ++i) {
        if (std::isnan(p[i])) continue;
        EXPECT_EQ(adjusted[i] < 0.05, p[i] < cutoffs.cutoff) << round << " " << PAdjustMethodName(method);
        flagged += adjusted[i] < 0.05 ? 1 : 0;
      }
      EXPECT_EQ(cutoffs.flagged, flagged);
      EXPECT_GE(cutoffs.next_cutoff, cutoffs.cutoff * (1 - 1e-12));
    }
  }
}

// By hand: p = 0.001, 0.008, 0.039, 0.041, 0.042, 0.06 (m = 6, alpha = 0.05).
// BH bars k 0.05 / 6: 0.0083, 0.0167, 0.025, 0.033, 0.0417, 0.05; the largest k with
// p_(k) <= bar is 2 (0.042 > 0.0417), so 2 flagged, cut-off 2 x 0.05 / 6, and one more row
// would need p < 3 x 0.05 / 6 = 0.025. Holm bars 0.05 / (6 - k + 1): 0.0083, 0.01,
// 0.0125: 0.039 fails the third, so 2 flagged, cut-off 0.0125, one more row 0.0125.
TEST(PAdjustTest, CutoffsByHand) {
  Values p = {0.041, 0.001, 0.06, 0.008, 0.042, 0.039};
  FamilyCutoffs bh = CorrectionCutoffs(p, PAdjustMethod::kBenjaminiHochberg, 0.05);
  EXPECT_EQ(bh.family, 6u);
  EXPECT_EQ(bh.flagged, 2u);
  EXPECT_DOUBLE_EQ(bh.cutoff, 2 * 0.05 / 6);
  EXPECT_DOUBLE_EQ(bh.next_cutoff, 3 * 0.05 / 6);
  FamilyCutoffs holm = CorrectionCutoffs(p, PAdjustMethod::kHolm, 0.05);
  EXPECT_EQ(holm.flagged, 2u);
  EXPECT_DOUBLE_EQ(holm.cutoff, 0.05 / 4);
  EXPECT_DOUBLE_EQ(holm.next_cutoff, 0.05 / 4);
  FamilyCutoffs none = CorrectionCutoffs(p, PAdjustMethod::kNone, 0.05);
  EXPECT_EQ(none.flagged, 5u);
  EXPECT_DOUBLE_EQ(none.cutoff, 0.05);
  // Nothing flagged: Benjamini-Hochberg's cut-off is Bonferroni's, alpha / m.
  FamilyCutoffs quiet = CorrectionCutoffs(Values{0.2, 0.5, NAN, 0.9}, PAdjustMethod::kBenjaminiHochberg, 0.05);
  EXPECT_EQ(quiet.family, 3u);
  EXPECT_EQ(quiet.flagged, 0u);
  EXPECT_DOUBLE_EQ(quiet.cutoff, 0.05 / 3);
  EXPECT_DOUBLE_EQ(LoneChangeCutoff(2000, PAdjustMethod::kBenjaminiHochberg, 0.05), 2.5e-5);
  EXPECT_DOUBLE_EQ(LoneChangeCutoff(2000, PAdjustMethod::kHolm, 0.05), 2.5e-5);
  EXPECT_DOUBLE_EQ(LoneChangeCutoff(2000, PAdjustMethod::kNone, 0.05), 0.05);
  EXPECT_DOUBLE_EQ(StepCutoff(3, 6, PAdjustMethod::kHolm, 0.05), 0.0125);
}

}  // namespace
}  // namespace timeit::stats
