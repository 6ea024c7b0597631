#include "timeit/compare/findings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "comparison_reports.h"
#include "timeit/compare/comparison.h"

namespace timeit {
namespace {

using testing::Report;
using testing::Walk;

// The findings of one kind, in the report's order.
template <typename Kind>
std::vector<Kind> Found(const ComparisonReport& report) {
  std::vector<Kind> found;
  for (const Finding& finding : report.findings) {
    if (const auto* kind = std::get_if<Kind>(&finding)) found.push_back(*kind);
  }
  return found;
}

void Add(SampleSet& side, const std::string& name, const std::string& metric, std::vector<double> values,
         size_t failed = 0) {
  BenchmarkSamples& benchmark = side.Get(name);
  benchmark.runs = values.size() + failed;
  benchmark.failed_runs = failed;
  benchmark.metrics[metric] = std::move(values);
}

TEST(FindingsTest, SideNames) {
  EXPECT_EQ(CompareSideName(CompareSide::kBase), "base");
  EXPECT_EQ(CompareSideName(CompareSide::kNew), "new");
  EXPECT_EQ(ValueSpelled(kCompareSideSpellings, "new"), CompareSide::kNew);
}

TEST(FindingsTest, NoneWhereTheVerdictsSayItAll) {
  EXPECT_TRUE(Report().findings.empty());
  EXPECT_TRUE(Compare(SampleSet(), SampleSet(), {}).findings.empty());
}

TEST(FindingsTest, NamePrefixSaysWhichSideAndHowManyNamesItExplains) {
  auto compare = [](std::vector<std::string> base_names, std::vector<std::string> new_names) {
    SampleSet base, candidate;
    for (const std::string& name : base_names) base.Get(name).metrics["user"] = {1};
    for (const std::string& name : new_names) candidate.Get(name).metrics["user"] = {1};
    return Compare(base, candidate, {});
  };
  ComparisonReport report = compare({"Misc/pi", "Misc/e", "Other/x"}, {"SingleSource/Misc/pi", "SingleSource/Misc/e"});
  ASSERT_EQ(report.findings.size(), 1u);
  std::vector<NamePrefix> found = Found<NamePrefix>(report);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].side, CompareSide::kNew);
  EXPECT_EQ(found[0].prefix, "SingleSource/");
  EXPECT_EQ(found[0].explained, 2u);  // Other/x has no twin
  EXPECT_EQ(found[0].names, 2u);
  // The longer names on the base side; a prefix of two directories is found at the first.
  found = Found<NamePrefix>(compare({"a/b/pi", "a/b/e"}, {"b/pi"}));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].side, CompareSide::kBase);
  EXPECT_EQ(found[0].prefix, "a/");
  EXPECT_EQ(found[0].explained, 1u);
  EXPECT_EQ(found[0].names, 2u);
  // Nothing when some names match, or when no prefix explains them.
  EXPECT_TRUE(Found<NamePrefix>(compare({"a/pi", "e"}, {"b/a/pi", "e"})).empty());
  EXPECT_TRUE(Found<NamePrefix>(compare({"pi"}, {"SingleSource/e"})).empty());
}

TEST(FindingsTest, NothingComparedCountsTheBenchmarksWithoutTheMetricOnBothSides) {
  SampleSet base, candidate;
  Add(base, "pi", "exec_time", {1});
  Add(candidate, "pi", "user", {1});
  Add(base, "e", "exec_time", {1});
  Add(candidate, "e", "user", {1});
  CompareSettings settings;
  settings.metrics = {"exec_time"};
  std::vector<NothingCompared> found = Found<NothingCompared>(Compare(base, candidate, settings));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].metric, "exec_time");
  EXPECT_EQ(found[0].benchmarks, 2u);
  // A side whose runs all failed lacks data, not the metric.
  SampleSet failed;
  Add(failed, "pi", "exec_time", {}, 1);
  EXPECT_TRUE(Found<NothingCompared>(Compare(base, failed, settings)).empty());
  // One benchmark with the metric on both sides: something was compared.
  Add(base, "x", "exec_time", {2});
  Add(candidate, "x", "exec_time", {2});
  EXPECT_TRUE(Found<NothingCompared>(Compare(base, candidate, settings)).empty());
}

