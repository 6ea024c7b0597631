#include "timeit/stats/histogram.h"

#include <gtest/gtest.h>

#include <vector>

namespace timeit::stats {
namespace {

using Values = std::vector<double>;
using Counts = std::vector<size_t>;

// Expected bins: NumPy's np.histogram(values, bins=np.geomspace(lo, hi, bins + 1)), which
// closes the last bin as this does, run once with Debian's python3-numpy 1.24.

TEST(HistogramTest, EdgesAreLogSpacedAndAValueOnAnEdgeGoesUp) {
  Histogram histogram = LogHistogram(Values{1, 2, 4, 8}, 1, 8, 3);
  ASSERT_EQ(histogram.edges.size(), 4u);
  EXPECT_DOUBLE_EQ(histogram.edges[1], 2);
  EXPECT_DOUBLE_EQ(histogram.edges[2], 4);
  EXPECT_EQ(histogram.edges[3], 8);
  EXPECT_EQ(histogram.counts, (Counts{1, 1, 2}));  // 8, the upper edge, is in the last bin
  EXPECT_EQ(histogram.not_positive, 0u);
}

TEST(HistogramTest, RangeOfTheValuesAndNonPositiveValuesApart) {
  Values values = {0.101, 0.102, 0.1015, 0.1022, 0.1019, 0.1018, 0.131, 0.1017, 0.0, 0.2};
  Histogram histogram = LogHistogram(values, 5);
  ASSERT_EQ(histogram.edges.size(), 6u);
  EXPECT_EQ(histogram.edges.front(), 0.101);
  EXPECT_NEAR(histogram.edges[1], 0.11578787888076328, 1e-15);
  EXPECT_NEAR(histogram.edges[4], 0.1744569483028675, 1e-15);
  EXPECT_EQ(histogram.edges.back(), 0.2);
  EXPECT_EQ(histogram.counts, (Counts{7, 1, 0, 0, 1}));
  EXPECT_EQ(histogram.not_positive, 1u);
}

TEST(HistogramTest, ValuesBeyondTheRangeGoToTheEndBins) {
  // (NumPy drops them; counted by hand: 0.5 and 1.5 below 2, 3 and 100 at or above it.)
  Histogram histogram = LogHistogram(Values{0.5, 1.5, 3, 100}, 1, 4, 2);
  EXPECT_EQ(histogram.counts, (Counts{2, 2}));
}

TEST(HistogramTest, EqualValuesMakeOneBin) {
  Histogram histogram = LogHistogram(Values{3, 3, 3}, 8);
  EXPECT_EQ(histogram.edges, (Values{3, 3}));
  EXPECT_EQ(histogram.counts, (Counts{3}));
}

TEST(HistogramTest, NoPositiveValueGivesNoBins) {
  Histogram histogram = LogHistogram(Values{0, 0}, 4);
  EXPECT_TRUE(histogram.edges.empty());
  EXPECT_TRUE(histogram.counts.empty());
  EXPECT_EQ(histogram.not_positive, 2u);
  EXPECT_TRUE(LogHistogram(Values{}, 4).counts.empty());
}

TEST(HistogramTest, FewerThanOneBinIsOne) { EXPECT_EQ(LogHistogram(Values{1, 2}, 1, 2, 0).counts, (Counts{2})); }

}  // namespace
}  // namespace timeit::stats
