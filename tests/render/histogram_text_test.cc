#include "timeit/render/histogram_text.h"

#include <gtest/gtest.h>

#include <vector>

namespace timeit {
namespace {

TEST(HistogramBinsTest, SturgesCapped) {
  EXPECT_EQ(HistogramBins(0), 1);
  EXPECT_EQ(HistogramBins(1), 1);
  EXPECT_EQ(HistogramBins(2), 2);
  EXPECT_EQ(HistogramBins(3), 3);
  EXPECT_EQ(HistogramBins(20), 6);
  EXPECT_EQ(HistogramBins(100), 8);
  EXPECT_EQ(HistogramBins(1000000), 10);
}

TEST(HistogramTextTest, BlocksScaledToTheFullestBin) {
  // From 1 to 16 in 4 log bins, edges 1, 2, 4, 8, 16: counts 8, 1, 0, 3 (16 is in the last).
  std::vector<double> values = {1, 1, 1, 1, 1.5, 1.5, 1.9, 1.99, 2, 9, 12, 16};
  EXPECT_EQ(FormatHistogram("task-clock [s]", values, MetricUnit::kSeconds, 4),
            "task-clock [s]           1.0000 █▁ ▃ 16.0000  (4 log bins: 8 1 0 3)\n");
}

TEST(HistogramTextTest, EightLevels) {
  // Bin i holds i + 1 values: the blocks climb by one eighth each.
  std::vector<double> values;
  for (int bin = 0; bin < 8; ++bin) {
    for (int k = 0; k <= bin; ++k) values.push_back(1 << bin);
  }
  values.push_back(256);  // the top edge, in the last bin: 9 there
  EXPECT_EQ(FormatHistogram("x", values, MetricUnit::kCount, 8),
            "x                        1 ▁▂▃▄▅▆▇█ 256  (8 log bins: 1 2 3 4 5 6 7 9)\n");
}

TEST(HistogramTextTest, OneValueOneBinAndWhatHasNoLogBin) {
  EXPECT_EQ(FormatHistogram("user [s]", std::vector<double>{0.5, 0.5, 0.5}, MetricUnit::kSeconds, 3),
            "user [s]                 0.5000 █ 0.5000  (1 log bin: 3)\n");
  EXPECT_EQ(FormatHistogram("user [s]", std::vector<double>{0, 0.5, 0, 1}, MetricUnit::kSeconds, 2),
            "user [s]                 0.5000 ██ 1.0000  (2 log bins: 1 1, 2 not positive)\n");
  EXPECT_EQ(FormatHistogram("user [s]", std::vector<double>{0, 0}, MetricUnit::kSeconds, 2),
            "user [s]                 no positive value to bin (2 not positive)\n");
}

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
