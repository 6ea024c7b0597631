#include "timeit/report/compare_format.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

namespace timeit {
namespace {

ComparisonReport Report() {
  SampleSet base, candidate;
  auto add = [](SampleSet& side, const std::string& name, std::vector<double> values) {
    BenchmarkSamples& benchmark = side.Get(name);
    benchmark.runs = values.size();
    benchmark.metrics["user"] = std::move(values);
  };
  add(base, "slow,er", {1, 2, 3, 4, 5});
  add(candidate, "slow,er", {6, 7, 8, 9, 10});
  add(base, "gone", {1});
  return Compare(base, candidate, {});
}

size_t Fields(const std::string& line) {
  size_t fields = 1;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted) ++fields;
  }
  return fields;
}

TEST(CompareFormatTest, FormatNames) {
  EXPECT_EQ(CompareFormatName(CompareFormat::kText), "text");
  EXPECT_EQ(CompareFormatName(CompareFormat::kJson), "json");
  EXPECT_EQ(CompareFormatName(CompareFormat::kCsv), "csv");
  EXPECT_EQ(CompareFormatName(CompareFormat::kMarkdown), "markdown");
  EXPECT_EQ(ValueSpelled(kCompareFormatSpellings, "markdown"), CompareFormat::kMarkdown);
}

TEST(CompareFormatTest, CsvRowsHaveTheHeadersFieldCount) {
  std::istringstream csv(FormatCompareCsv(Report()));
  std::string header, line;
  std::getline(csv, header);
  EXPECT_EQ(header.rfind("benchmark,metric,verdict,", 0), 0u);
  size_t rows = 0;
  while (std::getline(csv, line)) {
    EXPECT_EQ(Fields(line), Fields(header)) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 3u);  // two rows and the geomean
  std::string text = FormatCompareCsv(Report());
  EXPECT_NE(text.find("\"slow,er\",user,regressed,5,0,1,3,1,5,0,6,8,1,5,1.666666667,0,0.007936507937"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("gone,,removed,1,0,,,,0,0,"), std::string::npos) << text;
}

TEST(CompareFormatTest, JsonHasSettingsRowsAndNullsForUndefined) {
  nlohmann::json json = nlohmann::json::parse(FormatCompareJson(Report()));
  EXPECT_EQ(json["schema"], "timeit-compare/2");
  EXPECT_EQ(json["settings"]["correction"], "bh");
  EXPECT_EQ(json["settings"]["policy"], "default");
  EXPECT_TRUE(json["regressed"].get<bool>());
  ASSERT_EQ(json["rows"].size(), 2u);
  EXPECT_EQ(json["rows"][0]["verdict"], "regressed");
  EXPECT_EQ(json["rows"][0]["test_method"], "exact");
  EXPECT_DOUBLE_EQ(json["rows"][0]["u"].get<double>(), 0);
  EXPECT_EQ(json["rows"][1]["verdict"], "removed");
  EXPECT_TRUE(json["rows"][1]["ratio"].is_null());
  EXPECT_TRUE(json["rows"][1]["metric"].is_null());
  EXPECT_EQ(json["geomeans"][0]["metric"], "user");
  EXPECT_EQ(json["settings"]["method"], "exact");
  EXPECT_EQ(json["settings"]["sort"], "verdict");
  ASSERT_EQ(json["families"].size(), 1u);
  EXPECT_EQ(json["families"][0]["metric"], "user");
  EXPECT_EQ(json["families"][0]["family"], 1);
  EXPECT_DOUBLE_EQ(json["families"][0]["lone_change_p"].get<double>(), 0.05);
  EXPECT_EQ(json["rows"][0]["scale"], "ratio");
  EXPECT_TRUE(json["rows"][0]["excludes_no_change"].get<bool>());
  EXPECT_DOUBLE_EQ(json["rows"][0]["interval_level"].get<double>(), 0.95);
  EXPECT_TRUE(json["rows"][0]["detectable"].is_number());
}

TEST(CompareFormatTest, TextAndMarkdown) {
  ComparisonReport report = Report();
  std::string text = FormatCompareText(report, false);
  EXPECT_NE(text.find("Benjamini-Hochberg"), std::string::npos);
  EXPECT_EQ(text.find("\033["), std::string::npos);
  EXPECT_NE(FormatCompareText(report, true).find("\033[31mregressed\033[0m"), std::string::npos);
  std::string markdown = FormatCompareMarkdown(report);
  EXPECT_EQ(markdown.rfind("| benchmark | metric | runs base |", 0), 0u) << markdown;
  EXPECT_NE(markdown.find("| --- | --- | ---: |"), std::string::npos);
  EXPECT_NE(markdown.find("| slow,er | user | 5 | 5 |"), std::string::npos) << markdown;
}

// A report whose names carry what a terminal, a CSV reader or a Markdown renderer would
// misread: carriage return, newline, tab, escape, a comma, a quote, a pipe, a backslash,
// a C1 control and a right-to-left override.
ComparisonReport Hostile() {
  SampleSet base, candidate;
  const std::string name = "a\rb\nc\td\x1b[2Je,f\"g|h\\i\xc2\x9bj\xe2\x80\xaek";
  for (SampleSet* side : {&base, &candidate}) {
    BenchmarkSamples& benchmark = side->Get(name);
    benchmark.runs = 5;
    benchmark.metrics["user"] = {1, 2, 3, 4, 5};
  }
  return Compare(base, candidate, {});
}

TEST(CompareFormatTest, CsvEscapesControlCharactersAsTheTextDoesAndQuotesAsRfc4180) {
  std::string csv = FormatCompareCsv(Hostile());
  EXPECT_NE(csv.find("\"a\\rb\\nc\\td\\x1b[2Je,f\"\"g|h\\i\\u009bj\\u202ek\",user,unchanged"), std::string::npos)
      << csv;
  // No raw control character but the line ends.
  for (char c : csv) {
    auto byte = static_cast<unsigned char>(c);
    EXPECT_TRUE(byte >= 0x20 || byte == '\n') << static_cast<int>(byte);
  }
  SampleSet base;
  base.Get(std::string("nul\0esc\x1b", 8)).metrics["user"] = {1};
  EXPECT_NE(FormatCompareCsv(Compare(base, SampleSet(), {})).find("\nnul\\x00esc\\x1b,,removed,"), std::string::npos);
}

TEST(CompareFormatTest, TextShowsControlCharactersEscaped) {
  std::string text = FormatCompareText(Hostile(), false);
  EXPECT_NE(text.find("a\\rb\\nc\\td\\x1b[2Je,f\"g|h\\i\\u009bj\\u202ek"), std::string::npos) << text;
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    EXPECT_TRUE(byte >= 0x20 || c == '\n') << static_cast<int>(byte);
  }
  EXPECT_EQ(text.find("\xc2\x9b"), std::string::npos);
  EXPECT_EQ(text.find("\xe2\x80\xae"), std::string::npos);
}

