#include "timeit/render/compare_findings.h"

#include <gtest/gtest.h>

#include "comparison_reports.h"
#include "timeit/base/utf8.h"

namespace timeit {
namespace {

using testing::Report;
using testing::Walk;

TEST(CompareFindingsTest, WarningsSayWhatNoVerdictDoes) {
  SampleSet base, candidate;
  auto add = [](SampleSet& side, const std::string& name, std::vector<double> values, size_t failed = 0) {
    BenchmarkSamples& benchmark = side.Get(name);
    benchmark.runs = values.size() + failed;
    benchmark.failed_runs = failed;
    benchmark.metrics["user"] = std::move(values);
  };
  add(base, "few", {1, 1.01, 1.02});  // 3 against 3: too few runs, +99 %
  add(candidate, "few", {2, 2.01, 2.02});
  add(base, "crash", {1, 2, 3});
  add(candidate, "crash", {1, 2, 3}, 1);
  std::vector<std::string> warnings = FindingLines(Compare(base, candidate, {}));
  ASSERT_EQ(warnings.size(), 2u);
  // Both rows join the family once they have the runs: 0.05 / 2 then, which 2 / C(8, 4) =
  // 0.029 does not clear and 2 / C(10, 5) = 0.0079 does.
  EXPECT_EQ(warnings[0],
            "user: 1 row could not be judged (too few runs) though the estimate is beyond ±1% (largest +99.01%, few); "
            "5 runs per side would let a lone change through (a lone change needs p < 0.025 once all 2 tested rows "
            "are in the family)");
  EXPECT_EQ(warnings[1], "1 benchmark failed in new runs where no base run failed: crash");
  EXPECT_TRUE(FindingLines(Report()).empty());
}

TEST(CompareFindingsTest, AMetricOnOneSideOnlyIsSaidToCompareNothing) {
  SampleSet base, candidate;
  base.Get("pi").runs = 1;
  base.Get("pi").metrics["exec_time"] = {1};
  candidate.Get("pi").runs = 1;
  candidate.Get("pi").metrics["user"] = {1};
  CompareSettings settings;
  settings.metrics = {"exec_time"};
  std::vector<std::string> warnings = FindingLines(Compare(base, candidate, settings));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].rfind("exec_time: nothing was compared: 1 benchmark is on both sides, none with this metric "
                              "on both (",
                              0),
            0u)
      << warnings[0];
  // Another benchmark with the metric on both sides: something was compared.
  base.Get("e").runs = candidate.Get("e").runs = 1;
  base.Get("e").metrics["exec_time"] = candidate.Get("e").metrics["exec_time"] = {2};
  EXPECT_TRUE(FindingLines(Compare(base, candidate, settings)).empty());
  // Every new run failed: no data, but not for want of the metric.
  SampleSet failed;
  failed.Get("pi").runs = failed.Get("pi").failed_runs = 1;
  for (const std::string& warning : FindingLines(Compare(base, failed, settings))) {
    EXPECT_EQ(warning.find("nothing was compared"), std::string::npos) << warning;
  }
}

TEST(CompareFindingsTest, NamesThatDifferByADirectoryPrefixAreSaidSo) {
  auto warnings_of = [](std::vector<std::string> base_names, std::vector<std::string> new_names) {
    SampleSet base, candidate;
    for (const std::string& name : base_names) base.Get(name).metrics["user"] = {1};
    for (const std::string& name : new_names) candidate.Get(name).metrics["user"] = {1};
    return FindingLines(Compare(base, candidate, {}));
  };
  std::vector<std::string> warnings =
      warnings_of({"Misc/pi", "Misc/e", "Other/x"}, {"SingleSource/Misc/pi", "SingleSource/Misc/e"});
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].rfind("no benchmark is on both sides, but 2 of the new side's 2 names are the other side's "
                              "with 'SingleSource/' before them: ",
                              0),
            0u)
      << warnings[0];
  // The other way round.
  warnings = warnings_of({"a/b/pi"}, {"b/pi"});
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("1 of the base side's 1 names are the other side's with 'a/' before them"),
            std::string::npos)
      << warnings[0];
  // Nothing when some names match, or when no prefix explains them.
  EXPECT_TRUE(warnings_of({"a/pi", "e"}, {"b/a/pi", "e"}).empty());
  EXPECT_TRUE(warnings_of({"pi"}, {"SingleSource/e"}).empty());
}

