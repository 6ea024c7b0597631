#include "timeit/render/compare_renderer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "comparison_reports.h"
#include "timeit/render/compare_csv.h"
#include "timeit/render/compare_html.h"
#include "timeit/render/compare_json.h"
#include "timeit/render/compare_markdown.h"
#include "timeit/render/compare_text.h"

namespace timeit {
namespace {

using testing::Report;
using testing::Walk;

TEST(CompareRendererTest, FormatNames) {
  EXPECT_EQ(ReportFormatName(ReportFormat::kText), "text");
  EXPECT_EQ(ReportFormatName(ReportFormat::kJson), "json");
  EXPECT_EQ(ReportFormatName(ReportFormat::kCsv), "csv");
  EXPECT_EQ(ReportFormatName(ReportFormat::kMarkdown), "markdown");
  EXPECT_EQ(ReportFormatName(ReportFormat::kHtml), "html");
  EXPECT_EQ(PlotSelectionName(PlotSelection::kFlagged), "flagged");
  EXPECT_EQ(ValueSpelled(kPlotSelectionSpellings, "none"), PlotSelection::kNone);
  EXPECT_EQ(ValueSpelled(kReportFormatSpellings, "markdown"), ReportFormat::kMarkdown);
}

TEST(CompareRendererTest, TextAndMarkdown) {
  ComparisonReport report = Report();
  std::string text = CompareTextRenderer().Render(report);
  EXPECT_NE(text.find("Benjamini-Hochberg"), std::string::npos);
  EXPECT_EQ(text.find("\033["), std::string::npos);
  EXPECT_NE(CompareTextRenderer({.color = true}).Render(report).find("\033[31mregressed\033[0m"), std::string::npos);
  std::string markdown = CompareMarkdownRenderer().Render(report);
  EXPECT_NE(markdown.find("\n\n| benchmark | metric | runs base |"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("| --- | --- | ---: |"), std::string::npos);
  EXPECT_NE(markdown.find("| slow,er | user | 5 | 5 |"), std::string::npos) << markdown;
}

// The lines that say how rows are judged (the verdict's rule, and each metric's family and
// the runs it needs) come before the table in text and in Markdown alike, the same lines.
TEST(CompareRendererTest, TextAndMarkdownPutTheFamilyLinesBeforeTheTable) {
  ComparisonReport report = Report();
  std::string text = CompareTextRenderer().Render(report);
  std::string markdown = CompareMarkdownRenderer().Render(report);
  size_t text_table = text.find("\nbenchmark ");
  size_t markdown_table = markdown.find("\n| benchmark |");
  ASSERT_NE(text_table, std::string::npos) << text;
  ASSERT_NE(markdown_table, std::string::npos) << markdown;
  std::string text_lines = text.substr(0, text_table + 1);
  EXPECT_NE(text_lines.find("user: family of 1 of 1 tested rows;"), std::string::npos) << text;
  EXPECT_EQ(markdown.substr(0, markdown_table), text_lines) << markdown;
  EXPECT_EQ(markdown.find("family of", markdown_table), std::string::npos) << markdown;
}

TEST(CompareRendererTest, LntPolicyShowsLntsFigures) {
  SampleSet base, candidate;
  base.Get("b").runs = 4;
  base.Get("b").metrics["user"] = {1.10, 1.11, 1.12, 1.13};
  candidate.Get("b").runs = 4;
  candidate.Get("b").metrics["user"] = {1.00, 1.01, 1.02, 1.03};
  CompareSettings settings;
  settings.policy = ComparePolicy::kLnt;
  ComparisonReport report = Compare(base, candidate, settings);
  std::string text = CompareTextRenderer().Render(report);
  EXPECT_NE(text.find("base (closest)"), std::string::npos) << text;
  EXPECT_NE(text.find("decided by"), std::string::npos);
  EXPECT_NE(text.find("2.576 stddev"), std::string::npos);
  EXPECT_NE(text.find("absolute, in the metric's unit"), std::string::npos);
  EXPECT_EQ(text.find("p adj"), std::string::npos);  // LNT used no corrected p
  EXPECT_NE(text.find("1.1  "), std::string::npos);  // the base run it was compared with
  nlohmann::json json = nlohmann::json::parse(CompareJsonRenderer().Render(report));
  EXPECT_EQ(json["rows"][0]["lnt"]["rule"], "2.576 stddev");
  EXPECT_FALSE(json["rows"][0].contains("p"));
}

// A row that cannot be judged shows its estimate without an interval and no detectable
// change in every format: 1 run against 1 of equal values (it read "1 [1, 1]  ±1.00%"), and
// 3 against 3 in tied pairs, whose p cannot go below 2 / C(6, 3) = 0.1.
TEST(CompareRendererTest, ARowThatCannotBeJudgedShowsNoIntervalAnywhere) {
  SampleSet base, candidate;
  for (SampleSet* side : {&base, &candidate}) {
    side->Get("one").runs = 1;
    side->Get("one").metrics["user"] = {2};
    side->Get("pairs").runs = 3;
    side->Get("pairs").metrics["user"] = {1.0, 1.01, 1.02};
  }
  CompareSettings settings;
  settings.order = RowOrder::kName;
  ComparisonReport report = Compare(base, candidate, settings);
  std::string text = CompareTextRenderer({.histograms = false}).Render(report);
  for (const char* name : {"\none  ", "\npairs  "}) {
    size_t begin = text.find(name);
    ASSERT_NE(begin, std::string::npos) << text;
    std::string line = text.substr(begin + 1, text.find('\n', begin + 1) - begin - 1);
    EXPECT_NE(line.find("1.0000      -              1           -  too few runs"), std::string::npos) << line;
    EXPECT_EQ(line.find_first_of("[("), std::string::npos) << line;
  }
  std::string markdown = CompareMarkdownRenderer().Render(report);
  EXPECT_NE(
      markdown.find("| one | user | 1 | 1 | 2 | 2 | +0.00% | +0.00% | 0 | 0 | 1.0000 | - | 1 | - | too few runs |"),
      std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("| 1.0000 | - | 1 | - | too few runs |\n\n"), std::string::npos) << markdown;
  nlohmann::json json = nlohmann::json::parse(CompareJsonRenderer().Render(report));
  ASSERT_EQ(json["rows"].size(), 2u);
  for (const nlohmann::json& row : json["rows"]) {
    EXPECT_EQ(row["verdict"], "too few runs");
    EXPECT_EQ(row["ratio"], 1);
    EXPECT_TRUE(row["ratio_lower"].is_null()) << row;
    EXPECT_TRUE(row["ratio_upper"].is_null()) << row;
    EXPECT_TRUE(row["detectable"].is_null()) << row;
    EXPECT_FALSE(row["excludes_no_change"].get<bool>());
  }
  std::istringstream csv(CompareCsvRenderer().Render(report));
  std::string line;
  std::getline(csv, line);
  EXPECT_NE(line.find(",ratio,ratio_lower,ratio_upper,shift,shift_lower,shift_upper,interval_level,excludes_no_change,"
                      "detectable,detectable_shift,"),
            std::string::npos);
  for (const char* name : {"one", "pairs"}) {
    std::getline(csv, line);
    // ratio 1, no ends, no shift (a ratio row), level 0.95, false, no detectable change
    EXPECT_EQ(line.rfind(name, 0), 0u) << line;
    EXPECT_NE(line.find(",ratio,1,,,,,,0.95,false,,,"), std::string::npos) << line;
  }
}

TEST(CompareRendererTest, CsvAndMarkdownCarryTheWarnings) {
  std::string csv = CompareCsvRenderer().Render(Walk());
  // (0.012 - 0.0531) / 0.0531 and 2 / 252 to ten digits.
  EXPECT_NE(csv.find(",0,0,work-changed sys -0.7740112994 p=0.007936507937; host-differs kernel; hosts-mixed base "
                     "cpu_count\n"),
            std::string::npos)
      << csv;
  std::string markdown = CompareMarkdownRenderer().Render(Walk());
  EXPECT_NE(markdown.find("\n\n- walk task-clock: sys: 53.1 ms -> 12.0 ms (-77%, p = 0.0079) while task-clock -30%: "
                          "the kernel's work changed, not the program's\n\n- geomean"),
            std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("hosts differ: kernel: base 'Linux 6.1.0', new 'Linux 6.5.0'"), std::string::npos);
}

TEST(CompareRendererTest, EachFormatHasItsRenderer) {
  ComparisonReport report = Walk();
  EXPECT_EQ(MakeCompareRenderer(ReportFormat::kText)->Render(report), CompareTextRenderer().Render(report));
  EXPECT_EQ(MakeCompareRenderer(ReportFormat::kJson)->Render(report), CompareJsonRenderer().Render(report));
  EXPECT_EQ(MakeCompareRenderer(ReportFormat::kCsv)->Render(report), CompareCsvRenderer().Render(report));
  EXPECT_EQ(MakeCompareRenderer(ReportFormat::kMarkdown)->Render(report), CompareMarkdownRenderer().Render(report));
  EXPECT_NE(CompareTextRenderer().Render(report), CompareMarkdownRenderer().Render(report));
  // The style reaches the text renderer; the others do not draw.
  CompareStyle plain{.color = true, .histograms = false};
  EXPECT_EQ(MakeCompareRenderer(ReportFormat::kText, plain)->Render(report), CompareTextRenderer(plain).Render(report));
  EXPECT_NE(MakeCompareRenderer(ReportFormat::kText, plain)->Render(report), CompareTextRenderer().Render(report));
  EXPECT_EQ(MakeCompareRenderer(ReportFormat::kMarkdown, plain)->Render(report),
            CompareMarkdownRenderer().Render(report));
  // The HTML page draws its figures as the style says.
  CompareStyle no_plots{.plots = PlotSelection::kNone};
  EXPECT_EQ(MakeCompareRenderer(ReportFormat::kHtml, no_plots)->Render(report),
            CompareHtmlRenderer(no_plots).Render(report));
  EXPECT_NE(MakeCompareRenderer(ReportFormat::kHtml, no_plots)->Render(report), CompareHtmlRenderer().Render(report));
}

// Every format ends its report with a line end, even with no row.
TEST(CompareRendererTest, EveryFormatEndsWithALineEnd) {
  for (ReportFormat format :
       {ReportFormat::kText, ReportFormat::kJson, ReportFormat::kCsv, ReportFormat::kMarkdown, ReportFormat::kHtml}) {
    for (const ComparisonReport& report : {Walk(), ComparisonReport()}) {
      std::string text = MakeCompareRenderer(format)->Render(report);
      ASSERT_FALSE(text.empty()) << ReportFormatName(format);
      EXPECT_EQ(text.back(), '\n') << ReportFormatName(format);
    }
  }
}

}  // namespace
}  // namespace timeit
