#include "timeit/compare/comparison.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "timeit/base/error.h"

namespace timeit {
namespace {

void Add(SampleSet& side, const std::string& name, const std::string& metric, std::vector<double> values,
         size_t failed = 0) {
  BenchmarkSamples& benchmark = side.Get(name);
  benchmark.runs += values.size() + failed;
  benchmark.failed_runs += failed;
  auto& pooled = benchmark.metrics[metric];
  pooled.insert(pooled.end(), values.begin(), values.end());
}

// A copy, so it can be taken from a temporary report.
ComparisonRow RowOf(const ComparisonReport& report, const std::string& benchmark) {
  for (const ComparisonRow& row : report.rows) {
    if (row.benchmark == benchmark) return row;
  }
  throw std::runtime_error("no row " + benchmark);
}

TEST(ComparisonTest, SpellingsOfPolicyOrderAndVerdict) {
  EXPECT_EQ(ComparePolicyName(ComparePolicy::kDefault), "default");
  EXPECT_EQ(ComparePolicyName(ComparePolicy::kLnt), "lnt");
  EXPECT_EQ(ValueSpelled(kRowOrderSpellings, "p"), RowOrder::kPValue);
  EXPECT_EQ(RowOrderName(RowOrder::kVerdict), "verdict");
  EXPECT_EQ(RowOrderName(RowOrder::kEffect), "effect");
  EXPECT_EQ(RowOrderName(RowOrder::kName), "name");
  EXPECT_EQ(VerdictName(Verdict::kTooFewRuns), "too few runs");
  EXPECT_EQ(VerdictName(Verdict::kNoData), "no data");
  // Every verdict, in report order, has its own spelling.
  for (size_t i = 0; i < kVerdictSpellings.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(kVerdictSpellings[i].value), i);
    EXPECT_EQ(ValueSpelled(kVerdictSpellings, kVerdictSpellings[i].word), kVerdictSpellings[i].value);
  }
}

TEST(ComparisonTest, ClearSlowdownRegressesAndSpeedupImproves) {
  SampleSet base, candidate;
  Add(base, "slower", "task-clock", {1, 2, 3, 4, 5});
  Add(candidate, "slower", "task-clock", {6, 7, 8, 9, 10});
  Add(base, "faster", "task-clock", {6, 7, 8, 9, 10});
  Add(candidate, "faster", "task-clock", {1, 2, 3, 4, 5});
  ComparisonReport report = Compare(base, candidate, {});
  const ComparisonRow& slower = RowOf(report, "slower");
  EXPECT_EQ(slower.metric, "task-clock");
  EXPECT_EQ(slower.verdict, Verdict::kRegressed);
  ASSERT_TRUE(slower.test.has_value());
  EXPECT_DOUBLE_EQ(slower.test->u1, 0);
  EXPECT_NEAR(slower.test->p_value, 0.00793650793651, 1e-12);  // SciPy, exact
  // Two tests, both p = 0.0079: Benjamini-Hochberg leaves the larger rank's p as it is.
  EXPECT_NEAR(slower.p_adjusted, 0.00793650793651, 1e-12);
  EXPECT_DOUBLE_EQ(slower.base.median, 3);
  EXPECT_DOUBLE_EQ(slower.candidate.min, 6);
  EXPECT_DOUBLE_EQ(slower.median_change, 8.0 / 3.0 - 1);
  EXPECT_DOUBLE_EQ(slower.min_change, 5);
  EXPECT_GT(slower.effect.ratio, 1);
  EXPECT_TRUE(slower.effect.excludes_no_change);
  EXPECT_EQ(RowOf(report, "faster").verdict, Verdict::kImproved);
  EXPECT_TRUE(report.any_regressed());
}

TEST(ComparisonTest, ThreeRunsAgainstThreeCanNeverBeSignificant) {
  SampleSet base, candidate;
  Add(base, "b", "user", {1, 1.01, 1.02});
  Add(candidate, "b", "user", {2, 2.01, 2.02});
  ComparisonReport report = Compare(base, candidate, {});
  EXPECT_EQ(RowOf(report, "b").verdict, Verdict::kTooFewRuns);
  EXPECT_FALSE(report.any_regressed());
  // 4 against 4 can (minimum p 0.0286).
  Add(base, "b", "user", {1.03});
  Add(candidate, "b", "user", {2.03});
  EXPECT_EQ(RowOf(Compare(base, candidate, {}), "b").verdict, Verdict::kRegressed);
}

TEST(ComparisonTest, SignificantButTinyChangeIsUnchanged) {
  SampleSet base, candidate;
  Add(base, "b", "task-clock", {1.000, 1.001, 1.002, 1.003, 1.004, 1.005});
  Add(candidate, "b", "task-clock", {1.006, 1.007, 1.008, 1.009, 1.010, 1.011});
  CompareSettings settings;
  ComparisonReport report = Compare(base, candidate, settings);
  const ComparisonRow& row = RowOf(report, "b");
  EXPECT_LT(row.p_adjusted, 0.05);
  EXPECT_EQ(row.verdict, Verdict::kUnchanged);  // +0.6% is under the 1% threshold
  settings.threshold = 0.001;
  EXPECT_EQ(RowOf(Compare(base, candidate, settings), "b").verdict, Verdict::kRegressed);
}

TEST(ComparisonTest, CorrectionAcrossRowsCanRemoveAChanceFinding) {
  // One row with p = 0.0286 (4 vs 4, fully separated) among 9 rows with no difference:
  // significant alone, not after Holm or Benjamini-Hochberg over 10 tests, which need
  // p < 0.005 for a lone change. 4 runs a side can never give that: too few runs.
  SampleSet base, candidate;
  Add(base, "changed", "task-clock", {1, 2, 3, 4});
  Add(candidate, "changed", "task-clock", {5, 6, 7, 8});
  for (int i = 0; i < 9; ++i) {
    std::string name = "same" + std::to_string(i);
    Add(base, name, "task-clock", {1, 3, 5, 7});
    Add(candidate, name, "task-clock", {2, 4, 6, 8});
  }
  CompareSettings settings;
  settings.correction = stats::PAdjustMethod::kNone;
  EXPECT_EQ(RowOf(Compare(base, candidate, settings), "changed").verdict, Verdict::kRegressed);
  EXPECT_TRUE(Compare(base, candidate, settings).families[0].common_runs_suffice);  // 0.0286 < 0.05
  EXPECT_EQ(RowOf(Compare(base, candidate, settings), "same0").verdict, Verdict::kUnchanged);
  settings.correction = stats::PAdjustMethod::kHolm;
  EXPECT_EQ(RowOf(Compare(base, candidate, settings), "changed").verdict, Verdict::kTooFewRuns);
  settings.correction = stats::PAdjustMethod::kBenjaminiHochberg;
  ComparisonReport report = Compare(base, candidate, settings);
  const ComparisonRow& row = RowOf(report, "changed");
  EXPECT_EQ(row.verdict, Verdict::kTooFewRuns);
  EXPECT_GT(row.p_adjusted, row.test->p_value);
  EXPECT_EQ(RowOf(report, "same0").verdict, Verdict::kTooFewRuns);
  ASSERT_EQ(report.families.size(), 1u);
  EXPECT_EQ(report.families[0].family, 10u);
  EXPECT_EQ(report.families[0].too_few, 10u);
  EXPECT_DOUBLE_EQ(report.families[0].lone_change_p, 0.005);
  // 4 vs 4 give at least 2 / C(8, 4) = 0.0286: no lone change can be flagged at 0.005.
  EXPECT_FALSE(report.families[0].common_runs_suffice);
  // 2 / C(12, 6) = 0.0022 < 0.005 <= 2 / C(10, 5) = 0.0079.
  EXPECT_EQ(report.families[0].runs_needed, 6u);
}

TEST(ComparisonTest, AddedRemovedAndNoData) {
  SampleSet base, candidate;
  Add(base, "gone", "user", {1, 2});
  Add(candidate, "new", "user", {1, 2});
  Add(base, "crashed", "user", {1, 2, 3, 4});
  Add(candidate, "crashed", "user", {}, /*failed=*/4);
  ComparisonReport report = Compare(base, candidate, {});
  EXPECT_EQ(RowOf(report, "gone").verdict, Verdict::kRemoved);
  EXPECT_EQ(RowOf(report, "new").verdict, Verdict::kAdded);
  const ComparisonRow& crashed = RowOf(report, "crashed");
  EXPECT_EQ(crashed.verdict, Verdict::kNoData);
  EXPECT_EQ(crashed.candidate.failed, 4u);
  EXPECT_EQ(crashed.candidate.n, 0u);
  EXPECT_FALSE(crashed.test.has_value());
}

TEST(ComparisonTest, FailedRunsAreReportedBesideTheSample) {
  SampleSet base, candidate;
  Add(base, "b", "user", {1, 2, 3, 4, 5}, /*failed=*/2);
  Add(candidate, "b", "user", {1, 2, 3, 4, 5});
  const ComparisonRow& row = RowOf(Compare(base, candidate, {}), "b");
  EXPECT_EQ(row.base.n, 5u);
  EXPECT_EQ(row.base.failed, 2u);
  EXPECT_EQ(row.verdict, Verdict::kUnchanged);
}

TEST(ComparisonTest, DefaultMetricIsTaskClockWhereBothSidesHaveIt) {
  SampleSet base, candidate;
  Add(base, "both", "task-clock", {1, 2});
  Add(base, "both", "user", {1, 2});
  Add(candidate, "both", "task-clock", {1, 2});
  Add(candidate, "both", "user", {1, 2});
  Add(base, "one", "task-clock", {1, 2});
  Add(base, "one", "user", {1, 2});
  Add(candidate, "one", "user", {1, 2});
  ComparisonReport report = Compare(base, candidate, {});
  EXPECT_EQ(RowOf(report, "both").metric, "task-clock");
  EXPECT_EQ(RowOf(report, "one").metric, "user");
}

TEST(ComparisonTest, UnknownMetricListsTheKnownOnes) {
  SampleSet base, candidate;
  Add(base, "b", "user", {1});
  Add(candidate, "b", "real", {1});
  CompareSettings settings;
  settings.metrics = {"cycles"};
  try {
    Compare(base, candidate, settings);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kUsage);
    EXPECT_STREQ(error.what(), "unknown metric 'cycles'; the results have: real, user");
  }
}

