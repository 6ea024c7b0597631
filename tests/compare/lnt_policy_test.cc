#include "timeit/compare/lnt_policy.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "stats/u_recurrence_oracle.h"
#include "timeit/base/error.h"

namespace timeit::lnt {
namespace {

std::vector<double> Range(double first, int count, double step = 1) {
  std::vector<double> values;
  for (int i = 0; i < count; ++i) values.push_back(first + i * step);
  return values;
}

// ---------------------------------------------------------------------------------------
// Critical values computed independently of the library, from the test oracle's recurrence
// (the library derives its tables from the Mann-Whitney test's own exact distribution).
std::vector<uint64_t> UDistribution(int m, int n) {
  return stats::oracle::RecurrenceUCounts<uint64_t>(static_cast<size_t>(m), static_cast<size_t>(n),
                                                    static_cast<size_t>(m * n + 1));
}

// Largest u with P(U <= u) <= alpha / 2, or 0; alpha / 2 = 1 / half_alpha_denominator.
int ExactCritical(int m, int n, uint64_t half_alpha_denominator) {
  std::vector<uint64_t> dist = UDistribution(m, n);
  uint64_t total = 0;
  for (uint64_t c : dist) total += c;
  int critical = 0;
  uint64_t cumulative = 0;
  for (size_t u = 0; u < dist.size(); ++u) {
    cumulative += dist[u];
    if (cumulative * half_alpha_denominator > total) break;
    critical = static_cast<int>(u);
  }
  return critical;
}

uint64_t Denominator(double significance) { return significance == 0.10 ? 20 : significance == 0.05 ? 40 : 200; }

// Samples of sizes m and n whose LNT statistic |U_a - U_b| is `statistic` (0..m*n), where
// U_a counts pairs a < b (ties 1/2). b = 0, 1, ..., n-1; an a-value of k - 0.5 is below
// n - k of them, an a-value of k is below n - k - 1 and ties one, so each a-value adds any
// number of half pairs from 0 to 2n.
struct SamplePair {
  std::vector<double> a, b;
};
SamplePair WithStatistic(int m, int n, int statistic, bool a_smaller = true) {
  SamplePair samples;
  samples.b = Range(0, n);
  int half_pairs = m * n + (a_smaller ? statistic : -statistic);  // 2 * U_a
  for (int i = 0; i < m; ++i) {
    const int h = std::min(half_pairs, 2 * n);
    half_pairs -= h;
    samples.a.push_back(h % 2 == 0 ? (n - h / 2) - 0.5 : n - (h + 1) / 2);
  }
  return samples;
}

// The table entry MannWhitneySame applies to sizes (m, n): the largest statistic still
// "the same". Fails the test unless every smaller statistic is the same and every larger
// one is different, in both directions.
int ProbedCritical(int m, int n, double significance) {
  int critical = -1;
  for (int s = 0; s <= m * n; ++s) {
    SamplePair low = WithStatistic(m, n, s, true);
    SamplePair high = WithStatistic(m, n, s, false);
    const bool same = MannWhitneySame(low.a, low.b, significance);
    EXPECT_EQ(same, MannWhitneySame(high.a, high.b, significance)) << m << "x" << n << " statistic " << s;
    if (same) {
      EXPECT_EQ(critical, s - 1) << m << "x" << n << " not monotone at " << s;
      critical = s;
    }
  }
  return critical;
}

// ---------------------------------------------------------------------------------------

TEST(LntMannWhitneyTest, WithStatisticBuildsTheRequestedStatistic) {
  // The helper the table probes rely on, checked by direct pair counting.
  for (int m : {1, 4, 7}) {
    for (int n : {1, 5, 20}) {
      for (int s = 0; s <= m * n; ++s) {
        for (bool a_smaller : {true, false}) {
          SamplePair p = WithStatistic(m, n, s, a_smaller);
          ASSERT_EQ(p.a.size(), static_cast<size_t>(m));
          double ua = 0;
          for (double x : p.a) {
            for (double y : p.b) ua += x < y ? 1 : x == y ? 0.5 : 0;
          }
          EXPECT_EQ(std::abs(2 * ua - m * n), s) << m << "x" << n;
        }
      }
    }
  }
}

TEST(LntMannWhitneyTest, UDistributionMatchesKnownExactValues) {
  // P(U = 0) = 1 / C(m + n, m); m = n = 2: U in 0..4 with counts 1 1 2 1 1.
  EXPECT_EQ(UDistribution(2, 2), (std::vector<uint64_t>{1, 1, 2, 1, 1}));
  EXPECT_EQ(UDistribution(1, 3), (std::vector<uint64_t>{1, 1, 1, 1}));
  // Textbook two-sided critical values of U (and SciPy's exact distribution).
  EXPECT_EQ(ExactCritical(5, 5, 40), 2);
  EXPECT_EQ(ExactCritical(8, 8, 40), 13);
  EXPECT_EQ(ExactCritical(10, 10, 40), 23);
  EXPECT_EQ(ExactCritical(10, 10, 200), 16);
  EXPECT_EQ(ExactCritical(20, 20, 20), 138);
  EXPECT_EQ(ExactCritical(20, 20, 40), 127);
  EXPECT_EQ(ExactCritical(20, 20, 200), 105);
  EXPECT_EQ(ExactCritical(3, 3, 40), 0);  // P(U = 0) = 0.05 > 0.025: none, written 0
}

TEST(LntMannWhitneyTest, VerifiedSmallSampleExamples) {
  EXPECT_FALSE(MannWhitneySame(Range(1, 5), Range(6, 5), 0.05));
  // Interleaved samples are "different" too: |U_a - U_b| = |15 - 10| = 5 > 2.
  EXPECT_FALSE(MannWhitneySame(Range(1, 5, 2), Range(2, 5, 2), 0.05));
  const std::vector<double> a = {1, 4, 5, 8, 10}, b = {2, 3, 6, 7, 9};
  EXPECT_TRUE(MannWhitneySame(a, b, 0.05));
  EXPECT_FALSE(MannWhitneySame(a, b, 0.01));
  const std::vector<double> ones(4, 1.0);
  EXPECT_TRUE(MannWhitneySame(ones, ones, 0.05));
}

TEST(LntMannWhitneyTest, VerifiedLargeSampleExamples) {
  const std::vector<double> a = Range(1, 25);
  EXPECT_TRUE(MannWhitneySame(a, Range(1.5, 25), 0.05));
  EXPECT_FALSE(MannWhitneySame(a, Range(11, 25), 0.05));
  const std::vector<double> ones(25, 1.0);
  EXPECT_TRUE(MannWhitneySame(ones, ones, 0.05));
  // One side over 20 is enough to leave the tables: 21 vs 3, clearly apart, whose
  // |U_a - U_b| = 63 exceeds no table entry but whose normal p is tiny.
  EXPECT_FALSE(MannWhitneySame(Range(1, 21), Range(100, 3), 0.10));
}

TEST(LntMannWhitneyTest, LargeSampleTieCorrectionIsSquareRooted) {
  // LNT's lmannwhitneyu uses T = sqrt(1 - sum(t^3 - t) / (n^3 - n)) in sd = sqrt(T n1 n2
  // (n1 + n2 + 1) / 12). Here 1 - ... = 0.5786: with the square root the doubled p is
  // 0.0560, the same at 0.05; without it, 0.0284, different.
  std::vector<double> a(13, 0.0), b(13, 0.0);
  a.insert(a.end(), 8, 2.0);
  b.push_back(1.0);
  EXPECT_TRUE(MannWhitneySame(a, b, 0.05));
  EXPECT_FALSE(MannWhitneySame(a, b, 0.10));
}

TEST(LntMannWhitneyTest, OtherSignificanceOrEmptySampleIsAUsageError) {
  const std::vector<double> small = Range(1, 5), large = Range(1, 25);
  for (double significance : {0.02, 0.1000001, 0.0, 1.0}) {
    try {
      MannWhitneySame(small, small, significance);
      ADD_FAILURE() << significance << " accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kUsage);
      EXPECT_NE(std::string(e.what()).find(significance == 0.02 ? "not 0.02" : "not "), std::string::npos) << e.what();
    }
    EXPECT_THROW(MannWhitneySame(large, large, significance), Error);
  }
  EXPECT_THROW(MannWhitneySame({}, small, 0.05), Error);
  EXPECT_THROW(MannWhitneySame(small, {}, 0.05), Error);
}

TEST(LntMannWhitneyTest, TablesAreExactValuesWithLntsTypos) {
  for (double significance : {0.10, 0.05, 0.01}) {
    for (int m = 1; m <= 20; ++m) {
      for (int n = 1; n <= 20; ++n) {
        // alpha = .10 row 4 is shifted by one (see PatchedEntries).
        const bool shifted_row = significance == 0.10 && m == 4 && n < 20;
        const int exact = ExactCritical(m, shifted_row ? n + 1 : n, Denominator(significance));
        int expected = exact;
        auto is = [&](int i, int j) { return (m == i && n == j) || (m == j && n == i); };
        if (significance == 0.10 && is(13, 20)) expected = 89;
        if (significance == 0.05 && is(4, 20)) expected = 13;
        if (significance == 0.05 && is(14, 17)) expected = 67;
        if (significance == 0.01 && is(11, 20)) expected = 46;
        if (significance == 0.01 && is(13, 19)) expected = 56;
        EXPECT_EQ(ProbedCritical(m, n, significance), expected)
            << "alpha " << significance << " (" << m << ", " << n << ")";
      }
    }
  }
}

TEST(LntMannWhitneyTest, PatchedEntries) {
  // The typos are kept, and they are not the exact values.
  EXPECT_EQ(ProbedCritical(13, 20, 0.10), 89);
  EXPECT_EQ(ProbedCritical(20, 13, 0.10), 89);
  EXPECT_EQ(ExactCritical(13, 20, 20), 84);
  EXPECT_EQ(ProbedCritical(4, 20, 0.05), 13);
  EXPECT_EQ(ProbedCritical(20, 4, 0.05), 13);
  EXPECT_EQ(ExactCritical(4, 20, 40), 14);
  EXPECT_EQ(ProbedCritical(14, 17, 0.05), 67);
  EXPECT_EQ(ProbedCritical(17, 14, 0.05), 67);
  EXPECT_EQ(ExactCritical(14, 17, 40), 69);
  EXPECT_EQ(ProbedCritical(11, 20, 0.01), 46);
  EXPECT_EQ(ProbedCritical(20, 11, 0.01), 46);
  EXPECT_EQ(ExactCritical(11, 20, 200), 48);
  EXPECT_EQ(ProbedCritical(13, 19, 0.01), 56);
  EXPECT_EQ(ProbedCritical(19, 13, 0.01), 56);
  EXPECT_EQ(ExactCritical(13, 19, 200), 57);
  // alpha = .10, len(a) = 4: LNT's row lost its leading 0, so (4, 1..19) read the exact
  // values of (4, 2..20): 0 0 1 2 3 4 5 6 7 8 9 10 11 12 14 15 16 17 18.
  const int lnt_row4[] = {0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18};
  for (int n = 1; n <= 19; ++n) EXPECT_EQ(ProbedCritical(4, n, 0.10), lnt_row4[n - 1]) << n;
  EXPECT_EQ(ExactCritical(4, 3, 20), 0);
  EXPECT_EQ(ExactCritical(4, 10, 20), 7);
  EXPECT_EQ(ProbedCritical(10, 4, 0.10), 7);  // the column is not shifted
  // (4, 20) is past the end of LNT's row (IndexError there); we use the exact value, 18,
  // which is also LNT's (20, 4).
  EXPECT_EQ(ExactCritical(4, 20, 20), 18);
  EXPECT_EQ(ProbedCritical(4, 20, 0.10), 18);
  EXPECT_EQ(ProbedCritical(20, 4, 0.10), 18);
}

TEST(LntMannWhitneyTest, ArgumentOrderSelectsTheTableEntry) {
  // |U_a - U_b| = 8 with 4 against 10 at alpha .10: LNT's (4, 10) entry is 8, (10, 4) is 7.
  SamplePair p = WithStatistic(4, 10, 8);
  EXPECT_TRUE(MannWhitneySame(p.a, p.b, 0.10));
  EXPECT_FALSE(MannWhitneySame(p.b, p.a, 0.10));
}

// ---------------------------------------------------------------------------------------

TEST(LntCompareTest, VerifiedSingleSampleExamples) {
  Comparison c = Compare(std::vector<double>{10.}, std::vector<double>{5.});
  EXPECT_EQ(c.current, 10.);
  EXPECT_EQ(c.previous, 5.);
  EXPECT_EQ(c.delta, 5.);
  EXPECT_EQ(c.pct_delta, 1.);
  EXPECT_FALSE(c.stddev.has_value());
  EXPECT_EQ(c.status, Status::kRegressed);

  c = Compare(std::vector<double>{5.}, std::vector<double>{10.});
  EXPECT_EQ(c.delta, -5.);
  EXPECT_EQ(c.pct_delta, -0.5);
  EXPECT_EQ(c.status, Status::kImproved);

  c = Compare(std::vector<double>{1.005}, std::vector<double>{1.0});  // +0.5 %
  EXPECT_NEAR(c.pct_delta, 0.005, 1e-12);
  EXPECT_EQ(c.status, Status::kUnchanged);

  c = Compare(std::vector<double>{0.004}, std::vector<double>{0.002});  // +100 %, delta 0.002
  EXPECT_EQ(c.pct_delta, 1.0);
  EXPECT_EQ(c.status, Status::kUnchanged);
}

TEST(LntCompareTest, PreviousIsTheClosestBaseSample) {
  Comparison c = Compare(std::vector<double>{1.5}, std::vector<double>{1.0, 1.4, 2.0});
  EXPECT_EQ(c.current, 1.5);
  EXPECT_EQ(c.previous, 1.4);
  EXPECT_NEAR(c.pct_delta, 0.0714285714285715, 1e-15);
  EXPECT_EQ(c.status, Status::kRegressed);

  // Equally close: the later one wins.
  c = Compare(std::vector<double>{1.5}, std::vector<double>{1.25, 1.75});
  EXPECT_EQ(c.previous, 1.75);
  EXPECT_EQ(c.status, Status::kImproved);
  c = Compare(std::vector<double>{1.5}, std::vector<double>{1.75, 1.25});
  EXPECT_EQ(c.previous, 1.25);
  EXPECT_EQ(c.status, Status::kRegressed);
}

TEST(LntCompareTest, VerifiedFourAgainstFour) {
  Comparison c = Compare(std::vector<double>{1.00, 1.01, 1.02, 1.03}, std::vector<double>{1.10, 1.11, 1.12, 1.13});
  EXPECT_EQ(c.current, 1.0);
  EXPECT_EQ(c.previous, 1.1);
  EXPECT_NEAR(c.pct_delta, -0.0909090909090910, 1e-15);
  ASSERT_TRUE(c.stddev.has_value());
  EXPECT_NEAR(*c.stddev, 0.011180339887498959, 1e-15);
  EXPECT_EQ(c.status, Status::kImproved);
}

TEST(LntCompareTest, SmallChangeGates) {
  // Under 1 % is unchanged even when the absolute delta is large.
  EXPECT_EQ(Compare(std::vector<double>{100.9}, std::vector<double>{100.0}).status, Status::kUnchanged);
  EXPECT_EQ(Compare(std::vector<double>{101.5}, std::vector<double>{100.0}).status, Status::kRegressed);
  // An absolute delta under 0.01 is unchanged whatever the percentage.
  EXPECT_EQ(Compare(std::vector<double>{0.015}, std::vector<double>{0.01}).status, Status::kUnchanged);
  EXPECT_EQ(Compare(std::vector<double>{0.025}, std::vector<double>{0.01}).status, Status::kRegressed);
}

TEST(LntCompareTest, MannWhitneySameIsUnchangedOnlyWithFourSamplesEachSide) {
  // delta 0.05 (1.0 against 0.95) is beyond 2.576 standard deviations (0.0288), but
  // U_a = U_b = 8, so with 4 base samples Mann-Whitney calls it the same.
  const std::vector<double> current = {1.0, 1.01, 1.02, 1.03};
  Comparison c = Compare(current, std::vector<double>{0.9, 0.95, 1.1, 1.2});
  EXPECT_EQ(c.previous, 0.95);
  EXPECT_EQ(c.status, Status::kUnchanged);
  c = Compare(current, std::vector<double>{0.95, 1.1, 1.2});
  EXPECT_EQ(c.previous, 0.95);
  EXPECT_EQ(c.status, Status::kRegressed);

  // Samples Mann-Whitney would call the same, with only 3 on one side: not consulted.
  std::vector<double> base = Range(0.5, 10, 0.01);
  for (double v : Range(2.0, 10, 0.01)) base.push_back(v);
  const std::vector<double> three = {1.0, 1.001, 1.002}, four = {1.0, 1.001, 1.002, 1.003};
  ASSERT_TRUE(MannWhitneySame(three, base, 0.05));
  EXPECT_EQ(Compare(three, base).status, Status::kRegressed);
  EXPECT_EQ(Compare(four, base).status, Status::kUnchanged);
  const std::vector<double> ten = {2.35, 2.26, 2.37, 2.24, 2.15, 2.33, 1.11, 2.07, 0.33, 2.71};
  const std::vector<double> base3 = {2.2, 2.24, 2.27};
  ASSERT_TRUE(MannWhitneySame(ten, base3, 0.05));
  EXPECT_EQ(Compare(ten, base3).status, Status::kImproved);  // 0.33 against 2.2
}

TEST(LntCompareTest, NewSamplesAreMannWhitneysFirstArgument) {
  // 4 new against 10 base with |U_a - U_b| = 8 at alpha .10: LNT's (4, 10) entry is 8 (the
  // same), (10, 4) is 7; previous 0.8, delta 0.2 far beyond 2.576 standard deviations.
  const std::vector<double> current = {1.0, 1.001, 1.002, 1.003};
  const std::vector<double> base = {0.5, 0.6, 0.7, 0.8, 2.0, 2.1, 2.2, 2.3, 2.4, 2.5};
  EXPECT_EQ(Compare(current, base, 0.10).status, Status::kUnchanged);
  EXPECT_EQ(Compare(current, base, 0.05).status, Status::kRegressed);
}

TEST(LntCompareTest, StandardDeviationRule) {
  // delta 0.1 within 2.576 * 0.05 (population stddev of {1.0, 1.1}): unchanged; a single
  // new sample has no stddev, and 11 % is a regression.
  Comparison c = Compare(std::vector<double>{1.0, 1.1}, std::vector<double>{0.9});
  ASSERT_TRUE(c.stddev.has_value());
  EXPECT_NEAR(*c.stddev, 0.05, 1e-15);
  EXPECT_EQ(c.status, Status::kUnchanged);
  EXPECT_EQ(Compare(std::vector<double>{1.0}, std::vector<double>{0.9}).status, Status::kRegressed);
  // Tightly clustered new samples: 0.1 > 2.576 * 0.005.
  EXPECT_EQ(Compare(std::vector<double>{1.0, 1.01}, std::vector<double>{0.9}).status, Status::kRegressed);
  EXPECT_EQ(Compare(std::vector<double>{1.0, 1.01}, std::vector<double>{1.1}).status, Status::kImproved);
}

TEST(LntCompareTest, BiggerIsBetterAggregatesWithMaxAndSwapsTheVerdict) {
  EXPECT_EQ(Compare(std::vector<double>{10.}, std::vector<double>{5.}, 0.05, true).status, Status::kImproved);
  EXPECT_EQ(Compare(std::vector<double>{5.}, std::vector<double>{10.}, 0.05, true).status, Status::kRegressed);
  const std::vector<double> current = {2.9, 3.0}, base = {2.0};
  Comparison bigger = Compare(current, base, 0.05, true);
  EXPECT_EQ(bigger.current, 3.0);
  EXPECT_EQ(bigger.delta, 1.0);
  EXPECT_EQ(bigger.status, Status::kImproved);
  Comparison smaller = Compare(current, base, 0.05, false);
  EXPECT_EQ(smaller.current, 2.9);
  EXPECT_EQ(smaller.status, Status::kRegressed);
}

TEST(LntCompareTest, ZeroCurrentOrPrevious) {
  // LNT does not compare a zero current (its status is None): delta stays 0, unchanged.
  Comparison c = Compare(std::vector<double>{0.0}, std::vector<double>{1.0});
  EXPECT_EQ(c.delta, 0.0);
  EXPECT_EQ(c.pct_delta, 0.0);
  EXPECT_EQ(c.status, Status::kUnchanged);
  // A zero previous leaves pct_delta at 0, which the 1 % gate calls unchanged.
  c = Compare(std::vector<double>{1.0}, std::vector<double>{0.0});
  EXPECT_EQ(c.delta, 1.0);
  EXPECT_EQ(c.pct_delta, 0.0);
  EXPECT_EQ(c.status, Status::kUnchanged);
}

TEST(LntCompareTest, BadArgumentsAreUsageErrors) {
  const std::vector<double> one = {1.0};
  try {
    Compare(one, one, 0.02);
    ADD_FAILURE() << "0.02 accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUsage);
  }
  EXPECT_THROW(Compare({}, one), Error);
  EXPECT_THROW(Compare(one, {}), Error);
}

}  // namespace
}  // namespace timeit::lnt