TEST(CompareFormatTest, MarkdownEscapesPipesBackslashesAndNewlines) {
  std::string markdown = FormatCompareMarkdown(Hostile());
  EXPECT_NE(markdown.find("| a\\\\rb\\\\nc\\\\td\\\\x1b[2Je,f\"g\\|h\\\\i\\\\u009bj\\\\u202ek | user |"),
            std::string::npos)
      << markdown;
  // Every table line has the header's number of unescaped pipes.
  std::istringstream lines(markdown);
  std::string line;
  auto pipes = [](const std::string& text) {
    size_t count = 0;
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\\') {
        ++i;
      } else if (text[i] == '|') {
        ++count;
      }
    }
    return count;
  };
  std::getline(lines, line);
  size_t header = pipes(line);
  while (std::getline(lines, line) && !line.empty()) EXPECT_EQ(pipes(line), header) << line;
}

TEST(CompareFormatTest, EscapeControlCharacters) {
  EXPECT_EQ(EscapeControlCharacters("plain name/with-üñí"), "plain name/with-üñí");
  EXPECT_EQ(EscapeControlCharacters(std::string("nul\0x", 5)), "nul\\x00x");
  EXPECT_EQ(EscapeControlCharacters("del\x7f"), "del\\x7f");
  EXPECT_EQ(EscapeControlCharacters("bad\xff utf8"), "bad\\xff utf8");
  EXPECT_EQ(EscapeControlCharacters("cut\xe2\x80"), "cut\\xe2\\x80");
  EXPECT_EQ(EscapeControlCharacters("zero\xe2\x80\x8bwidth"), "zero\\u200bwidth");
  EXPECT_EQ(EscapeControlCharacters("arabic mark\xd8\x9c"), "arabic mark\\u061c");
  EXPECT_EQ(EscapeControlCharacters("line\xe2\x80\xa8sep"), "line\\u2028sep");
  EXPECT_EQ(EscapeControlCharacters("soft\xc2\xadhyphen"), "soft\\u00adhyphen");
  EXPECT_EQ(EscapeControlCharacters("tag\xf3\xa0\x80\x81"), "tag\\ue0001");
}