TEST(ComparisonTest, RowsAreSortedByVerdictThenEffectSize) {
  SampleSet base, candidate;
  Add(base, "noisy", "user", {1, 3, 5, 7, 9});  // unchanged, though its estimate is large
  Add(candidate, "noisy", "user", {3, 5, 7, 9, 11});
  Add(base, "small", "user", {1, 1, 1, 1, 1});
  Add(candidate, "small", "user", {1.1, 1.1, 1.1, 1.1, 1.1});
  Add(base, "large", "user", {1, 1, 1, 1, 1});
  Add(candidate, "large", "user", {0.5, 0.5, 0.5, 0.5, 0.5});
  Add(base, "larger", "user", {1, 1, 1, 1, 1});
  Add(candidate, "larger", "user", {1.5, 1.5, 1.5, 1.5, 1.5});
  Add(base, "gone", "user", {1});
  auto order = [&](RowOrder row_order) {
    CompareSettings settings;
    settings.order = row_order;
    std::vector<std::string> names;
    for (const ComparisonRow& row : Compare(base, candidate, settings).rows) names.push_back(row.benchmark);
    return names;
  };
  // Regressed first (by size), then improved, then the rest.
  EXPECT_EQ(order(RowOrder::kVerdict), (std::vector<std::string>{"larger", "small", "large", "noisy", "gone"}));
  EXPECT_EQ(order(RowOrder::kEffect), (std::vector<std::string>{"large", "larger", "noisy", "small", "gone"}));
  EXPECT_EQ(order(RowOrder::kName), (std::vector<std::string>{"gone", "large", "larger", "noisy", "small"}));
  EXPECT_EQ(order(RowOrder::kPValue).back(), "gone");
  EXPECT_EQ(order(RowOrder::kPValue)[3], "noisy");
}

TEST(ComparisonTest, GeomeanOverBenchmarksOfAMetric) {
  SampleSet base, candidate;
  Add(base, "a", "user", {1, 1, 1, 1, 1});
  Add(candidate, "a", "user", {2, 2, 2, 2, 2});
  Add(base, "b", "user", {1, 1, 1, 1, 1});
  Add(candidate, "b", "user", {0.5, 0.5, 0.5, 0.5, 0.5});
  ComparisonReport report = Compare(base, candidate, {});
  ASSERT_EQ(report.geomeans.size(), 1u);
  EXPECT_EQ(report.geomeans[0].metric, "user");
  EXPECT_EQ(report.geomeans[0].benchmarks, 2u);
  EXPECT_NEAR(report.geomeans[0].ratio, 1.0, 1e-12);  // sqrt(2 * 0.5)
}

TEST(ComparisonTest, LntPolicyFollowsLntsRules) {
  SampleSet base, candidate;
  // LNT's own example: current 1.0 against previous samples 1.10..1.13 is IMPROVED by -9.09%.
  Add(base, "b", "user", {1.10, 1.11, 1.12, 1.13});
  Add(candidate, "b", "user", {1.00, 1.01, 1.02, 1.03});
  CompareSettings settings;
  settings.policy = ComparePolicy::kLnt;
  const ComparisonRow& row = RowOf(Compare(base, candidate, settings), "b");
  ASSERT_TRUE(row.lnt.has_value());
  EXPECT_DOUBLE_EQ(row.lnt->current, 1.0);
  EXPECT_DOUBLE_EQ(row.lnt->previous, 1.10);
  EXPECT_NEAR(row.lnt->pct_delta, -0.0909090909, 1e-9);
  EXPECT_EQ(row.verdict, Verdict::kImproved);
  EXPECT_EQ(row.lnt->rule, lnt::Rule::kStddev);
  EXPECT_FALSE(row.test.has_value());  // LNT's rules use no Mann-Whitney p of ours
  // With the default rules 4 vs 4 fully separated is p = 0.0286: improved as well.
  EXPECT_EQ(RowOf(Compare(base, candidate, {}), "b").verdict, Verdict::kImproved);
}

