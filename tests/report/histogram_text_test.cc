#include "timeit/report/histogram_text.h"

#include <gtest/gtest.h>

#include <vector>

namespace timeit {
namespace {

std::string Bars(std::vector<size_t> counts, size_t scale) { return FormatHistogramBars(counts, scale); }

TEST(HistogramTextTest, EachEighthHasItsBlock) { EXPECT_EQ(Bars({0, 1, 2, 3, 4, 5, 6, 7, 8}, 8), " ▁▂▃▄▅▆▇█"); }

TEST(HistogramTextTest, HeightsRoundUpSoNoRunLooksMissing) {
  // Scale 9: 1 -> ceil(8 / 9) = 1 eighth, 5 -> ceil(40 / 9) = 5, 8 -> ceil(64 / 9) = 8.
  EXPECT_EQ(Bars({1, 5, 8, 9}, 9), "▁▅██");
  // One run among a hundred still shows.
  EXPECT_EQ(Bars({1, 100, 0}, 100), "▁█ ");
}

TEST(HistogramTextTest, EmptyBinsAndNoScaleAreSpaces) {
  EXPECT_EQ(Bars({0, 0, 0}, 4), "   ");
  EXPECT_EQ(Bars({1, 2}, 0), "  ");
  EXPECT_EQ(Bars({}, 3), "");
  EXPECT_EQ(Bars({7}, 3), "█");  // above the scale: full
}

}  // namespace
}  // namespace timeit