TEST(CompareFindingsTest, WarningsCountWorkChangesAndHosts) {
  std::vector<std::string> warnings = FindingLines(Walk());
  ASSERT_EQ(warnings.size(), 3u);
  EXPECT_EQ(warnings[0],
            "1 row: sys time, page faults, context switches or CPU migrations changed far more than the metric "
            "compared, so the change is likely the machine's, not the program's (largest: sys -77% beside walk "
            "task-clock -30%); the report says which under each row");
  EXPECT_EQ(warnings[1], "the sides' hosts differ in kernel: every row may differ for that reason alone");
  EXPECT_EQ(warnings[2], "the base runs come from hosts that differ in cpu_count");
}

// Each kind from its data alone, as a renderer gets it: no row, no family behind it.
TEST(CompareFindingsTest, EachKindInWordsFromItsData) {
  EXPECT_EQ(FindingText(ShapeChanges{2, "mix", "major-faults"}, EscapeForDisplay),
            "2 rows differ (p below the cut-off) with no shift to show: the distributions changed shape, not place, "
            "as when counts of 0 and 1 change their mix (mix major-faults); they read unchanged");
  UnjudgedChanges unjudged{"user", 1, 0.05, "b", -0.2, 0, 0, 1, 0.05};
  EXPECT_EQ(FindingText(unjudged, EscapeForDisplay),
            "user: 1 row could not be judged (too few runs) though the estimate is beyond ±5% (largest -20.00%, b)");
  unjudged.runs_needed = 7;
  unjudged.family = 1;  // every tested row in the family: no note
  EXPECT_EQ(FindingText(unjudged, EscapeForDisplay),
            "user: 1 row could not be judged (too few runs) though the estimate is beyond ±5% (largest -20.00%, b); "
            "7 runs per side would let a lone change through");
  EXPECT_EQ(FindingText(HostsMixed{CompareSide::kNew, {{"cpu_model", {"A", "B"}}, {"kernel", {"6.1", "6.5"}}}},
                        EscapeForDisplay),
            "the new runs come from hosts that differ in cpu_model, kernel");
  EXPECT_EQ(FindingText(HostsDiffer{{{"kernel", {"6.1"}, {"6.5"}, true, true}}}, EscapeForDisplay),
            "the sides' hosts differ in kernel: every row may differ for that reason alone");
  EXPECT_EQ(FindingText(NamePrefix{CompareSide::kBase, "a b/", 1, 3}, EscapeForDisplay)
                .rfind("no benchmark is on both sides, but 1 of the base side's 3 names are the other side's with "
                       "'a b/' before them: ",
                       0),
            0u);
}

TEST(CompareFindingsTest, ALongListNamesTenAndCountsTheRest) {
  NewlyFailing failing;
  for (int i = 1; i <= 12; ++i) failing.benchmarks.push_back("b" + std::to_string(i));
  EXPECT_EQ(FindingText(failing, EscapeForDisplay),
            "12 benchmarks failed in new runs where no base run failed: b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, and 2 "
            "more");
  EXPECT_EQ(FindingText(NewlyFailing{{"crash\n"}}, EscapeForDisplay),
            "1 benchmark failed in new runs where no base run failed: crash\\n");
}

// Names as the NameWriter writes them: the same finding for a terminal and for Markdown.
TEST(CompareFindingsTest, NamesAreWrittenByTheFormatsWriter) {
  NothingCompared nothing{"- *m*", 3};
  EXPECT_EQ(FindingText(nothing, EscapeForDisplay).rfind("- *m*: nothing was compared: 3 benchmarks are on both", 0),
            0u);
  EXPECT_EQ(FindingText(nothing, EscapeForMarkdown).rfind("\\- \\*m\\*: nothing was compared: 3 benchmarks", 0), 0u);
  EXPECT_NE(FindingText(WorkChangedRows{1, {WorkKind::kPageFaults, "faults|x", 1, 2, 1, 0.01}, "b\n", "user", 0.02},
                        EscapeForMarkdown)
                .find("(largest: faults\\|x +100% beside b\\\\n user +2.0%)"),
            std::string::npos);
}

// The lines are the report's findings, whatever its rows say: a renderer derives nothing.
TEST(CompareFindingsTest, LinesAreTheReportsFindings) {
  ComparisonReport report = Walk();
  report.findings = {NewlyFailing{{"x"}}};
  EXPECT_EQ(FindingLines(report),
            std::vector<std::string>{"1 benchmark failed in new runs where no base run failed: x"});
  report.findings.clear();
  EXPECT_TRUE(FindingLines(report).empty());
}

}  // namespace
}  // namespace timeit
