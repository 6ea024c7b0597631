#include "timeit/render/compare_html.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "comparison_reports.h"
#include "render/compare_lines.h"
#include "render/html_writer.h"
#include "timeit/base/utf8.h"
#include "timeit/render/compare_text.h"

namespace timeit {
namespace {

using testing::Hostile;
using testing::Walk;

size_t Count(const std::string& text, const std::string& what) {
  size_t count = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++count;
  return count;
}

void Add(SampleSet& side, const std::string& name, std::vector<double> values) {
  BenchmarkSamples& benchmark = side.Get(name);
  benchmark.runs = values.size();
  benchmark.metrics["task-clock"] = std::move(values);
}

// "slower" regressed (its base side with an outlier), "same" unchanged, "gone" removed.
ComparisonReport ThreeRows() {
  SampleSet base, candidate;
  Add(base, "slower", {1.00, 1.01, 1.02, 1.03, 1.04, 1.05, 1.01, 1.02, 3.0});
  Add(candidate, "slower", {1.20, 1.21, 1.22, 1.23, 1.24, 1.25, 1.21, 1.22, 1.23});
  Add(base, "same", {1, 2, 3, 4, 5});
  Add(candidate, "same", {1, 2, 3, 4, 5});
  Add(base, "gone", {1});
  return Compare(base, candidate, {});
}

TEST(CompareHtmlTest, ThePageIsOneSelfContainedDocument) {
  std::string page = CompareHtmlRenderer().Render(ThreeRows());
  EXPECT_EQ(page.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0), 0u);
  EXPECT_TRUE(page.ends_with("</html>\n"));
  EXPECT_EQ(Count(page, "<script"), 1u);  // the page's own, inline
  for (const char* external : {"src=", "href=", "url(", "@import", "http:", "https:", "<link", "<img"}) {
    EXPECT_EQ(page.find(external), std::string::npos) << external;
  }
}

TEST(CompareHtmlTest, VerdictsAreCountedAtTheTop) {
  std::string page = CompareHtmlRenderer().Render(ThreeRows());
  for (const char* count :
       {"<span data-verdict=\"regressed\" data-count=\"1\">", "data-verdict=\"improved\" data-count=\"0\"",
        "data-verdict=\"unchanged\" data-count=\"1\"", "data-verdict=\"too few runs\" data-count=\"0\"",
        "data-verdict=\"removed\" data-count=\"1\""}) {
    EXPECT_NE(page.find(count), std::string::npos) << count;
  }
  EXPECT_EQ(page.find("data-verdict=\"added\""), std::string::npos);  // counted only where some row is
  EXPECT_LT(page.find("id=\"verdicts\""), page.find("<table"));
}

TEST(CompareHtmlTest, TheLinesAboveAreTheTextReportsOwn) {
  ComparisonReport report = Walk();
  std::string page = CompareHtmlRenderer().Render(report);
  std::string text = CompareTextRenderer().Render(report);
  std::vector<std::string> lines = {FamilyLine(report.families[0], EscapeForDisplay),
                                    GeomeanLine(report.geomeans[0], report, EscapeForDisplay)};
  for (std::string line : lines) {
    EXPECT_NE(text.find(line), std::string::npos) << line;
    line.pop_back();  // the line end
    EXPECT_NE(page.find(">" + HtmlText(line) + "</p>"), std::string::npos) << line;
  }
  // The work change under its row, as the text report's "  ! " line says it.
  EXPECT_NE(page.find("<tr class=\"note\"><td colspan=\"15\">! sys: "), std::string::npos) << page;
  // The findings, as timeit-compare warns about them.
  EXPECT_NE(page.find("<ul id=\"findings\" class=\"findings\"><li>"), std::string::npos);
}

TEST(CompareHtmlTest, FlaggedRowsComeFirstWithTheirFigures) {
  ComparisonReport report = ThreeRows();
  std::string page = CompareHtmlRenderer().Render(report);
  size_t flagged = page.find("<table id=\"flagged\"");
  size_t others = page.find("<details id=\"other-rows\" open=\"\"><summary>2 other rows: 1 unchanged, 1 removed");
  ASSERT_NE(flagged, std::string::npos);
  ASSERT_NE(others, std::string::npos) << page;
  EXPECT_LT(page.find("<tbody id=\"row-0\" data-verdict=\"regressed\">"), others);
  EXPECT_GT(page.find("<tbody id=\"row-1\" data-verdict=\"unchanged\">"), others);
  EXPECT_EQ(Count(page, "<tr class=\"fig\">"), 1u);
  // Its base side's outlier is a cross, not a dot, and not left out.
  size_t figure = page.find("<tr class=\"fig\">");
  EXPECT_NE(page.find("l6 6m0 -6l-6 6\" fill=\"none\" stroke=\"#0072B2\"", figure), std::string::npos);
  EXPECT_EQ(Count(page.substr(figure, page.find("</tr>", figure) - figure), "h0M"), 7u + 8u);  // 8 + 9 dots
}

TEST(CompareHtmlTest, PlotsAsAsked) {
  ComparisonReport report = ThreeRows();
  EXPECT_EQ(Count(CompareHtmlRenderer({.plots = PlotSelection::kNone}).Render(report), "<svg width=\"620\""), 0u);
  // Every row with runs: the removed one has none to draw.
  EXPECT_EQ(Count(CompareHtmlRenderer({.plots = PlotSelection::kAll}).Render(report), "<svg width=\"620\""), 2u);
  EXPECT_EQ(Count(CompareHtmlRenderer({.plots = PlotSelection::kNone}).Render(report), "class=\"legend\""), 0u);
}

TEST(CompareHtmlTest, ManyOtherRowsAreAClosedList) {
  SampleSet base, candidate;
  for (int i = 0; i < 60; ++i) {
    Add(base, "b" + std::to_string(i), {1, 2, 3, 4, 5});
    Add(candidate, "b" + std::to_string(i), {1, 2, 3, 4, 5});
  }
  std::string page = CompareHtmlRenderer().Render(Compare(base, candidate, {}));
  // Five runs a side are too few for a family of 60.
  EXPECT_NE(page.find("<details id=\"other-rows\"><summary>60 other rows: 60 too few runs</summary>"),
            std::string::npos);
  EXPECT_NE(page.find("<p id=\"no-flagged\">No row regressed or improved.</p>"), std::string::npos);
  EXPECT_EQ(page.find("<table id=\"flagged\""), std::string::npos);
}

TEST(CompareHtmlTest, NamesAreShownAsTheTextShowsThemAndNeverAsMarkup) {
  std::string page = CompareHtmlRenderer().Render(Hostile());
  EXPECT_NE(page.find("<td>a\\rb\\nc\\td\\x1b[2Je,f\"g|h\\\\i\\u009bj\\u202ek</td>"), std::string::npos) << page;
  for (char c : page) {
    auto byte = static_cast<unsigned char>(c);
    EXPECT_TRUE(byte >= 0x20 || c == '\n') << static_cast<int>(byte);
  }
  SampleSet base, candidate;
  for (const char* name : {"<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>"}) {
    Add(base, name, {1, 2, 3, 4, 5});
    Add(candidate, name, {6, 7, 8, 9, 10});
  }
  page = CompareHtmlRenderer().Render(Compare(base, candidate, {}));
  EXPECT_EQ(Count(page, "<script"), 1u);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_NE(page.find("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"), std::string::npos);
  EXPECT_NE(page.find("<td>\"&gt;&lt;img src=x onerror=alert(1)&gt;</td>"), std::string::npos);
}

TEST(CompareHtmlTest, ALongNameIsCutWithTheWholeInItsTitle) {
  SampleSet base, candidate;
  std::string name = "MultiSource/Benchmarks/" + std::string(80, 'x') + "/bench";
  Add(base, name, {1, 2, 3, 4, 5});
  Add(candidate, name, {1, 2, 3, 4, 5});
  std::string page = CompareHtmlRenderer().Render(Compare(base, candidate, {}));
  EXPECT_NE(page.find("<td title=\"" + name + "\">" + ShortenedForDisplay(name, 60) + "</td>"), std::string::npos);
}

TEST(CompareHtmlTest, LntRowsHaveNoFamiliesAndNoChangePanel) {
  SampleSet base, candidate;
  Add(base, "b", {1.0, 1.01, 1.02, 1.03, 1.04});
  Add(candidate, "b", {2.0, 2.01, 2.02, 2.03, 2.04});
  CompareSettings settings;
  settings.policy = ComparePolicy::kLnt;
  std::string page = CompareHtmlRenderer().Render(Compare(base, candidate, settings));
  EXPECT_EQ(page.find("id=\"families\""), std::string::npos);
  EXPECT_NE(page.find("<th>decided by</th>"), std::string::npos);
  EXPECT_EQ(Count(page, "<svg width=\"620\""), 1u);
  EXPECT_EQ(page.find("new/base"), std::string::npos);  // neither in the figure nor in the legend
}

}  // namespace
}  // namespace timeit