TEST(CompareFormatTest, NoCorrectionSaysSo) {
  ComparisonReport report = Report();
  report.settings.correction = stats::PAdjustMethod::kNone;
  std::string text = FormatCompareText(report, false);
  EXPECT_NE(text.find("is below 0.05 (no correction across rows)"), std::string::npos) << text;
  EXPECT_EQ(text.find("nothing"), std::string::npos);
}

TEST(CompareFormatTest, LntPolicyShowsLntsFigures) {
  SampleSet base, candidate;
  base.Get("b").runs = 4;
  base.Get("b").metrics["user"] = {1.10, 1.11, 1.12, 1.13};
  candidate.Get("b").runs = 4;
  candidate.Get("b").metrics["user"] = {1.00, 1.01, 1.02, 1.03};
  CompareSettings settings;
  settings.policy = ComparePolicy::kLnt;
  ComparisonReport report = Compare(base, candidate, settings);
  std::string text = FormatCompareText(report, false);
  EXPECT_NE(text.find("base (closest)"), std::string::npos) << text;
  EXPECT_NE(text.find("decided by"), std::string::npos);
  EXPECT_NE(text.find("2.576 stddev"), std::string::npos);
  EXPECT_NE(text.find("absolute, in the metric's unit"), std::string::npos);
  EXPECT_EQ(text.find("p adj"), std::string::npos);  // LNT used no corrected p
  EXPECT_NE(text.find("1.1  "), std::string::npos);  // the base run it was compared with
  nlohmann::json json = nlohmann::json::parse(FormatCompareJson(report));
  EXPECT_EQ(json["rows"][0]["lnt"]["rule"], "2.576 stddev");
  EXPECT_FALSE(json["rows"][0].contains("p"));
}

TEST(CompareFormatTest, IntervalEndsNeverReadAsOneUnlessTheyAre) {
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
  std::string text = FormatCompareText(report, false);
  EXPECT_NE(text.find("1.00003 [1.00001, 1.0001]"), std::string::npos) << text;  // never "1"
  // An end exactly at 1 of an interval that excludes it is open.
  report.rows[0].effect.ratio_lower = 1;
  EXPECT_NE(FormatCompareText(report, false).find("(1, 1.0001]"), std::string::npos);
}

TEST(CompareFormatTest, WarningsSayWhatNoVerdictDoes) {
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
  std::vector<std::string> warnings = FormatCompareWarnings(Compare(base, candidate, {}));
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(
      warnings[0].rfind("user: 1 row could not be judged (too few runs) though the estimate is beyond ±1% (largest "
                        "+99.01%, few); 4 runs per side would let a lone change through",
                        0),
      0u)
      << warnings[0];
  EXPECT_EQ(warnings[1], "1 benchmark failed in new runs where no base run failed: crash");
  EXPECT_TRUE(FormatCompareWarnings(Report()).empty());
}

TEST(CompareFormatTest, NamesThatDifferByADirectoryPrefixAreSaidSo) {
  auto warnings_of = [](std::vector<std::string> base_names, std::vector<std::string> new_names) {
    SampleSet base, candidate;
    for (const std::string& name : base_names) base.Get(name).metrics["user"] = {1};
    for (const std::string& name : new_names) candidate.Get(name).metrics["user"] = {1};
    return FormatCompareWarnings(Compare(base, candidate, {}));
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

}  // namespace
}  // namespace timeit
