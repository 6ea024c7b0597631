#include "timeit/comparison.h"

#include <gtest/gtest.h>

#include <cmath>

#include "timeit/error.h"

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
  EXPECT_GT(slower.ratio.ratio, 1);
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
  // significant alone, not after Holm or Benjamini-Hochberg over 10 tests.
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
  settings.correction = stats::PAdjustMethod::kHolm;
  EXPECT_EQ(RowOf(Compare(base, candidate, settings), "changed").verdict, Verdict::kUnchanged);
  settings.correction = stats::PAdjustMethod::kBenjaminiHochberg;
  const ComparisonRow& row = RowOf(Compare(base, candidate, settings), "changed");
  EXPECT_EQ(row.verdict, Verdict::kUnchanged);
  EXPECT_GT(row.p_adjusted, row.test->p_value);
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

TEST(ComparisonTest, RowsAreSortedByEffectSize) {
  SampleSet base, candidate;
  Add(base, "small", "user", {1, 1, 1, 1, 1});
  Add(candidate, "small", "user", {1.1, 1.1, 1.1, 1.1, 1.1});
  Add(base, "large", "user", {1, 1, 1, 1, 1});
  Add(candidate, "large", "user", {0.5, 0.5, 0.5, 0.5, 0.5});
  Add(base, "gone", "user", {1});
  ComparisonReport report = Compare(base, candidate, {});
  ASSERT_EQ(report.rows.size(), 3u);
  EXPECT_EQ(report.rows[0].benchmark, "large");
  EXPECT_EQ(report.rows[1].benchmark, "small");
  EXPECT_EQ(report.rows[2].benchmark, "gone");
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
  // With the default rules 4 vs 4 fully separated is p = 0.0286: improved as well.
  EXPECT_EQ(RowOf(Compare(base, candidate, {}), "b").verdict, Verdict::kImproved);
}

}  // namespace
}  // namespace timeit
