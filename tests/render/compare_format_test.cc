#include "timeit/render/compare_format.h"

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
  std::string text = FormatCompareText(report, {});
  EXPECT_NE(text.find("Benjamini-Hochberg"), std::string::npos);
  EXPECT_EQ(text.find("\033["), std::string::npos);
  EXPECT_NE(FormatCompareText(report, {.color = true}).find("\033[31mregressed\033[0m"), std::string::npos);
  std::string markdown = FormatCompareMarkdown(report);
  EXPECT_NE(markdown.find("\n\n| benchmark | metric | runs base |"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("| --- | --- | ---: |"), std::string::npos);
  EXPECT_NE(markdown.find("| slow,er | user | 5 | 5 |"), std::string::npos) << markdown;
}

// The lines that say how rows are judged (the verdict's rule, and each metric's family and
// the runs it needs) come before the table in text and in Markdown alike, the same lines.
TEST(CompareFormatTest, TextAndMarkdownPutTheFamilyLinesBeforeTheTable) {
  ComparisonReport report = Report();
  std::string text = FormatCompareText(report, {});
  std::string markdown = FormatCompareMarkdown(report);
  size_t text_table = text.find("\nbenchmark ");
  size_t markdown_table = markdown.find("\n| benchmark |");
  ASSERT_NE(text_table, std::string::npos) << text;
  ASSERT_NE(markdown_table, std::string::npos) << markdown;
  std::string text_lines = text.substr(0, text_table + 1);
  EXPECT_NE(text_lines.find("user: family of 1 of 1 tested rows;"), std::string::npos) << text;
  EXPECT_EQ(markdown.substr(0, markdown_table), text_lines) << markdown;
  EXPECT_EQ(markdown.find("family of", markdown_table), std::string::npos) << markdown;
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

TEST(CompareFormatTest, CsvEscapesReversiblyAndQuotesAsRfc4180) {
  std::string csv = FormatCompareCsv(Hostile());
  // CR and LF as they are inside the quotes; the backslash doubled; the tab, ESC, C1
  // control and override as the bytes that spell them.
  EXPECT_NE(csv.find("\"a\rb\nc\\x09d\\x1b[2Je,f\"\"g|h\\\\i\\xc2\\x9bj\\xe2\\x80\\xaek\",user,unchanged"),
            std::string::npos)
      << csv;
  // No raw control character but the name's CR and LF and the line ends.
  for (char c : csv) {
    auto byte = static_cast<unsigned char>(c);
    EXPECT_TRUE(byte >= 0x20 || byte == '\n' || byte == '\r') << static_cast<int>(byte);
  }
  SampleSet base;
  base.Get(std::string("nul\0esc\x1b", 8)).metrics["user"] = {1};
  EXPECT_NE(FormatCompareCsv(Compare(base, SampleSet(), {})).find("\nnul\\x00esc\\x1b,,removed,"), std::string::npos);
}

TEST(CompareFormatTest, TextShowsControlCharactersAndBackslashesEscaped) {
  std::string text = FormatCompareText(Hostile(), {});
  EXPECT_NE(text.find("a\\rb\\nc\\td\\x1b[2Je,f\"g|h\\\\i\\u009bj\\u202ek"), std::string::npos) << text;
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    EXPECT_TRUE(byte >= 0x20 || c == '\n') << static_cast<int>(byte);
  }
  EXPECT_EQ(text.find("\xc2\x9b"), std::string::npos);
  EXPECT_EQ(text.find("\xe2\x80\xae"), std::string::npos);
}

