#include "timeit/render/compare_text.h"

#include <gtest/gtest.h>

#include "comparison_reports.h"

namespace timeit {
namespace {

using testing::Hostile;
using testing::Report;
using testing::Walk;

TEST(CompareTextTest, TextShowsControlCharactersAndBackslashesEscaped) {
  std::string text = CompareTextRenderer().Render(Hostile());
  EXPECT_NE(text.find("a\\rb\\nc\\td\\x1b[2Je,f\"g|h\\\\i\\u009bj\\u202ek"), std::string::npos) << text;
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    EXPECT_TRUE(byte >= 0x20 || c == '\n') << static_cast<int>(byte);
  }
  EXPECT_EQ(text.find("\xc2\x9b"), std::string::npos);
  EXPECT_EQ(text.find("\xe2\x80\xae"), std::string::npos);
}

TEST(CompareTextTest, NoCorrectionSaysSo) {
  ComparisonReport report = Report();
  report.settings.correction = stats::PAdjustMethod::kNone;
  std::string text = CompareTextRenderer().Render(report);
  EXPECT_NE(text.find("is below 0.05 (no correction across rows)"), std::string::npos) << text;
  EXPECT_EQ(text.find("nothing"), std::string::npos);
}

TEST(CompareTextTest, IntervalEndsNeverReadAsOneUnlessTheyAre) {
  Effect effect;
  effect.scale = EffectScale::kRatio;
  effect.ratio = 1.00003;
  effect.ratio_lower = 1.000012;
  effect.ratio_upper = 1.00005;
  effect.excludes_no_change = true;
  effect.detectable = 0.01;
  ComparisonRow row;
  row.benchmark = "b";
  row.metric = "user";
  row.verdict = Verdict::kRegressed;
  row.base.n = row.candidate.n = 10;
  row.test = stats::MannWhitneyResult{0, 1e-5, true};
  row.effect = effect;
  ComparisonReport report;
  report.rows.push_back(row);
  std::string text = CompareTextRenderer().Render(report);
  EXPECT_NE(text.find("1.00003 [1.00001, 1.0001]"), std::string::npos) << text;  // never "1"
  // An end exactly at 1 of an interval that excludes it is open.
  report.rows[0].effect.ratio_lower = 1;
  EXPECT_NE(CompareTextRenderer().Render(report).find("(1, 1.0001]"), std::string::npos);
}

TEST(CompareTextTest, TextShowsHostsWarningsAndHistograms) {
  std::string text = CompareTextRenderer().Render(Walk());
  EXPECT_EQ(text.rfind("hosts differ: kernel: base 'Linux 6.1.0', new 'Linux 6.5.0' (every row may differ for that "
                       "reason alone)\n"
                       "hosts differ within base: cpu_count: '2', '4' (its runs were pooled from several machines or "
                       "set-ups)\n"
                       "verdict: ",
                       0),
            0u)
      << text;
  // 0.012 / 0.0531 - 1 = -77 %, 0.07 / 0.1 - 1 = -30 %; p = 2 / 252 (5 against 5, separated).
  // The histogram: numpy.histogram over numpy.geomspace(0.068, 0.102, 11) puts every base
  // run in the last bin and the new runs 3 and 2 in the first two; on the scale of 5,
  // ceil(8 * 3 / 5) = 5 and ceil(8 * 2 / 5) = 4 eighths.
  EXPECT_NE(
      text.find(" improved\n"
                "  ! sys: 53.1 ms -> 12.0 ms (-77%, p = 0.0079) while task-clock -30%: the kernel's work changed, "
                "not the program's\n"
                "  runs sorted, one scale: base █████  new ▁▁▁▁▁  68.00 ms .. 102.0 ms\n"
                "  base |         █| 68.00 ms .. 102.0 ms\n"
                "  new  |▅▄        |\n"
                "geomean "),
      std::string::npos)
      << text;
  std::string plain = CompareTextRenderer({.histograms = false}).Render(Walk());
  EXPECT_EQ(plain.find("  base |"), std::string::npos);
  EXPECT_NE(plain.find("not the program's\ngeomean "), std::string::npos) << plain;
}

TEST(CompareTextTest, RunsCountOutliersBesideFailures) {
  SampleSet base, candidate;
  // Median 3.5, MAD 2: 100 and 200 score 0.6745 * 96.5 / 2 = 32.5 and 66.3.
  base.Get("b").runs = 7;
  base.Get("b").failed_runs = 1;
  base.Get("b").metrics["user"] = {1, 2, 3, 4, 100, 200};
  candidate.Get("b").runs = 5;
  candidate.Get("b").metrics["user"] = {1, 2, 3, 4, 100};  // 0.6745 * 97 / 1 = 65.4
  std::string text = CompareTextRenderer().Render(Compare(base, candidate, {}));
  EXPECT_NE(text.find("6 (1 failed, 2 outliers)  5 (1 outlier)"), std::string::npos) << text;
}

// The host lines come from the findings, not from the host differences: a renderer that
// decided itself which differences to warn of would show them without the findings.
TEST(CompareTextTest, HostLinesAreTheHostFindings) {
  ComparisonReport report = Walk();
  report.findings.clear();
  std::string text = CompareTextRenderer().Render(report);
  EXPECT_EQ(text.rfind("verdict: ", 0), 0u) << text;
  report.findings = {HostsMixed{CompareSide::kNew, {{"cpu_count", {"2", "8"}}}}};
  EXPECT_EQ(CompareTextRenderer().Render(report).rfind("hosts differ within new: cpu_count: '2', '8' (its runs were "
                                                       "pooled from several machines or set-ups)\nverdict: ",
                                                       0),
            0u);
}

}  // namespace
}  // namespace timeit
