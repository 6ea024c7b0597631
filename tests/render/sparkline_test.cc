#include "timeit/render/sparkline.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace timeit {
namespace {

constexpr double kGap = NAN;

TEST(SparklineTest, LowestToHighestOnEightLevels) {
  std::vector<double> values = {0, 1, 2, 3, 4, 5, 6, 7};
  EXPECT_EQ(Sparkline(values, 60), "▁▂▃▄▅▆▇█");
  EXPECT_EQ(Sparkline(std::vector<double>{10, 10, 20}, 60), "▁▁█");
}

TEST(SparklineTest, GapsAreSpacesAndEqualValuesAreMiddling) {
  EXPECT_EQ(Sparkline(std::vector<double>{1, kGap, 2}, 60), "▁ █");
  EXPECT_EQ(Sparkline(std::vector<double>{5, 5, kGap, 5}, 60), "▄▄ ▄");
  EXPECT_EQ(Sparkline(std::vector<double>{kGap, kGap}, 60), "  ");
  EXPECT_EQ(Sparkline(std::vector<double>{}, 60), "");
}

std::string Repeat(const char* block, size_t times) {
  std::string line;
  for (size_t i = 0; i < times; ++i) line += block;
  return line;
}

TEST(SparklineTest, ManyValuesAreDrawnAtTheirMediansSoAStepStaysAStep) {
  // 120 nights in 60 characters: two nights a character.
  std::vector<double> step(120, 1.0);
  for (size_t i = 60; i < 120; ++i) step[i] = 2.0;
  EXPECT_EQ(Sparkline(step, 60), Repeat("▁", 30) + Repeat("█", 30));
  // 180 nights: three a character, and one slow night among three does not show.
  std::vector<double> spiky(180, 1.0);
  for (size_t i = 90; i < 180; ++i) spiky[i] = 2.0;
  spiky[10] = 50;
  EXPECT_EQ(Sparkline(spiky, 60), Repeat("▁", 30) + Repeat("█", 30));
  // A character whose nights are all gaps is a gap.
  EXPECT_EQ(Sparkline(std::vector<double>{1, 1, kGap, kGap, 2, 2}, 3), "▁ █");
}

TEST(SparklineTest, AScaleGivenIsSharedByTheLinesDrawnOnIt) {
  // On 0 .. 8: value v is level floor(v), 8 the top; beyond the scale, the nearest end.
  EXPECT_EQ(Sparkline(std::vector<double>{0, 1, 2, 3}, 60, 0, 8), "▁▂▃▄");
  EXPECT_EQ(Sparkline(std::vector<double>{4, 5, 6, 8}, 60, 0, 8), "▅▆▇█");
  EXPECT_EQ(Sparkline(std::vector<double>{-1, 9}, 60, 0, 8), "▁█");
  EXPECT_EQ(Sparkline(std::vector<double>{3, 3}, 60, 3, 3), "▄▄");
}

}  // namespace
}  // namespace timeit