TEST(CompareFormatTest, MarkdownEscapesPipesBackslashesNewlinesAndSyntax) {
  std::string markdown = FormatCompareMarkdown(Hostile());
  EXPECT_NE(markdown.find("| a\\\\rb\\\\nc\\\\td\\\\x1b\\[2Je,f\"g\\|h\\\\\\\\i\\\\u009bj\\\\u202ek | user |"),
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
  while (std::getline(lines, line) && line.rfind("| benchmark |", 0) != 0) {
  }
  size_t header = pipes(line);
  EXPECT_EQ(header, 16u) << line;
  while (std::getline(lines, line) && !line.empty()) EXPECT_EQ(pipes(line), header) << line;
}

// A metric whose name Markdown would read as a list item with emphasis, and a benchmark
// whose name would be a link: escaped wherever Markdown names them (the table, the geomean
// item, the line that opens with the metric), and shown as they are in the text table.
TEST(CompareFormatTest, MarkdownEscapesSyntaxInNamesOutsideTheTableToo) {
  SampleSet base, candidate;
  for (SampleSet* side : {&base, &candidate}) {
    BenchmarkSamples& benchmark = side->Get("[a](b)");
    benchmark.runs = 5;
    benchmark.metrics["- *m*"] = {1, 2, 3, 4, 5};
  }
  CompareSettings settings;
  settings.metrics = {"- *m*"};
  ComparisonReport report = Compare(base, candidate, settings);
  std::string markdown = FormatCompareMarkdown(report);
  EXPECT_NE(markdown.find("| \\[a\\](b) | \\- \\*m\\* | 5 | 5 |"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("\n- geomean \\- \\*m\\* over 1 benchmark"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("\n\\- \\*m\\*: family of 1 of 1 tested rows"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("\n- *m*"), std::string::npos) << markdown;
  std::string text = FormatCompareText(report, {});
  EXPECT_NE(text.find("\n- *m*: family of 1 of 1 tested rows"), std::string::npos) << text;
  EXPECT_NE(text.find("\n[a](b) "), std::string::npos) << text;
}

// GitHub renders text between dollar signs as mathematics ($x$ as an italic x), so a name
// holding them must have them escaped to read as the text table shows it.
TEST(CompareFormatTest, MarkdownEscapesDollarSigns) {
  SampleSet base, candidate;
  for (SampleSet* side : {&base, &candidate}) {
    BenchmarkSamples& benchmark = side->Get("$x$/y");
    benchmark.runs = 5;
    benchmark.metrics["user"] = {1, 2, 3, 4, 5};
  }
  std::string markdown = FormatCompareMarkdown(Compare(base, candidate, {}));
  EXPECT_NE(markdown.find("| \\$x\\$/y | user |"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("$x$"), std::string::npos) << markdown;
}

TEST(CompareFormatTest, NoCorrectionSaysSo) {
  ComparisonReport report = Report();
  report.settings.correction = stats::PAdjustMethod::kNone;
  std::string text = FormatCompareText(report, {});
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
  std::string text = FormatCompareText(report, {});
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
  std::string text = FormatCompareText(report, {});
  EXPECT_NE(text.find("1.00003 [1.00001, 1.0001]"), std::string::npos) << text;  // never "1"
  // An end exactly at 1 of an interval that excludes it is open.
  report.rows[0].effect.ratio_lower = 1;
  EXPECT_NE(FormatCompareText(report, {}).find("(1, 1.0001]"), std::string::npos);
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
  // Both rows join the family once they have the runs: 0.05 / 2 then, which 2 / C(8, 4) =
  // 0.029 does not clear and 2 / C(10, 5) = 0.0079 does.
  EXPECT_EQ(warnings[0],
            "user: 1 row could not be judged (too few runs) though the estimate is beyond ±1% (largest +99.01%, few); "
            "5 runs per side would let a lone change through (a lone change needs p < 0.025 once all 2 tested rows "
            "are in the family)");
  EXPECT_EQ(warnings[1], "1 benchmark failed in new runs where no base run failed: crash");
  EXPECT_TRUE(FormatCompareWarnings(Report()).empty());
}

// A row that cannot be judged shows its estimate without an interval and no detectable
// change in every format: 1 run against 1 of equal values (it read "1 [1, 1]  ±1.00%"), and
// 3 against 3 in tied pairs, whose p cannot go below 2 / C(6, 3) = 0.1.
TEST(CompareFormatTest, ARowThatCannotBeJudgedShowsNoIntervalAnywhere) {
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
  std::string text = FormatCompareText(report, {.histograms = false});
  for (const char* name : {"\none  ", "\npairs  "}) {
    size_t begin = text.find(name);
    ASSERT_NE(begin, std::string::npos) << text;
    std::string line = text.substr(begin + 1, text.find('\n', begin + 1) - begin - 1);
    EXPECT_NE(line.find("1.0000      -              1           -  too few runs"), std::string::npos) << line;
    EXPECT_EQ(line.find_first_of("[("), std::string::npos) << line;
  }
  std::string markdown = FormatCompareMarkdown(report);
  EXPECT_NE(
      markdown.find("| one | user | 1 | 1 | 2 | 2 | +0.00% | +0.00% | 0 | 0 | 1.0000 | - | 1 | - | too few runs |"),
      std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("| 1.0000 | - | 1 | - | too few runs |\n\n"), std::string::npos) << markdown;
  nlohmann::json json = nlohmann::json::parse(FormatCompareJson(report));
  ASSERT_EQ(json["rows"].size(), 2u);
  for (const nlohmann::json& row : json["rows"]) {
    EXPECT_EQ(row["verdict"], "too few runs");
    EXPECT_EQ(row["ratio"], 1);
    EXPECT_TRUE(row["ratio_lower"].is_null()) << row;
    EXPECT_TRUE(row["ratio_upper"].is_null()) << row;
    EXPECT_TRUE(row["detectable"].is_null()) << row;
    EXPECT_FALSE(row["excludes_no_change"].get<bool>());
  }
  std::istringstream csv(FormatCompareCsv(report));
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

TEST(CompareFormatTest, AMetricOnOneSideOnlyIsSaidToCompareNothing) {
  SampleSet base, candidate;
  base.Get("pi").runs = 1;
  base.Get("pi").metrics["exec_time"] = {1};
  candidate.Get("pi").runs = 1;
  candidate.Get("pi").metrics["user"] = {1};
  CompareSettings settings;
  settings.metrics = {"exec_time"};
  std::vector<std::string> warnings = FormatCompareWarnings(Compare(base, candidate, settings));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].rfind("exec_time: nothing was compared: 1 benchmark is on both sides, none with this metric "
                              "on both (",
                              0),
            0u)
      << warnings[0];
  // Another benchmark with the metric on both sides: something was compared.
  base.Get("e").runs = candidate.Get("e").runs = 1;
  base.Get("e").metrics["exec_time"] = candidate.Get("e").metrics["exec_time"] = {2};
  EXPECT_TRUE(FormatCompareWarnings(Compare(base, candidate, settings)).empty());
  // Every new run failed: no data, but not for want of the metric.
  SampleSet failed;
  failed.Get("pi").runs = failed.Get("pi").failed_runs = 1;
  for (const std::string& warning : FormatCompareWarnings(Compare(base, failed, settings))) {
    EXPECT_EQ(warning.find("nothing was compared"), std::string::npos) << warning;
  }
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

// The example: task-clock 30 % faster because the kernel's time fell (huge pages
// zeroed for the base only), measured on two kernels.
ComparisonReport Walk() {
  SampleSet base, candidate;
  auto add = [](SampleSet& side, const std::string& metric, std::vector<double> values) {
    BenchmarkSamples& benchmark = side.Get("walk");
    benchmark.runs = values.size();
    benchmark.metrics[metric] = std::move(values);
  };
  add(base, "task-clock", {0.098, 0.099, 0.100, 0.101, 0.102});
  add(base, "sys", {0.027, 0.040, 0.0531, 0.080, 0.103});
  add(candidate, "task-clock", {0.068, 0.069, 0.070, 0.071, 0.072});
  add(candidate, "sys", {0.008, 0.010, 0.012, 0.015, 0.024});
  base.provenance().NoteHost({{"kernel", "Linux 6.1.0"}, {"cpu_count", "2"}, {"hostname", "bot1"}});
  base.provenance().NoteHost({{"kernel", "Linux 6.1.0"}, {"cpu_count", "4"}, {"hostname", "bot1"}});
  candidate.provenance().NoteHost({{"kernel", "Linux 6.5.0"}, {"hostname", "bot2"}});
  return Compare(base, candidate, {});
}

TEST(CompareFormatTest, TextShowsHostsWarningsAndHistograms) {
  std::string text = FormatCompareText(Walk(), {});
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
                "  base |         █| 68.00 ms .. 102.0 ms\n"
                "  new  |▅▄        |\n"
                "geomean "),
      std::string::npos)
      << text;
  std::string plain = FormatCompareText(Walk(), {.histograms = false});
  EXPECT_EQ(plain.find("  base |"), std::string::npos);
  EXPECT_NE(plain.find("not the program's\ngeomean "), std::string::npos) << plain;
}

TEST(CompareFormatTest, RunsCountOutliersBesideFailures) {
  SampleSet base, candidate;
  // Median 3.5, MAD 2: 100 and 200 score 0.6745 * 96.5 / 2 = 32.5 and 66.3.
  base.Get("b").runs = 7;
  base.Get("b").failed_runs = 1;
  base.Get("b").metrics["user"] = {1, 2, 3, 4, 100, 200};
  candidate.Get("b").runs = 5;
  candidate.Get("b").metrics["user"] = {1, 2, 3, 4, 100};  // 0.6745 * 97 / 1 = 65.4
  std::string text = FormatCompareText(Compare(base, candidate, {}), {});
  EXPECT_NE(text.find("6 (1 failed, 2 outliers)  5 (1 outlier)"), std::string::npos) << text;
}

TEST(CompareFormatTest, JsonRowsCarryWarningsOutliersAndHistograms) {
  nlohmann::json json = nlohmann::json::parse(FormatCompareJson(Walk()));
  const nlohmann::json& row = json["rows"][0];
  ASSERT_EQ(row["warnings"].size(), 3u) << row["warnings"].dump();
  EXPECT_EQ(row["warnings"][0]["kind"], "work-changed");
  EXPECT_EQ(row["warnings"][0]["metric"], "sys");
  EXPECT_EQ(row["warnings"][0]["base_median"], 0.0531);
  EXPECT_EQ(row["warnings"][0]["new_median"], 0.012);
  EXPECT_DOUBLE_EQ(row["warnings"][0]["change"].get<double>(), (0.012 - 0.0531) / 0.0531);
  EXPECT_NEAR(row["warnings"][0]["p"].get<double>(), 2.0 / 252, 1e-15);
  EXPECT_EQ(row["warnings"][1],
            (nlohmann::json{
                {"kind", "host-differs"}, {"field", "kernel"}, {"base", {"Linux 6.1.0"}}, {"new", {"Linux 6.5.0"}}}));
  EXPECT_EQ(
      row["warnings"][2],
      (nlohmann::json{{"kind", "hosts-mixed"}, {"field", "cpu_count"}, {"side", "base"}, {"values", {"2", "4"}}}));
  EXPECT_EQ(row["base"]["outliers"], 0);
  EXPECT_EQ(row["base"]["outlier_values"], nlohmann::json::array());
  EXPECT_EQ(row["histogram"]["edges"].size(), 11u);
  EXPECT_EQ(row["histogram"]["base"]["counts"], (nlohmann::json{0, 0, 0, 0, 0, 0, 0, 0, 0, 5}));
  EXPECT_EQ(row["histogram"]["new"]["counts"], (nlohmann::json{3, 2, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(row["histogram"]["new"]["not_positive"], 0);
  // Every difference in the hosts block, the hostname too (noted, not warned).
  const nlohmann::json& differences = json["hosts"]["differences"];
  ASSERT_EQ(differences.size(), 3u) << differences.dump();
  EXPECT_EQ(differences[2]["field"], "hostname");
  EXPECT_EQ(differences[2]["warned"], false);
  EXPECT_EQ(differences[2]["sides_differ"], true);
  EXPECT_EQ(differences[2]["base"], nlohmann::json{"bot1"});
  EXPECT_EQ(differences[2]["new"], nlohmann::json{"bot2"});
  // Without a difference, the row's list is empty, not absent.
  EXPECT_EQ(nlohmann::json::parse(FormatCompareJson(Report()))["rows"][0]["warnings"], nlohmann::json::array());
}

TEST(CompareFormatTest, CsvAndMarkdownCarryTheWarnings) {
  std::string csv = FormatCompareCsv(Walk());
  // (0.012 - 0.0531) / 0.0531 and 2 / 252 to ten digits.
  EXPECT_NE(csv.find(",0,0,work-changed sys -0.7740112994 p=0.007936507937; host-differs kernel; hosts-mixed base "
                     "cpu_count\n"),
            std::string::npos)
      << csv;
  std::string markdown = FormatCompareMarkdown(Walk());
  EXPECT_NE(markdown.find("\n\n- walk task-clock: sys: 53.1 ms -> 12.0 ms (-77%, p = 0.0079) while task-clock -30%: "
                          "the kernel's work changed, not the program's\n\n- geomean"),
            std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("hosts differ: kernel: base 'Linux 6.1.0', new 'Linux 6.5.0'"), std::string::npos);
}

TEST(CompareFormatTest, WarningsCountWorkChangesAndHosts) {
  std::vector<std::string> warnings = FormatCompareWarnings(Walk());
  ASSERT_EQ(warnings.size(), 3u);
  EXPECT_EQ(warnings[0],
            "1 row: sys time, page faults, context switches or CPU migrations changed far more than the metric "
            "compared, so the change is likely the machine's, not the program's (largest: sys -77% beside walk "
            "task-clock -30%); the report says which under each row");
  EXPECT_EQ(warnings[1], "the sides' hosts differ in kernel: every row may differ for that reason alone");
  EXPECT_EQ(warnings[2], "the base runs come from hosts that differ in cpu_count");
}

}  // namespace
}  // namespace timeit