// A family of `size` benchmarks, and at index 0 (unless `factor` is 0) one that got
// `factor` slower with every new run above every base run (complete separation). The others interleave their runs
// (base 1.000, new 1.001, base 1.002, ...), so none of them is separated by chance.
void AddNight(SampleSet& base, SampleSet& candidate, size_t size, size_t runs, double factor,
              const std::string& metric = "task-clock") {
  for (size_t b = 0; b < size; ++b) {
    std::string name = "bench" + std::to_string(b);
    std::vector<double> before, after;
    for (size_t r = 0; r < runs; ++r) {
      double offset = 1e-6 * static_cast<double>(b);
      before.push_back(1 + 0.002 * static_cast<double>(r) + offset);
      after.push_back(1.001 + 0.002 * static_cast<double>(r) + offset);
      if (b == 0 && factor > 0) {
        before.back() = 0.99 + 0.001 * static_cast<double>(r);
        after.back() = factor + 0.001 * static_cast<double>(r);
      }
    }
    Add(base, name, metric, before);
    Add(candidate, name, metric, after);
  }
}

// The consequence: a lone complete separation is flagged at test-suite sizes with
// the exact test, and where no p could be small enough the row says so.
TEST(ComparisonTest, LoneRegressionIsFlaggedInALargeFamily) {
  {
    SampleSet base, candidate;
    AddNight(base, candidate, 2000, 10, 1.10);  // 10 runs a side, 2,000 benchmarks
    ComparisonReport report = Compare(base, candidate, {});
    const ComparisonRow& row = RowOf(report, "bench0");
    EXPECT_EQ(row.verdict, Verdict::kRegressed);
    EXPECT_TRUE(row.test->exact);
    EXPECT_DOUBLE_EQ(row.test->p_value, 2.0 / 184756);  // 1.08e-5 < 0.05 / 2000
    EXPECT_EQ(report.families[0].family, 2000u);
    EXPECT_DOUBLE_EQ(report.families[0].lone_change_p, 0.05 / 2000);
    EXPECT_EQ(report.families[0].runs_needed, 10u);  // 9 a side give 2 / C(18, 9) = 4.1e-5
    EXPECT_EQ(report.families[0].common_base_runs, 10u);
    // SciPy's auto rule cannot: its smallest p at 10 vs 10 is 1.8e-4. Every row says so.
    CompareSettings scipy;
    scipy.method = stats::MannWhitneyMethod::kAuto;
    ComparisonReport auto_report = Compare(base, candidate, scipy);
    EXPECT_EQ(RowOf(auto_report, "bench0").verdict, Verdict::kTooFewRuns);
    EXPECT_EQ(auto_report.families[0].too_few, 2000u);
    // The normal approximation's smallest p falls below 2.5e-5 at 13 runs a side:
    // 2 sf((13^2 / 2 - 1/2) / sqrt(13^2 27 / 12)) = 1.65e-5, at 12: 3.66e-5.
    EXPECT_EQ(auto_report.families[0].runs_needed, 13u);
  }
  {
    SampleSet base, candidate;
    AddNight(base, candidate, 100, 8, 1.10);  // 8 runs a side, 100 benchmarks
    const ComparisonRow& row = RowOf(Compare(base, candidate, {}), "bench0");
    EXPECT_EQ(row.verdict, Verdict::kRegressed);  // 2 / C(16, 8) = 1.55e-4 < 5e-4
  }
  {
    SampleSet base, candidate;
    AddNight(base, candidate, 400, 8, 1.10);  // 0.05 / 400 = 1.25e-4: out of reach
    ComparisonReport report = Compare(base, candidate, {});
    EXPECT_EQ(RowOf(report, "bench0").verdict, Verdict::kTooFewRuns);
    for (const ComparisonRow& row : report.rows) EXPECT_NE(row.verdict, Verdict::kUnchanged) << row.benchmark;
  }
}

// C(2n, n) for n = 0 .. 30, added up row by row in Pascal's triangle: exact integers, by
// arithmetic that shares nothing with the test's.
std::vector<uint64_t> CentralBinomials() {
  std::vector<uint64_t> central;
  std::vector<uint64_t> row = {1};
  for (size_t size = 0; size <= 60; ++size) {
    if (size % 2 == 0) central.push_back(row[size / 2]);
    std::vector<uint64_t> next(row.size() + 1, 1);
    for (size_t k = 1; k < row.size(); ++k) next[k] = row[k - 1] + row[k];
    row = std::move(next);
  }
  return central;
}

// The runs per side a lone complete separation needs among `rows` rows, from the exact
// distribution: its p is 2 / C(2n, n), and the bar alpha / rows (Benjamini-Hochberg's and
// Holm's first step) with alpha = 1 / alpha_inverse, so p is below the bar exactly when
// 2 rows alpha_inverse < C(2n, n), in integers.
size_t ExactRunsForLoneChange(uint64_t rows, uint64_t alpha_inverse) {
  static const std::vector<uint64_t> central = CentralBinomials();
  for (size_t n = 1; n < central.size(); ++n) {
    if (2 * rows * alpha_inverse < central[n]) return n;
  }
  return 0;
}

// The advice "n runs per side suffice", for families of 1 to 10,000 rows, against the exact
// distribution: the smallest n whose complete separation clears the bar. Among 12 rows 6
// (2 / C(10, 5) = 0.0079 is not below 0.05 / 12 = 0.0042, 2 / C(12, 6) = 0.0022 is), among
// 141 rows 8, among 4,618 10 and among 4,619 11 (C(20, 10) = 184,756 = 40 x 4,618.9).
TEST(ComparisonTest, RunsPerSideForALoneChangeFollowTheExactDistribution) {
  CompareSettings bh;
  CompareSettings holm;
  holm.correction = stats::PAdjustMethod::kHolm;
  CompareSettings none;
  none.correction = stats::PAdjustMethod::kNone;
  CompareSettings strict;
  strict.alpha = 0.01;
  for (size_t rows = 1; rows <= 10000; ++rows) {
    size_t expected = ExactRunsForLoneChange(rows, 20);
    ASSERT_EQ(RunsPerSideForLoneChange(rows, bh), expected) << rows << " rows";
    ASSERT_EQ(RunsPerSideForLoneChange(rows, holm), expected) << rows << " rows";
    ASSERT_EQ(RunsPerSideForLoneChange(rows, strict), ExactRunsForLoneChange(rows, 100)) << rows << " rows";
    // Without a correction the bar is alpha whatever the family: 2 / C(8, 4) = 0.029.
    ASSERT_EQ(RunsPerSideForLoneChange(rows, none), 4u) << rows << " rows";
  }
  EXPECT_EQ(RunsPerSideForLoneChange(12, bh), 6u);
  EXPECT_EQ(RunsPerSideForLoneChange(141, bh), 8u);
  EXPECT_EQ(RunsPerSideForLoneChange(4618, bh), 10u);
  EXPECT_EQ(RunsPerSideForLoneChange(4619, bh), 11u);
  EXPECT_EQ(RunsPerSideForLoneChange(10000, bh), 11u);
  // Other methods, from scipy.stats.mannwhitneyu(range(n), range(n, 2 n), method=...)
  // .pvalue (SciPy 1.10.1). asymptotic: n = 6 gives 0.00507, 7 0.00217 (12 rows: 0.0042);
  // 9 gives 0.000412, 10 0.000183 (141 rows: 0.000355). The default 'auto' is exact up to
  // 8 a side: 2 / C(16, 8) = 0.000155 is enough among 141 rows, where 9 (0.000412) is not.
  CompareSettings asymptotic;
  asymptotic.method = stats::MannWhitneyMethod::kAsymptotic;
  EXPECT_EQ(RunsPerSideForLoneChange(12, asymptotic), 7u);
  EXPECT_EQ(RunsPerSideForLoneChange(141, asymptotic), 10u);
  CompareSettings scipy;
  scipy.method = stats::MannWhitneyMethod::kAuto;
  EXPECT_EQ(RunsPerSideForLoneChange(12, scipy), 6u);
  EXPECT_EQ(RunsPerSideForLoneChange(141, scipy), 8u);
}

