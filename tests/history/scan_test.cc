#include "timeit/history/scan.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "timeit/stats/normal_deviates.h"

namespace timeit::history {
namespace {

// Every segment [a, b) of the stretch, written from the definition: admissible when every
// piece (before, inside, after; the outer ones where not empty) has h nights and the
// segment is not the whole stretch; Z = (mean inside - mean outside) / (sd sqrt(1/m +
// 1/(n - m))), sd of the whole stretch with n - 1; C = |Z| - 1 for a segment touching
// neither end. The first largest C in increasing a, then b.
StretchScan BruteForce(const std::vector<double>& z, size_t h) {
  const size_t n = z.size();
  double mean = 0;
  for (double v : z) mean += v / static_cast<double>(n);
  double squares = 0;
  for (double v : z) squares += (v - mean) * (v - mean);
  double sd = std::sqrt(squares / static_cast<double>(n - 1));
  StretchScan best;
  best.statistic = -1e300;
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = a + 1; b <= n; ++b) {
      if (a == 0 && b == n) continue;
      if ((a > 0 && a < h) || b - a < h || (b < n && n - b < h)) continue;
      double inside = 0;
      double outside = 0;
      for (size_t u = 0; u < n; ++u) (u >= a && u < b ? inside : outside) += z[u];
      double m = static_cast<double>(b - a);
      double rest = static_cast<double>(n) - m;
      double difference = inside / m - outside / rest;
      double c = std::fabs(difference / (sd * std::sqrt(1 / m + 1 / rest))) - (a > 0 && b < n ? 1 : 0);
      if (c > best.statistic + 1e-12) {
        best.statistic = c;
        best.begin = a;
        best.end = b;
      }
    }
  }
  return best;
}

// Random stretches of every length from 6 to 30, both holds, with steps and blocks added
// to half: the statistic and the segment of a brute-force search.
TEST(ScanTest, MatchesBruteForce) {
  stats::NormalDeviates normal(77);
  int middle = 0;
  for (size_t h : {3, 5}) {
    for (size_t n = 2 * h; n <= 30; ++n) {
      for (int trial = 0; trial < 6; ++trial) {
        std::vector<double> z(n);
        for (double& v : z) v = normal.Next();
        if (trial % 2 == 1) {  // a block somewhere, of h nights or more
          size_t a = (trial * 7) % (n - h + 1);
          for (size_t u = a; u < std::min(n, a + h + trial); ++u) z[u] += 3;
        }
        StretchScan expected = BruteForce(z, h);
        StretchScan scan = ScanStretch(z, static_cast<int>(h));
        SCOPED_TRACE("h = " + std::to_string(h) + ", n = " + std::to_string(n) + ", trial " + std::to_string(trial));
        EXPECT_NEAR(scan.statistic, expected.statistic, 1e-9);
        EXPECT_EQ(scan.begin, expected.begin);
        EXPECT_EQ(scan.end, expected.end);
        middle += scan.begin > 0 && scan.end < n ? 1 : 0;
      }
    }
  }
  EXPECT_GT(middle, 10);  // middle segments were found, not only single splits
}

// A single split at c is both [0, c) and [c, n), with equal |Z|: the first, [0, c), wins.
TEST(ScanTest, SingleSplitIsReportedFromTheStart) {
  std::vector<double> step = {0, 0.1, 0, 0.1, 0, 0.1, 5, 5.1, 5, 5.1, 5, 5.1};
  StretchScan scan = ScanStretch(step, 3);
  EXPECT_EQ(scan.begin, 0u);
  EXPECT_EQ(scan.end, 6u);
  // 6 against 6, means 0.05 and 5.05 apart, sd of all 12: the t-like statistic.
  double mean = 2.55;
  double squares = 0;
  for (double v : step) squares += (v - mean) * (v - mean);
  EXPECT_NEAR(scan.statistic, 5 / (std::sqrt(squares / 11) * std::sqrt(1.0 / 6 + 1.0 / 6)), 1e-12);
}

// A block of 8 in the middle of 40 beats both single splits even after its penalty.
TEST(ScanTest, MiddleBlockPaysItsPenaltyAndWins) {
  std::vector<double> z(40, 0.0);
  for (size_t u = 0; u < z.size(); ++u) z[u] = (u % 2 == 0 ? 0.1 : -0.1) + (u >= 16 && u < 24 ? 1.0 : 0.0);
  StretchScan scan = ScanStretch(z, 3);
  EXPECT_EQ(scan.begin, 16u);
  EXPECT_EQ(scan.end, 24u);
  EXPECT_NEAR(scan.statistic, BruteForce(z, 3).statistic, 1e-12);
  EXPECT_EQ(kMiddlePenalty, 1.0);
}

// A flat stretch has no cut.
TEST(ScanTest, FlatStretchHasNoCut) {
  StretchScan scan = ScanStretch(std::vector<double>(10, 2.5), 3);
  EXPECT_EQ(scan.statistic, 0);
  EXPECT_EQ(scan.begin, 0u);
  EXPECT_EQ(scan.end, 0u);
}

// The single split's Z from the definition: (mean after - mean before) / (sd sqrt(1/n1 +
// 1/n2)); positive when the level went up.
TEST(ScanTest, SplitStatistic) {
  std::vector<double> z = {1, 2, 1, 2, 4, 5, 4};
  double mean = 19.0 / 7;
  double squares = 0;
  for (double v : z) squares += (v - mean) * (v - mean);
  double sd = std::sqrt(squares / 6);
  EXPECT_NEAR(SplitStatistic(z, 4), (13.0 / 3 - 1.5) / (sd * std::sqrt(1.0 / 4 + 1.0 / 3)), 1e-12);
  EXPECT_LT(SplitStatistic(std::vector<double>{5, 5, 5, 1, 1, 1}, 3), 0);
  EXPECT_EQ(SplitStatistic(std::vector<double>(6, 1.0), 3), 0);
}

}  // namespace
}  // namespace timeit::history
