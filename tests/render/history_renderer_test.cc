#include "timeit/render/history_renderer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace timeit {
namespace {

// A history of 20 nights of 3 runs: `stepped` 10% slower from night 12, `counts` (a count
// that is 0 on some runs, so analysed as shifts) 5 higher from night 12, `flat` unchanged.
history::HistoryReport StepReport(const std::string& stepped = "stepped") {
  static const double kShift[] = {0.004, -0.007, 0.009, -0.002, 0.006, -0.009, 0.001, -0.004, 0.008, -0.006};
  history::HistoryOptions options;
  options.metrics = {"task-clock", "context-switches"};
  history::HistoryBuilder builder(options);
  for (size_t night = 0; night < 20; ++night) {
    SampleSet samples;
    double shift = 1 + kShift[night % 10];
    double level = (night >= 12 ? 1.1 : 1.0) * shift;
    samples.Get(stepped).metrics["task-clock"] = {level * 0.997, level, level * 1.004};
    samples.Get("flat").metrics["task-clock"] = {2 * shift * 0.997, 2 * shift, 2 * shift * 1.004};
    double counts = (night >= 12 ? 5.0 : 0.0) + static_cast<double>(night % 2);
    samples.Get("counts").metrics["context-switches"] = {counts, counts + 1, counts};
    builder.AddNight("night-" + std::to_string(night) + ".json", samples);
  }
  return builder.Finish();
}

TEST(HistoryJsonTest, ChangePointsCarryWhatABotReads) {
  nlohmann::json json = nlohmann::json::parse(RenderHistoryJson(StepReport()));
  EXPECT_EQ(json["schema"], "timeit-history/1");
  EXPECT_EQ(json["series"], 3);
  EXPECT_EQ(json["nights"].size(), 20u);
  EXPECT_EQ(json["nights"][12]["label"], "night-12.json");
  ASSERT_EQ(json["change_points"].size(), 2u);
  for (const nlohmann::json& change : json["change_points"]) {
    EXPECT_EQ(change["index"], 12);
    EXPECT_EQ(change["night"], "night-12.json");
    EXPECT_EQ(change["direction"], "regressed");
    EXPECT_TRUE(change["until"].is_null());
    if (change["benchmark"] == "stepped") {
      EXPECT_EQ(change["scale"], "ratio");
      EXPECT_NEAR(change["ratio"].get<double>(), 1.1, 0.01);
      EXPECT_FALSE(change.contains("shift"));
    } else {
      EXPECT_EQ(change["benchmark"], "counts");
      EXPECT_EQ(change["scale"], "shift");
      EXPECT_NEAR(change["shift"].get<double>(), 5, 0.5);
      EXPECT_FALSE(change.contains("ratio"));
    }
  }
}

TEST(HistoryJsonTest, ANameThatIsNotUtf8KeepsItsBytes) {
  nlohmann::json json = nlohmann::json::parse(RenderHistoryJson(StepReport("bad\xff")));
  const nlohmann::json* stepped = nullptr;
  for (const nlohmann::json& change : json["change_points"]) {
    if (change.contains("benchmark_bytes")) stepped = &change;
  }
  ASSERT_NE(stepped, nullptr);
  EXPECT_EQ((*stepped)["benchmark"], "bad\xef\xbf\xbd");
  EXPECT_EQ((*stepped)["benchmark_bytes"], "626164ff");
}

TEST(HistoryCsvTest, NamesAreFieldsOfTheirOwn) {
  std::string csv = RenderHistoryCsv(StepReport("slow,er \"x\""));
  EXPECT_NE(csv.find("\n\"slow,er \"\"x\"\"\",task-clock,12,night-12.json,regressed,"), std::string::npos) << csv;
}

TEST(HistoryTextTest, TheSummaryThenTheTableNewestFirst) {
  std::string text = RenderHistoryText(StepReport(), {});
  EXPECT_EQ(text.rfind("20 nights (night-0.json .. night-19.json), 3 series; a series without change shows one "
                       "with probability 0.01\n2 change points: 2 regressions, 0 improvements; 0 regressions in the "
                       "last 7 nights (their nights marked *)\n\nnight  label",
                       0),
            0u)
      << text;
  EXPECT_NE(text.find("   12  night-12.json  regressed  stepped    task-clock        999.8 ms  1.100 s  1.101 [1.092, "
                      "1.108]  <0.0001     8  "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("regressed  counts     context-switches  0.5       5.5      +5 [+4, +6]"), std::string::npos)
      << text;
  HistoryStyle plain;
  plain.sparklines = false;
  EXPECT_EQ(RenderHistoryText(StepReport(), plain).find("▁"), std::string::npos);
}

TEST(HistoryTextTest, NamesAreEscapedForTheTerminalAndForMarkdown) {
  std::string text = RenderHistoryText(StepReport("a\x1b[31mb"), {});
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_NE(text.find("a\\x1b[31mb"), std::string::npos) << text;
  std::string markdown = RenderHistoryMarkdown(StepReport("a|b"), {});
  EXPECT_NE(markdown.find("| a\\|b |"), std::string::npos) << markdown;
}

TEST(HistoryTextTest, NoChangeSaysSo) {
  history::HistoryBuilder builder({});
  for (size_t night = 0; night < 10; ++night) {
    SampleSet samples;
    samples.Get("flat").metrics["task-clock"] = {1.0, 1.01, 0.99};
    builder.AddNight("n", samples);
  }
  history::HistoryReport report = builder.Finish();
  EXPECT_EQ(RenderHistoryText(report, {}),
            "10 nights (n .. n), 1 series; a series without change shows one with probability 0.01\n"
            "no change point\n");
  EXPECT_EQ(RenderHistoryCsv(report).find('\n') + 1, RenderHistoryCsv(report).size());
  EXPECT_TRUE(nlohmann::json::parse(RenderHistoryJson(report))["change_points"].empty());
}

size_t Count(const std::string& text, const std::string& what) {
  size_t count = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++count;
  return count;
}

TEST(HistoryHtmlTest, TheLinesTheTableAndAFigurePerChangedSeries) {
  history::HistoryReport report = StepReport();
  std::string page = RenderHistory(report, ReportFormat::kHtml);
  EXPECT_EQ(page, RenderHistoryHtml(report, {}));
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find("<p>20 nights (night-0.json .. night-19.json), 3 series; a series without change shows one "
                      "with probability 0.01</p>"),
            std::string::npos);
  EXPECT_NE(page.find("<tr id=\"change-0\" data-verdict=\"regressed\" data-series=\""), std::string::npos);
  EXPECT_NE(page.find("<tr id=\"change-1\" data-verdict=\"regressed\" data-series=\""), std::string::npos);
  EXPECT_EQ(Count(page, "<tr id=\"change-"), 2u);
  // The table's cells are the text table's; the series' name links to its figure.
  EXPECT_NE(page.find("<td>1.101 [1.092, 1.108]</td><td>&lt;0.0001</td><td>8</td></tr>"), std::string::npos) << page;
  EXPECT_NE(page.find("<a href=\"#series-0\">stepped</a>"), std::string::npos) << page;
  EXPECT_EQ(Count(page, "<figure id=\"series-"), 2u);
  EXPECT_EQ(page.find("<figure id=\"series-1\""), std::string::npos);  // flat: no change, no figure
  EXPECT_EQ(Count(RenderHistoryHtml(report, {.plots = PlotSelection::kAll}), "<figure id=\"series-"), 3u);
  std::string none = RenderHistoryHtml(report, {.plots = PlotSelection::kNone});
  EXPECT_EQ(Count(none, "<figure"), 0u);
  EXPECT_EQ(none.find("<a href"), std::string::npos);  // no link to a figure that is not there
}

TEST(HistoryHtmlTest, EveryRunIsADotAndEachChangeAMarker) {
  history::HistoryReport report = StepReport();
  std::string page = RenderHistoryHtml(report, {});
  size_t figure = page.find("<figure id=\"series-0\"");
  ASSERT_NE(figure, std::string::npos);
  std::string stepped = page.substr(figure, page.find("</figure>", figure) - figure);
  // 20 nights of 3 runs, faint; one dashed marker with its triangle, pointing up.
  size_t runs = stepped.find("stroke=\"#999\"");
  ASSERT_NE(runs, std::string::npos) << stepped;
  EXPECT_EQ(Count(stepped.substr(stepped.rfind("<path", runs), runs - stepped.rfind("<path", runs)), "h0"), 60u);
  EXPECT_EQ(Count(stepped, "stroke-dasharray=\"4 3\""), 1u);
  EXPECT_NE(stepped.find("<title>night 12 (night-12.json): regressed, 999.8 ms -&gt; 1.100 s</title>"),
            std::string::npos)
      << stepped;
}

TEST(HistoryHtmlTest, AGapBreaksTheLine) {
  history::HistoryBuilder builder({});
  for (size_t night = 0; night < 12; ++night) {
    SampleSet samples;
    if (night != 5) samples.Get("b").metrics["task-clock"] = {1.0, 1.01, 0.99};
    samples.Get("other").metrics["task-clock"] = {1.0, 1.01, 0.99};
    builder.AddNight("n", samples);
  }
  std::string page = RenderHistoryHtml(builder.Finish(), {.plots = PlotSelection::kAll});
  size_t figure = page.find("<figure id=\"series-0\"");
  std::string series = page.substr(figure, page.find("</figure>", figure) - figure);
  size_t line = series.find("stroke=\"#000\" stroke-width=\"1.3\"");
  ASSERT_NE(line, std::string::npos) << series;
  std::string path = series.substr(series.rfind("<path", line), line - series.rfind("<path", line));
  EXPECT_EQ(Count(path, "M"), 2u) << path;  // nights 0-4, then 6-11
}

TEST(HistoryHtmlTest, NamesAreTextNeverMarkup) {
  std::string page = RenderHistoryHtml(StepReport("<script>alert(1)</script>\xff"), {});
  EXPECT_EQ(Count(page, "<script"), 1u);
  EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;\\xff</a>"), std::string::npos) << page;
}

}  // namespace
}  // namespace timeit