// The advice is for the family the rows form once they are judged, not for today's: 12 rows
// of 2 runs form no family (2 / C(4, 2) = 0.33 reaches no alpha), yet 4 runs, enough for a
// lone row, bring all 12 into it. Following the advice flags a lone complete separation, and
// one run fewer cannot; the advice reads the same before and after.
TEST(ComparisonTest, RunCountAdviceHoldsOnceTheRowsAreJudged) {
  struct Case {
    size_t rows;
    stats::PAdjustMethod correction;
    stats::MannWhitneyMethod method;
    size_t runs;  // ExactRunsForLoneChange, or from SciPy as above
  };
  const stats::PAdjustMethod bh = stats::PAdjustMethod::kBenjaminiHochberg;
  const stats::MannWhitneyMethod exact = stats::MannWhitneyMethod::kExact;
  for (const Case& c :
       {Case{1, bh, exact, ExactRunsForLoneChange(1, 20)}, Case{2, bh, exact, ExactRunsForLoneChange(2, 20)},
        Case{12, bh, exact, ExactRunsForLoneChange(12, 20)},
        Case{12, stats::PAdjustMethod::kHolm, exact, ExactRunsForLoneChange(12, 20)},
        Case{12, stats::PAdjustMethod::kNone, exact, 4}, Case{12, bh, stats::MannWhitneyMethod::kAsymptotic, 7},
        Case{141, bh, exact, ExactRunsForLoneChange(141, 20)}, Case{141, bh, stats::MannWhitneyMethod::kAsymptotic, 10},
        Case{141, bh, stats::MannWhitneyMethod::kAuto, 8}, Case{1000, bh, exact, ExactRunsForLoneChange(1000, 20)},
        Case{10000, bh, exact, ExactRunsForLoneChange(10000, 20)}}) {
    CompareSettings settings;
    settings.correction = c.correction;
    settings.method = c.method;
    std::string label = std::to_string(c.rows) + " rows, " + std::string(stats::PAdjustMethodName(c.correction)) +
                        ", " + std::string(stats::MannWhitneyMethodName(c.method));
    for (size_t today : {size_t{1}, size_t{2}, c.runs - 1, c.runs}) {
      SampleSet base, candidate;
      AddNight(base, candidate, c.rows, today, 1.5);
      ComparisonReport report = Compare(base, candidate, settings);
      const MetricFamily& family = report.families.at(0);
      EXPECT_EQ(family.runs_needed, c.runs) << label << ", " << today << " runs today";
      EXPECT_EQ(family.tested, c.rows) << label;
      Verdict lone = RowOf(report, "bench0").verdict;
      if (today >= c.runs) {
        EXPECT_EQ(family.family, c.rows) << label;
        EXPECT_EQ(lone, Verdict::kRegressed) << label << ", " << today << " runs";
      } else {
        EXPECT_EQ(lone, Verdict::kTooFewRuns) << label << ", " << today << " runs";
      }
    }
  }
}

// Too few runs is judged within the family: when many rows change together the
// correction relaxes (Benjamini-Hochberg), and rows that could then be flagged read
// unchanged, not too few runs.
TEST(ComparisonTest, TooFewRunsDependsOnTheWholeFamily) {
  SampleSet base, candidate;
  AddNight(base, candidate, 400, 8, 1.10);
  for (size_t b = 1; b <= 50; ++b) {  // 50 more complete separations
    std::string name = "bench" + std::to_string(b);
    BenchmarkSamples& before = base.Get(name);
    BenchmarkSamples& after = candidate.Get(name);
    for (size_t r = 0; r < 8; ++r) {
      before.metrics["task-clock"][r] = 0.99 + 0.001 * static_cast<double>(r);
      after.metrics["task-clock"][r] = 1.10 + 0.001 * static_cast<double>(r);
    }
  }
  ComparisonReport report = Compare(base, candidate, {});
  EXPECT_EQ(report.families[0].flagged, 51u);
  EXPECT_EQ(report.families[0].too_few, 0u);
  EXPECT_DOUBLE_EQ(report.families[0].cutoff, 51 * 0.05 / 400);
  EXPECT_EQ(RowOf(report, "bench200").verdict, Verdict::kUnchanged);
}

// Each metric is its own family: comparing more metrics does not change a verdict.
TEST(ComparisonTest, EachMetricIsItsOwnFamily) {
  SampleSet base, candidate;
  AddNight(base, candidate, 20, 6, 1.10, "task-clock");
  AddNight(base, candidate, 20, 6, 0, "user");
  AddNight(base, candidate, 20, 6, 0, "real");
  CompareSettings one;
  one.metrics = {"task-clock"};
  CompareSettings three;
  three.metrics = {"task-clock", "user", "real"};
  // 2 / C(12, 6) = 0.0022 < 0.05 / 20, but not < 0.05 / 60: one family across the three
  // metrics would hide it.
  EXPECT_EQ(RowOf(Compare(base, candidate, one), "bench0").verdict, Verdict::kRegressed);
  ComparisonReport report = Compare(base, candidate, three);
  for (const ComparisonRow& row : report.rows) {
    if (row.benchmark == "bench0" && row.metric == "task-clock") {
      EXPECT_EQ(row.verdict, Verdict::kRegressed);
    }
  }
  ASSERT_EQ(report.families.size(), 3u);
  for (const MetricFamily& family : report.families) EXPECT_EQ(family.family, 20u) << family.metric;
}

