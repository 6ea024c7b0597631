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

}  // namespace
}  // namespace timeit