TEST(FindingsTest, UnjudgedChangesCarryTheLargestAndTheRunsThatWouldDo) {
  SampleSet base, candidate;
  Add(base, "few", "user", {1, 1.01, 1.02});  // 3 against 3, separated: p >= 2 / C(6, 3) = 0.1
  Add(candidate, "few", "user", {2, 2.01, 2.02});
  Add(base, "fewer", "user", {1, 1.01, 1.02});
  Add(candidate, "fewer", "user", {1.5, 1.51, 1.52});
  Add(base, "flat", "user", {1, 1.01, 1.02});  // too few runs too, but no change beyond 1 %
  Add(candidate, "flat", "user", {1, 1.01, 1.02});
  ComparisonReport report = Compare(base, candidate, {});
  std::vector<UnjudgedChanges> found = Found<UnjudgedChanges>(report);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].metric, "user");
  EXPECT_EQ(found[0].rows, 2u);
  EXPECT_EQ(found[0].threshold, 0.01);
  EXPECT_EQ(found[0].largest_benchmark, "few");
  // The median of the nine pairwise ratios new/base is 2.01 / 1.01 (by hand: 1.961, 1.971,
  // 1.980, 1.980, 1.990, 2, 2, 2.01, 2.02).
  EXPECT_NEAR(found[0].largest_change, 2.01 / 1.01 - 1, 1e-12);
  // No row is in today's family (none can reach 0.05); all 3 would be once each has 6 runs:
  // BH's lone cut-off among 3 is 0.05 / 3, which 2 / C(10, 5) = 0.0079 clears and
  // 2 / C(8, 4) = 0.029 does not.
  EXPECT_EQ(found[0].runs_needed, 5u);
  EXPECT_EQ(found[0].family, 0u);
  EXPECT_EQ(found[0].tested, 3u);
  EXPECT_DOUBLE_EQ(found[0].all_tested_lone_change_p, 0.05 / 3);
  // Beyond a threshold of 150 %, no estimate is.
  CompareSettings settings;
  settings.threshold = 1.5;
  EXPECT_TRUE(Found<UnjudgedChanges>(Compare(base, candidate, settings)).empty());
}

// Counts of 0 and 1 whose mix changed (96 ones in 200 runs, then 136): the test finds them
// apart, but the median pairwise difference is 0 and no shift fits.
TEST(FindingsTest, ShapeChangesNameTheFirstRowInTheReportsOrder) {
  SampleSet base, candidate;
  for (const char* name : {"b-mix", "a-mix"}) {
    std::vector<double> before(200, 0), after(200, 0);
    std::fill(before.begin(), before.begin() + 96, 1);
    std::fill(after.begin(), after.begin() + 136, 1);
    Add(base, name, "major-faults", before);
    Add(candidate, name, "major-faults", after);
  }
  CompareSettings settings;
  settings.metrics = {"major-faults"};
  settings.order = RowOrder::kName;
  ComparisonReport report = Compare(base, candidate, settings);
  ASSERT_EQ(report.rows.size(), 2u);
  EXPECT_EQ(report.rows[0].verdict, Verdict::kUnchanged);
  EXPECT_TRUE(report.rows[0].effect.excludes_no_change);
  std::vector<ShapeChanges> found = Found<ShapeChanges>(report);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].rows, 2u);
  EXPECT_EQ(found[0].benchmark, "a-mix");  // first by name, though second in the files
  EXPECT_EQ(found[0].metric, "major-faults");
}