// A change from 0 is a change: 20 runs of 0 against 20 runs of 1 (and back).
TEST(ComparisonTest, ChangeFromZeroIsAChange) {
  SampleSet base, candidate;
  Add(base, "up", "cpu-migrations", std::vector<double>(20, 0.0));
  Add(candidate, "up", "cpu-migrations", std::vector<double>(20, 1.0));
  Add(base, "down", "cpu-migrations", std::vector<double>(20, 1.0));
  Add(candidate, "down", "cpu-migrations", std::vector<double>(20, 0.0));
  Add(base, "still", "cpu-migrations", std::vector<double>(20, 0.0));
  Add(candidate, "still", "cpu-migrations", std::vector<double>(20, 0.0));
  CompareSettings settings;
  settings.metrics = {"cpu-migrations"};
  ComparisonReport report = Compare(base, candidate, settings);
  const ComparisonRow& up = RowOf(report, "up");
  EXPECT_EQ(up.verdict, Verdict::kRegressed);
  EXPECT_EQ(up.effect.scale, EffectScale::kDifference);
  EXPECT_TRUE(std::isnan(up.effect.ratio));  // no ratio from 0
  EXPECT_EQ(up.effect.shift, 1.0);
  EXPECT_EQ(up.effect.shift_lower, 1.0);
  EXPECT_EQ(up.effect.shift_upper, 1.0);
  EXPECT_NEAR(up.test->p_value, 1.4508889103849688e-11, 1e-20);  // 2 / C(40, 20), as coin
  EXPECT_TRUE(report.any_regressed());
  const ComparisonRow& down = RowOf(report, "down");
  EXPECT_EQ(down.verdict, Verdict::kImproved);
  EXPECT_EQ(down.effect.ratio, 0.0);  // 1 + (-1) / 1
  EXPECT_EQ(RowOf(report, "still").verdict, Verdict::kUnchanged);
}

// What the issue asks of every row: a flagged row's interval excludes 1, and no row whose
// interval lies entirely beyond the threshold reads unchanged. Checked over many random
// nights, with ties (whole clock ticks) and without, and with zeros.
TEST(ComparisonTest, IntervalsAgreeWithVerdicts) {
  std::mt19937_64 engine(11);
  std::lognormal_distribution<double> noise(0, 0.03);
  std::uniform_int_distribution<int> ticks(0, 3);
  for (int night = 0; night < 20; ++night) {
    SampleSet base, candidate;
    for (int b = 0; b < 60; ++b) {
      size_t runs = 3 + static_cast<size_t>(b % 9);
      double factor = b % 4 == 0 ? 1.0 + 0.01 * (b % 13) : 1.0;
      std::vector<double> before, after;
      for (size_t r = 0; r < runs; ++r) {
        if (b % 3 == 0) {  // tick-granular times, some 0
          before.push_back(0.004 * ticks(engine));
          after.push_back(0.004 * (ticks(engine) + (b % 2)));
        } else {
          before.push_back(noise(engine));
          after.push_back(noise(engine) * factor);
        }
      }
      Add(base, "b" + std::to_string(b), "user", before);
      Add(candidate, "b" + std::to_string(b), "user", after);
    }
    for (stats::PAdjustMethod correction :
         {stats::PAdjustMethod::kBenjaminiHochberg, stats::PAdjustMethod::kHolm, stats::PAdjustMethod::kNone}) {
      CompareSettings settings;
      settings.correction = correction;
      ComparisonReport report = Compare(base, candidate, settings);
      for (const ComparisonRow& row : report.rows) {
        const Effect& e = row.effect;
        // No shift can be rejected where no p below the cut-off can be had.
        if (row.test && !(row.smallest_p < report.families[0].cutoff)) {
          EXPECT_FALSE(std::isfinite(e.ratio_lower) || std::isfinite(e.ratio_upper)) << row.benchmark;
          EXPECT_FALSE(std::isfinite(e.detectable)) << row.benchmark;
        }
        bool flagged = row.verdict == Verdict::kRegressed || row.verdict == Verdict::kImproved;
        if (flagged) {
          EXPECT_TRUE(e.excludes_no_change) << row.benchmark;
          if (std::isfinite(e.ratio_lower)) {
            // 1 inside only as an open end (e.excludes_no_change)
            EXPECT_TRUE(e.ratio_lower >= 1 || e.ratio_upper <= 1) << row.benchmark;
          }
        }
        if (row.verdict == Verdict::kUnchanged || row.verdict == Verdict::kTooFewRuns) {
          if (std::isfinite(e.ratio_lower)) {
            EXPECT_FALSE(e.ratio_lower > 1 + settings.threshold) << row.benchmark;
            EXPECT_FALSE(e.ratio_upper < 1 - settings.threshold) << row.benchmark;
          }
        }
        if (row.test && !e.excludes_no_change && std::isfinite(e.ratio_lower)) {
          EXPECT_LE(e.ratio_lower, 1) << row.benchmark;
          EXPECT_GE(e.ratio_upper, 1) << row.benchmark;
        }
      }
    }
  }
}

// A row whose smallest attainable p is not below the cut-off can reject no shift: no bounded
// interval and no detectable change, whatever its ties. Inverting the distribution
// conditional on the observed ties bounded it (those ties make far shifts impossible): 1 run
// against 1 of equal values read [1, 1] +-1%, 3 against 3 in tied pairs [0.98, 1.02], where
// no p below 2 / C(6, 3) = 0.1 is possible.
TEST(ComparisonTest, ARowThatCannotBeJudgedHasNoBoundedInterval) {
  SampleSet base, candidate;
  Add(base, "one", "user", {2});
  Add(candidate, "one", "user", {2});
  Add(base, "pairs", "user", {1.0, 1.01, 1.02});
  Add(candidate, "pairs", "user", {1.0, 1.01, 1.02});
  Add(base, "counts", "user", {0, 1, 2});  // a 0: measured as a shift
  Add(candidate, "counts", "user", {0, 1, 2});
  Add(base, "zeros", "user", {0, 0, 1});  // from a base median of 0: no ratio
  Add(candidate, "zeros", "user", {0, 0, 1});
  ComparisonReport report = Compare(base, candidate, {});
  for (const char* name : {"one", "pairs", "counts", "zeros"}) {
    const ComparisonRow& row = RowOf(report, name);
    EXPECT_EQ(row.verdict, Verdict::kTooFewRuns) << name;
    EXPECT_GE(row.smallest_p, 0.1) << name;
    const Effect& effect = row.effect;
    EXPECT_FALSE(std::isfinite(effect.ratio_lower) || std::isfinite(effect.ratio_upper)) << name;
    EXPECT_FALSE(std::isfinite(effect.shift_lower) || std::isfinite(effect.shift_upper)) << name;
    EXPECT_FALSE(std::isfinite(effect.detectable)) << name;
    EXPECT_FALSE(std::isfinite(effect.detectable_shift)) << name;
    EXPECT_FALSE(effect.excludes_no_change) << name;
  }
  // The estimate stays: it is what the warning about too few runs reports.
  EXPECT_EQ(RowOf(report, "one").effect.ratio, 1);
  EXPECT_EQ(RowOf(report, "counts").effect.scale, EffectScale::kDifference);
  EXPECT_EQ(RowOf(report, "zeros").effect.shift, 0);
}

