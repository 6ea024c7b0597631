#include "timeit/history/segmentation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include "timeit/history/scan.h"
#include "timeit/stats/normal_deviates.h"

namespace timeit::history {
namespace {

// n normal nights (sd 1) from `seed`, plus `shift` over [first, end).
std::vector<double> Nights(size_t n, uint64_t seed, std::vector<std::tuple<size_t, size_t, double>> shifts = {}) {
  stats::NormalDeviates normal(seed);
  std::vector<double> z(n);
  for (double& v : z) v = normal.Next();
  for (auto [first, end, shift] : shifts) {
    for (size_t u = first; u < end; ++u) z[u] += shift;
  }
  return z;
}

std::vector<size_t> Consecutive(size_t n) {
  std::vector<size_t> nights(n);
  std::iota(nights.begin(), nights.end(), 0);
  return nights;
}

TEST(SegmentationTest, CutsAStepAndABlock) {
  EXPECT_EQ(SegmentSeries(Nights(60, 1, {{25, 60, 4.0}}), 3, 0.01), (std::vector<size_t>{25}));
  EXPECT_EQ(SegmentSeries(Nights(60, 2, {{20, 28, 4.0}}), 3, 0.01), (std::vector<size_t>{20, 28}));
  EXPECT_EQ(SegmentSeries(Nights(60, 3, {{15, 60, 4.0}, {40, 60, 4.0}}), 3, 0.01), (std::vector<size_t>{15, 40}));
  EXPECT_TRUE(SegmentSeries(Nights(60, 4), 3, 0.01).empty());
}

// The recursion stops at stretches shorter than 2 h and keeps every piece h nights long.
TEST(SegmentationTest, PiecesHoldTheMinimum) {
  for (uint64_t seed = 10; seed < 40; ++seed) {
    std::vector<double> z = Nights(50, seed, {{10, 14, 5.0}, {30, 50, 3.0}});
    std::vector<size_t> cuts = SegmentSeries(z, 3, 0.01);
    size_t previous = 0;
    for (size_t cut : cuts) {
      EXPECT_GE(cut - previous, 3u);
      previous = cut;
    }
    EXPECT_GE(50 - previous, 3u);
  }
}

// A cut in noise is pruned; the real one stays, with the p of its best split within 2
// nights, and its sign.
TEST(SegmentationTest, PrunesCutsWithoutEvidence) {
  std::vector<double> z = Nights(60, 5, {{30, 60, -3.0}});
  PrunedCuts pruned = PruneCuts(z, Consecutive(60), {12, 30, 45}, 3, 0.01);
  ASSERT_EQ(pruned.cuts, (std::vector<size_t>{30}));
  ASSERT_EQ(pruned.evidence.size(), 1u);
  EXPECT_LT(pruned.evidence[0].split, 0);
  double best = 0;
  for (size_t c = 28; c <= 32; ++c) best = std::max(best, std::fabs(SplitStatistic(z, c)));
  EXPECT_EQ(pruned.evidence[0].statistic, best);
  EXPECT_EQ(pruned.evidence[0].p.p, NullPValue(best, 60, 3).p);
  EXPECT_LT(pruned.evidence[0].p.p, 0.01);
  // Every cut goes at an alpha nothing reaches.
  EXPECT_TRUE(PruneCuts(z, Consecutive(60), {12, 30, 45}, 3, 1e-300).cuts.empty());
}

// The window of a cut counts nights, not positions: 5 nights missing before position 20 put
// the split there 7 nights from a cut at position 18, outside its window.
TEST(SegmentationTest, PruningWindowCountsNights) {
  std::vector<double> z = Nights(40, 6, {{20, 40, 6.0}});
  std::vector<size_t> nights = Consecutive(40);
  std::vector<size_t> gapped = nights;
  for (size_t u = 20; u < 40; ++u) gapped[u] += 5;
  auto largest = [&](size_t first, size_t last) {
    double best = 0;
    for (size_t c = first; c <= last; ++c) best = std::max(best, std::fabs(SplitStatistic(z, c)));
    return best;
  };
  CutEvidence near = PruneCuts(z, nights, {18}, 3, 1).evidence[0];
  CutEvidence far = PruneCuts(z, gapped, {18}, 3, 1).evidence[0];
  EXPECT_EQ(near.statistic, largest(16, 20));
  EXPECT_EQ(far.statistic, largest(16, 19));
  EXPECT_EQ(near.statistic, std::fabs(SplitStatistic(z, 20)));  // the step's own split
  EXPECT_GT(near.statistic, far.statistic);
}

// The posterior of one change at tau written out: RSS about the two means, ln post = -(n -
// 2)/2 ln RSS - ln(n1 n2 / n) / 2.
std::vector<double> Posterior(const std::vector<double>& z, size_t h) {
  const size_t n = z.size();
  std::vector<double> log_post;
  for (size_t tau = h; tau <= n - h; ++tau) {
    double m1 = 0, m2 = 0;
    for (size_t u = 0; u < n; ++u) (u < tau ? m1 : m2) += z[u];
    m1 /= static_cast<double>(tau);
    m2 /= static_cast<double>(n - tau);
    double rss = 0;
    for (size_t u = 0; u < n; ++u) rss += std::pow(z[u] - (u < tau ? m1 : m2), 2);
    double n1 = static_cast<double>(tau), n2 = static_cast<double>(n - tau);
    log_post.push_back(-0.5 * (static_cast<double>(n) - 2) * std::log(rss) -
                       0.5 * std::log(n1 * n2 / static_cast<double>(n)));
  }
  double top = *std::max_element(log_post.begin(), log_post.end());
  double sum = 0;
  for (double& v : log_post) sum += (v = std::exp(v - top));
  for (double& v : log_post) v /= sum;
  return log_post;
}

// A sharp step: one night holds most of the posterior, and the cut goes there from wherever
// it was.
TEST(SegmentationTest, PlacesASharpStepOnItsNight) {
  std::vector<double> z = Nights(40, 7, {{22, 40, 6.0}});
  std::vector<double> post = Posterior(z, 3);
  EXPECT_GE(post[22 - 3], kSharpPlacement);
  EXPECT_EQ(PlaceCuts(z, Consecutive(40), {20}, 3), (std::vector<size_t>{22}));
  EXPECT_EQ(PlaceCuts(z, Consecutive(40), {25}, 3), (std::vector<size_t>{22}));
}

// A weak step: the cut goes to the centre of the 5-night window with the most posterior,
// the likeliest night among tied windows. Checked against the posterior written out.
TEST(SegmentationTest, PlacesAWeakStepAtTheHeaviestWindow) {
  int weak = 0;
  for (uint64_t seed = 100; seed < 130; ++seed) {
    std::vector<double> z = Nights(40, seed, {{20, 40, 1.0}});
    std::vector<double> post = Posterior(z, 3);
    if (*std::max_element(post.begin(), post.end()) >= kSharpPlacement) continue;
    ++weak;
    std::vector<double> window(post.size(), 0.0);
    for (size_t k = 0; k < post.size(); ++k) {
      for (size_t o = 0; o < post.size(); ++o) window[k] += (k > o ? k - o : o - k) <= 2 ? post[o] : 0;
    }
    double most = *std::max_element(window.begin(), window.end());
    size_t expected = post.size();
    for (size_t k = 0; k < post.size(); ++k) {
      if (window[k] >= most - 1e-6 && (expected == post.size() || post[k] > post[expected])) expected = k;
    }
    EXPECT_EQ(PlaceCuts(z, Consecutive(40), {20}, 3), (std::vector<size_t>{3 + expected})) << seed;
  }
  EXPECT_GT(weak, 5);
}

// Each cut is placed between its placed predecessor and its successor, leaving h nights.
TEST(SegmentationTest, PlacesEachCutBetweenItsNeighbours) {
  std::vector<double> z = Nights(60, 8, {{20, 28, 5.0}});
  EXPECT_EQ(PlaceCuts(z, Consecutive(60), {19, 29}, 3), (std::vector<size_t>{20, 28}));
  // A flat stretch leaves its cut where it is.
  EXPECT_EQ(PlaceCuts(std::vector<double>(12, 1.0), Consecutive(12), {5}, 3), (std::vector<size_t>{5}));
}

}  // namespace
}  // namespace timeit::history