TEST(FindingsTest, WorkChangedRowsCarryTheLargestWorkChangeAndItsRow) {
  ComparisonReport report = Walk();
  std::vector<WorkChangedRows> found = Found<WorkChangedRows>(report);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].rows, 1u);
  EXPECT_EQ(found[0].benchmark, "walk");
  EXPECT_EQ(found[0].metric, "task-clock");
  EXPECT_DOUBLE_EQ(found[0].metric_change, (0.070 - 0.100) / 0.100);  // the medians
  EXPECT_EQ(found[0].largest.metric, "sys");
  EXPECT_EQ(found[0].largest.kind, WorkKind::kSystemTime);
  EXPECT_DOUBLE_EQ(found[0].largest.change, (0.012 - 0.0531) / 0.0531);
}

TEST(FindingsTest, HostsThatDifferBetweenAndWithinTheSidesInWhatDecidesSpeed) {
  ComparisonReport report = Walk();
  std::vector<HostsDiffer> between = Found<HostsDiffer>(report);
  ASSERT_EQ(between.size(), 1u);
  ASSERT_EQ(between[0].fields.size(), 1u);  // the hostname differs too, but is not warned
  EXPECT_EQ(between[0].fields[0].field, "kernel");
  EXPECT_EQ(between[0].fields[0].base, std::vector<std::string>{"Linux 6.1.0"});
  EXPECT_EQ(between[0].fields[0].candidate, std::vector<std::string>{"Linux 6.5.0"});
  std::vector<HostsMixed> within = Found<HostsMixed>(report);
  ASSERT_EQ(within.size(), 1u);
  EXPECT_EQ(within[0].side, CompareSide::kBase);
  ASSERT_EQ(within[0].fields.size(), 1u);
  EXPECT_EQ(within[0].fields[0].field, "cpu_count");
  EXPECT_EQ(within[0].fields[0].values, (std::vector<std::string>{"2", "4"}));
  // The new side's hosts mixed as well: one finding per side, the base's first.
  SampleSet base, candidate;
  Add(base, "b", "user", {1});
  Add(candidate, "b", "user", {1});
  base.provenance().NoteHost({{"cpu_model", "A"}});
  base.provenance().NoteHost({{"cpu_model", "B"}});
  candidate.provenance().NoteHost({{"cpu_model", "A"}, {"cpu_governor", "performance"}});
  candidate.provenance().NoteHost({{"cpu_model", "A"}, {"cpu_governor", "powersave"}});
  within = Found<HostsMixed>(Compare(base, candidate, {}));
  ASSERT_EQ(within.size(), 2u);
  EXPECT_EQ(within[0].side, CompareSide::kBase);
  EXPECT_EQ(within[0].fields[0].field, "cpu_model");
  EXPECT_EQ(within[1].side, CompareSide::kNew);
  EXPECT_EQ(within[1].fields[0].field, "cpu_governor");
  EXPECT_EQ(within[1].fields[0].values, (std::vector<std::string>{"performance", "powersave"}));
}

TEST(FindingsTest, NewlyFailingListsEveryBenchmarkOnce) {
  SampleSet base, candidate;
  for (const char* name : {"crash", "timeout", "flaky"}) Add(base, name, "user", {1, 2, 3}, name[0] == 'f');
  Add(candidate, "crash", "user", {1, 2}, 1);
  Add(candidate, "timeout", "user", {}, 3);
  Add(candidate, "flaky", "user", {1, 2}, 1);  // failed on the base side too
  std::vector<NewlyFailing> found = Found<NewlyFailing>(Compare(base, candidate, {}));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].benchmarks, (std::vector<std::string>{"crash", "timeout"}));
}

// Each finding after the one before it, in FindingsOf's order.
TEST(FindingsTest, InTheOrderTheyAreDecided) {
  ComparisonReport report = Walk();
  ASSERT_EQ(report.findings.size(), 3u);
  EXPECT_TRUE(std::holds_alternative<WorkChangedRows>(report.findings[0]));
  EXPECT_TRUE(std::holds_alternative<HostsDiffer>(report.findings[1]));
  EXPECT_TRUE(std::holds_alternative<HostsMixed>(report.findings[2]));
  // FindingsOf on the report gives what Compare stored.
  EXPECT_EQ(FindingsOf(report).size(), 3u);
}

}  // namespace
}  // namespace timeit