TEST(ComparisonTest, DetectableIsTheScaledHalfWidthOrTheThreshold) {
  SampleSet base, candidate;
  Add(base, "wide", "user", {1.0, 1.2, 0.9, 1.3, 0.8, 1.1, 1.25, 0.85});
  Add(candidate, "wide", "user", {1.1, 0.95, 1.15, 1.05, 0.9, 1.2, 1.0, 1.3});
  Add(base, "tight", "user", {1.0, 1.0001, 1.0002, 1.0003, 1.0004, 1.0005, 1.0006, 1.0007});
  Add(candidate, "tight", "user", {1.0, 1.0001, 1.0002, 1.0003, 1.0004, 1.0005, 1.0006, 1.0007});
  ComparisonReport report = Compare(base, candidate, {});
  const Effect& wide = RowOf(report, "wide").effect;
  double half = (std::log(wide.ratio_upper) - std::log(wide.ratio_lower)) / 2;
  double c = report.families[0].cutoff;  // 0.05 / 2: nothing flagged in a family of two
  EXPECT_DOUBLE_EQ(c, 0.025);
  // scipy.stats.norm.isf(0.2) = 0.8416212335729143, norm.isf(0.0125) = 2.241402727604945
  EXPECT_NEAR(wide.detectable, std::expm1(half * (1 + 0.8416212335729143 / 2.241402727604945)), 1e-12);
  EXPECT_GT(wide.detectable, 0.1);
  EXPECT_EQ(RowOf(report, "tight").effect.detectable, 0.01);  // the threshold
}

// What "detectable" promises, checked by simulation: a change of a row's detectable size
// is flagged in about 80 % of nights. 10 runs a side, 2 % log-normal noise, alone in its
// family (c = 0.05). Fixed seed; the band allows the simulation's own error.
TEST(ComparisonTest, DetectableChangeIsFlaggedInAboutEightyPercent) {
  std::mt19937_64 engine(17);
  std::normal_distribution<double> noise(0, 0.02);
  auto sample = [&](double factor) {
    std::vector<double> values;
    for (int i = 0; i < 10; ++i) values.push_back(factor * std::exp(noise(engine)));
    return values;
  };
  std::vector<double> detectable;
  for (int night = 0; night < 200; ++night) {
    SampleSet base, candidate;
    Add(base, "b", "user", sample(1));
    Add(candidate, "b", "user", sample(1));
    detectable.push_back(RowOf(Compare(base, candidate, {}), "b").effect.detectable);
  }
  std::sort(detectable.begin(), detectable.end());
  double typical = detectable[detectable.size() / 2];
  int flagged = 0;
  constexpr int kNights = 400;
  for (int night = 0; night < kNights; ++night) {
    SampleSet base, candidate;
    Add(base, "b", "user", sample(1));
    Add(candidate, "b", "user", sample(1 + typical));
    flagged += RowOf(Compare(base, candidate, {}), "b").verdict == Verdict::kRegressed ? 1 : 0;
  }
  double share = static_cast<double>(flagged) / kNights;
  EXPECT_GT(share, 0.70) << "typical detectable " << typical;
  EXPECT_LT(share, 0.92) << "typical detectable " << typical;
}

// A row whose ties force the normal approximation (SciPy's rule here) cannot reach what
// the exact test of untied samples could: judged by what its own distribution allows, it
// reads too few runs, not unchanged. Completely separated, 8 against 8, one tie.
TEST(ComparisonTest, TooFewRunsUsesTheDistributionTheRowGets) {
  SampleSet base, candidate;
  Add(base, "b", "user", {1.0, 1.01, 1.02, 1.03, 1.04, 1.05, 1.06, 1.07});
  Add(candidate, "b", "user", {2.0, 2.0, 2.01, 2.02, 2.03, 2.04, 2.05, 2.06});
  CompareSettings settings;
  settings.method = stats::MannWhitneyMethod::kAuto;
  settings.alpha = 0.0005;
  const ComparisonRow& row = RowOf(Compare(base, candidate, settings), "b");
  EXPECT_FALSE(row.test->exact);
  EXPECT_GT(row.smallest_p, 0.0005);  // the normal approximation's best, not 2 / C(16, 8)
  EXPECT_EQ(row.verdict, Verdict::kTooFewRuns);
  // The exact test, conditional on the tie, can: 2 / C(16, 8) = 1.55e-4.
  settings.method = stats::MannWhitneyMethod::kExact;
  EXPECT_EQ(RowOf(Compare(base, candidate, settings), "b").verdict, Verdict::kRegressed);
}

// Ties can take the conditional test below the untied minimum: 1, 1, 3 against 4, 4, 4, 7
// gives p = 0.0286 (coin agrees) where 3 against 4 untied cannot go below 2/35 = 0.057.
// The row is judged, not put out of the family.
TEST(ComparisonTest, TiesCanGoBelowTheUntiedMinimum) {
  SampleSet base, candidate;
  Add(base, "b", "user", {1, 1, 3});
  Add(candidate, "b", "user", {4, 4, 4, 7});
  const ComparisonRow& row = RowOf(Compare(base, candidate, {}), "b");
  EXPECT_NEAR(row.test->p_value, 2.0 / 70, 1e-12);
  EXPECT_NEAR(row.smallest_p, 2.0 / 70, 1e-12);
  EXPECT_EQ(row.verdict, Verdict::kRegressed);
}

TEST(ComparisonTest, AMetricNamedTwiceIsComparedOnce) {
  SampleSet base, candidate;
  Add(base, "x", "task-clock", {1.0, 1.01, 1.02, 1.03, 1.04, 1.05});
  Add(candidate, "x", "task-clock", {1.045, 1.06, 1.07, 1.08, 1.09, 1.10});
  CompareSettings settings;
  settings.metrics = {"task-clock", "task-clock"};
  ComparisonReport report = Compare(base, candidate, settings);
  EXPECT_EQ(report.rows.size(), 1u);
  EXPECT_EQ(report.families.size(), 1u);
  EXPECT_EQ(report.families[0].family, 1u);
}

// Changes too large for a double's ratio still count: 1e-300 -> 1e300 overflows exp(), and
// 0 -> 1.7e308 would overflow the average of the middle two differences.
TEST(ComparisonTest, ChangesBeyondTheRangeOfDoublesAreChanges) {
  SampleSet base, candidate;
  Add(base, "huge", "user", std::vector<double>(6, 1e-300));
  Add(candidate, "huge", "user", std::vector<double>(6, 1e300));
  Add(base, "from-zero", "user", std::vector<double>(6, 0.0));
  Add(candidate, "from-zero", "user", std::vector<double>(6, 1.7e308));
  Add(base, "down", "user", std::vector<double>(6, 1.0));
  Add(candidate, "down", "user", std::vector<double>(6, 5e-324));
  ComparisonReport report = Compare(base, candidate, {});
  EXPECT_EQ(RowOf(report, "huge").verdict, Verdict::kRegressed);
  EXPECT_EQ(RowOf(report, "from-zero").verdict, Verdict::kRegressed);
  EXPECT_EQ(RowOf(report, "from-zero").effect.shift, 1.7e308);
  EXPECT_EQ(RowOf(report, "down").verdict, Verdict::kImproved);
}

