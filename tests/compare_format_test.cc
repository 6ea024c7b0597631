#include "timeit/compare_format.h"

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
  EXPECT_EQ(json["schema"], "timeit-compare/1");
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

}  // namespace
}  // namespace timeit