TEST(ComparisonTest, NewlyFailingBenchmarks) {
  SampleSet base, candidate;
  Add(base, "ok", "user", {1, 2, 3});
  Add(candidate, "ok", "user", {1, 2, 3});
  Add(base, "times-out", "user", {1, 2, 3});
  Add(candidate, "times-out", "user", {1, 2}, /*failed=*/1);
  Add(base, "always-flaky", "user", {1, 2}, /*failed=*/1);
  Add(candidate, "always-flaky", "user", {1, 2}, /*failed=*/1);
  CompareSettings settings;
  settings.metrics = {"user"};
  EXPECT_EQ(Compare(base, candidate, settings).newly_failing(), std::vector<std::string>{"times-out"});
}

}  // namespace
}  // namespace timeit

namespace timeit {
namespace {

TEST(ComparisonDefaultMetricTest, EachKindOfFileHasItsTime) {
  SampleSet base, candidate;
  // lit's JSON on both sides: exec_time; LNT reports: execution_time.
  Add(base, "lit", "exec_time", {1, 2});
  Add(base, "lit", "compile_time", {1, 2});
  Add(candidate, "lit", "exec_time", {1, 2});
  Add(base, "lnt", "execution_time", {1, 2});
  Add(candidate, "lnt", "execution_time", {1, 2});
  // Timeit's user beats exec_time where both sides have both (a directory mixing the kinds).
  Add(base, "mixed", "user", {1, 2});
  Add(base, "mixed", "exec_time", {1, 2});
  Add(candidate, "mixed", "user", {1, 2});
  Add(candidate, "mixed", "exec_time", {1, 2});
  ComparisonReport report = Compare(base, candidate, {});
  EXPECT_EQ(RowOf(report, "lit").metric, "exec_time");
  EXPECT_EQ(RowOf(report, "lnt").metric, "execution_time");
  EXPECT_EQ(RowOf(report, "mixed").metric, "user");
}

TEST(ComparisonDefaultMetricTest, WithoutACommonTimeTheFilesKindDecides) {
  SampleSet base, candidate;
  base.Keeps("exec_time");  // as a reader notes every metric it meets
  candidate.Keeps("exec_time");
  Add(base, "ok", "exec_time", {1, 2});
  Add(candidate, "ok", "exec_time", {1, 2});
  Add(base, "failed", "exec_time", {}, 1);  // a test that failed on both sides
  Add(candidate, "failed", "exec_time", {}, 1);
  ComparisonReport report = Compare(base, candidate, {});
  EXPECT_EQ(RowOf(report, "failed").metric, "exec_time");
  EXPECT_EQ(RowOf(report, "failed").verdict, Verdict::kNoData);
}

// A --filter-hash comparison, its rows by name.
ComparisonReport CompareFilteringHash(const SampleSet& base, const SampleSet& candidate) {
  CompareSettings settings;
  settings.filter_hash = true;
  settings.order = RowOrder::kName;
  return Compare(base, candidate, settings);
}

std::vector<std::string> BenchmarksOf(const ComparisonReport& report) {
  std::vector<std::string> names;
  for (const ComparisonRow& row : report.rows) names.push_back(row.benchmark);
  return names;
}

TEST(ComparisonFilterHashTest, DropsOnlyTheSameSingleHashOnBothSides) {
  SampleSet base, candidate;
  auto add = [](SampleSet& side, const std::string& name, std::set<std::string, std::less<>> hashes) {
    Add(side, name, "exec_time", {1, 2});
    side.Get(name).hashes = std::move(hashes);
  };
  add(base, "same", {"h1"});
  add(candidate, "same", {"h1"});
  add(base, "changed", {"h1"});
  add(candidate, "changed", {"h2"});
  add(base, "two", {"h1", "h2"});  // the base's runs came from two binaries
  add(candidate, "two", {"h1", "h2"});
  add(base, "none", {});
  add(candidate, "none", {});
  add(base, "one-sided", {"h1"});
  add(candidate, "one-sided", {});
  ComparisonReport report = CompareFilteringHash(base, candidate);
  std::vector<std::string> names = BenchmarksOf(report);
  EXPECT_EQ(names, (std::vector<std::string>{"changed", "none", "one-sided", "two"}));
  EXPECT_EQ(report.same_hash_dropped, 1u);
  // Without the filter nothing is dropped.
  EXPECT_EQ(Compare(base, candidate, {}).rows.size(), 5u);
  EXPECT_EQ(Compare(base, candidate, {}).same_hash_dropped, 0u);
}

TEST(ComparisonFilterHashTest, KeepsTheSameBinaryWhenItsFailedRunsDiffer) {
  SampleSet base, candidate;
  auto add = [](SampleSet& side, const std::string& name, size_t failed) {
    Add(side, name, "exec_time", {1, 1, 1, 1}, failed);
    side.Get(name).hashes = {"h"};
  };
  add(base, "now-fails", 0);
  add(candidate, "now-fails", 1);
  add(base, "fails-less", 2);
  add(candidate, "fails-less", 1);
  add(base, "fails-alike", 1);
  add(candidate, "fails-alike", 1);
  ComparisonReport report = CompareFilteringHash(base, candidate);
  std::vector<std::string> names = BenchmarksOf(report);
  EXPECT_EQ(names, (std::vector<std::string>{"fails-less", "now-fails"}));
  EXPECT_EQ(report.same_hash_dropped, 1u);
  // So a benchmark of an unchanged binary that fails now still fails --fail-on-regression.
  EXPECT_EQ(report.newly_failing(), (std::vector<std::string>{"now-fails"}));
}

TEST(ComparisonTest, OutliersAreCountedNeverRemoved) {
  SampleSet base, candidate;
  // 100 against median 3, MAD 1: modified z = 0.6745 * 97 / 1 = 65.4 > 3.5. The failed run
  // has no sample and is no outlier.
  Add(base, "b", "task-clock", {1, 2, 3, 4, 100}, 1);
  Add(candidate, "b", "task-clock", {3, 1, 4, 1, 5, 9, 2, 6});  // 9: 0.6745 * 5.5 / 2 = 1.85
  ComparisonRow row = RowOf(Compare(base, candidate, {}), "b");
  EXPECT_EQ(row.base.outliers, std::vector<double>{100});
  EXPECT_TRUE(row.candidate.outliers.empty());
  EXPECT_EQ(row.base.n, 5u);
  EXPECT_EQ(row.base.median, 3);  // the statistics keep it
  EXPECT_EQ(row.base.min, 1);
  EXPECT_EQ(row.test->u1, 19.5);  // U of all five base runs (scipy.stats.mannwhitneyu: 19.5)
}

TEST(ComparisonTest, SidesCarryTheirRunsInRunOrder) {
  SampleSet base, candidate;
  Add(base, "b", "task-clock", {3, 1, 100, 2, 4}, 1);
  Add(candidate, "b", "task-clock", {5, 6, 7});
  Add(base, "gone", "task-clock", {1, 2});
  ComparisonReport report = Compare(base, candidate, {});
  ComparisonRow row = RowOf(report, "b");
  EXPECT_EQ(row.base.values, (std::vector<double>{3, 1, 100, 2, 4}));  // the failed run has no value
  EXPECT_EQ(row.candidate.values, (std::vector<double>{5, 6, 7}));
  EXPECT_EQ(row.base.outliers, std::vector<double>{100});  // one of the values, flagged
  EXPECT_TRUE(RowOf(report, "gone").base.values.empty());  // no metric was chosen for it
}

TEST(ComparisonTest, VerdictsAreCountedAndFlagged) {
  SampleSet base, candidate;
  Add(base, "slower", "task-clock", {1, 2, 3, 4, 5});
  Add(candidate, "slower", "task-clock", {6, 7, 8, 9, 10});
  Add(base, "same", "task-clock", {1, 2, 3, 4, 5});
  Add(candidate, "same", "task-clock", {1, 2, 3, 4, 5});
  Add(base, "gone", "task-clock", {1});
  ComparisonReport report = Compare(base, candidate, {});
  EXPECT_EQ(report.count(Verdict::kRegressed), 1u);
  EXPECT_EQ(report.count(Verdict::kUnchanged), 1u);
  EXPECT_EQ(report.count(Verdict::kRemoved), 1u);
  EXPECT_EQ(report.count(Verdict::kImproved), 0u);
  for (const auto& spelling : kVerdictSpellings) {
    bool flagged = spelling.value == Verdict::kRegressed || spelling.value == Verdict::kImproved;
    EXPECT_EQ(IsFlagged(spelling.value), flagged) << spelling.word;
  }
}

TEST(ComparisonTest, HistogramsShareTheRowsBins) {
  SampleSet base, candidate;
  Add(base, "b", "task-clock", {1, 1.5, 3});
  Add(candidate, "b", "task-clock", {10, 20, 32});
  Add(base, "two", "task-clock", {1, 2});
  Add(candidate, "two", "task-clock", {1, 2, 3});
  Add(base, "zeros", "cpu-migrations", {0, 0, 1, 2});
  Add(candidate, "zeros", "cpu-migrations", {0, 1, 1, 4});
  CompareSettings settings;
  settings.metrics = {"task-clock", "cpu-migrations"};
  ComparisonReport report = Compare(base, candidate, settings);
  const ComparisonRow* row = nullptr;
  for (const ComparisonRow& r : report.rows) {
    if (r.benchmark == "b" && r.metric == "task-clock") row = &r;
  }
  ASSERT_TRUE(row && row->histogram);
  // numpy.histogram(values, numpy.geomspace(1, 32, 11)): the edges are 2^(k / 2).
  const RowHistogram& histogram = *row->histogram;
  ASSERT_EQ(histogram.base.edges.size(), 11u);
  EXPECT_EQ(histogram.base.edges, histogram.candidate.edges);
  EXPECT_EQ(histogram.base.edges.front(), 1);
  EXPECT_EQ(histogram.base.edges.back(), 32);
  EXPECT_NEAR(histogram.base.edges[5], std::sqrt(32), 1e-12);
  EXPECT_EQ(histogram.base.counts, (std::vector<size_t>{1, 1, 0, 1, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(histogram.candidate.counts, (std::vector<size_t>{0, 0, 0, 0, 0, 0, 1, 0, 1, 1}));
  for (const ComparisonRow& r : report.rows) {
    // Two runs a side are too few for a picture.
    if (r.benchmark == "two") {
      EXPECT_FALSE(r.histogram.has_value()) << r.metric;
    }
    // Zeros are counted beside the log bins, which span the positive values 1 to 4.
    if (r.benchmark == "zeros" && r.metric == "cpu-migrations") {
      ASSERT_TRUE(r.histogram.has_value());
      EXPECT_EQ(r.histogram->base.not_positive, 2u);
      EXPECT_EQ(r.histogram->candidate.not_positive, 1u);
      EXPECT_EQ(r.histogram->base.edges.front(), 1);
      EXPECT_EQ(r.histogram->base.edges.back(), 4);
    }
  }
}

TEST(ComparisonTest, RowsSayWhenTheWorkChangedMoreThanTheSpeed) {
  SampleSet base, candidate;
  Add(base, "walk", "task-clock", {0.098, 0.099, 0.100, 0.101, 0.102});
  Add(base, "walk", "sys", {0.027, 0.040, 0.0531, 0.080, 0.103});
  Add(candidate, "walk", "task-clock", {0.068, 0.069, 0.070, 0.071, 0.072});
  Add(candidate, "walk", "sys", {0.008, 0.010, 0.012, 0.015, 0.024});
  for (ComparePolicy policy : {ComparePolicy::kDefault, ComparePolicy::kLnt}) {
    CompareSettings settings;
    settings.policy = policy;
    ComparisonRow row = RowOf(Compare(base, candidate, settings), "walk");
    EXPECT_EQ(row.metric, "task-clock");
    ASSERT_EQ(row.work_changes.size(), 1u) << ComparePolicyName(policy);
    EXPECT_EQ(row.work_changes[0].metric, "sys");
    EXPECT_NEAR(row.work_changes[0].p, 2.0 / 252, 1e-15);  // 5 against 5, separated
  }
  // A row that reads unchanged claims no change for the work to explain.
  Add(base, "steady", "task-clock", {0.098, 0.099, 0.100, 0.101, 0.102});
  Add(base, "steady", "sys", {0.027, 0.040, 0.0531, 0.080, 0.103});
  Add(candidate, "steady", "task-clock", {0.0985, 0.0995, 0.1005, 0.1015, 0.1025});
  Add(candidate, "steady", "sys", {0.008, 0.010, 0.012, 0.015, 0.024});
  ComparisonRow steady = RowOf(Compare(base, candidate, {}), "steady");
  EXPECT_EQ(steady.verdict, Verdict::kUnchanged);
  EXPECT_TRUE(steady.work_changes.empty());
  // Compared on sys, nothing beside it changed more.
  CompareSettings settings;
  settings.metrics = {"sys", "task-clock"};
  for (const ComparisonRow& row : Compare(base, candidate, settings).rows) {
    if (row.benchmark == "walk") {
      EXPECT_EQ(row.work_changes.size(), row.metric == "task-clock" ? 1u : 0u) << row.metric;
    }
  }
}

TEST(ComparisonTest, TheReportCarriesTheHostsDifferences) {
  SampleSet base, candidate;
  Add(base, "b", "task-clock", {1, 2, 3});
  Add(candidate, "b", "task-clock", {1, 2, 3});
  base.provenance().NoteHost({{"kernel", "Linux 6.1.0"}});
  candidate.provenance().NoteHost({{"kernel", "Linux 6.5.0"}});
  ComparisonReport report = Compare(base, candidate, {});
  ASSERT_EQ(report.host_differences.size(), 1u);
  EXPECT_EQ(report.host_differences[0].field, "kernel");
}

TEST(ComparisonTest, ReadersKeepTheWorkMetricsToo) {
  std::vector<std::string> kept = MetricsToKeep({});
  std::vector<std::string> expected = DefaultMetricCandidates();
  for (const std::string& name : WorkMetricNames()) expected.push_back(name);
  EXPECT_EQ(kept, expected);
  kept = MetricsToKeep({"maxrss", "sys"});
  EXPECT_EQ(kept.size(), 1 + WorkMetricNames().size());  // sys once
  EXPECT_EQ(kept[0], "maxrss");
  EXPECT_EQ(kept[1], "sys");
}

}  // namespace
}  // namespace timeit
