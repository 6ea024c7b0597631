#include "timeit/render/compare_markdown.h"

#include <gtest/gtest.h>

#include <sstream>

#include "comparison_reports.h"
#include "timeit/render/compare_text.h"

namespace timeit {
namespace {

using testing::Hostile;

TEST(CompareMarkdownTest, MarkdownEscapesPipesBackslashesNewlinesAndSyntax) {
  std::string markdown = CompareMarkdownRenderer().Render(Hostile());
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

// GitHub renders text between dollar signs as mathematics ($x$ as an italic x), so a name
// holding them must have them escaped to read as the text table shows it.
TEST(CompareMarkdownTest, MarkdownEscapesDollarSigns) {
  SampleSet base, candidate;
  for (SampleSet* side : {&base, &candidate}) {
    BenchmarkSamples& benchmark = side->Get("$x$/y");
    benchmark.runs = 5;
    benchmark.metrics["user"] = {1, 2, 3, 4, 5};
  }
  std::string markdown = CompareMarkdownRenderer().Render(Compare(base, candidate, {}));
  EXPECT_NE(markdown.find("| \\$x\\$/y | user |"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("$x$"), std::string::npos) << markdown;
}

// A metric whose name Markdown would read as a list item with emphasis, and a benchmark
// whose name would be a link: escaped wherever Markdown names them (the table, the geomean
// item, the line that opens with the metric), and shown as they are in the text table.
TEST(CompareMarkdownTest, MarkdownEscapesSyntaxInNamesOutsideTheTableToo) {
  SampleSet base, candidate;
  for (SampleSet* side : {&base, &candidate}) {
    BenchmarkSamples& benchmark = side->Get("[a](b)");
    benchmark.runs = 5;
    benchmark.metrics["- *m*"] = {1, 2, 3, 4, 5};
  }
  CompareSettings settings;
  settings.metrics = {"- *m*"};
  ComparisonReport report = Compare(base, candidate, settings);
  std::string markdown = CompareMarkdownRenderer().Render(report);
  EXPECT_NE(markdown.find("| \\[a\\](b) | \\- \\*m\\* | 5 | 5 |"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("\n- geomean \\- \\*m\\* over 1 benchmark"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("\n\\- \\*m\\*: family of 1 of 1 tested rows"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("\n- *m*"), std::string::npos) << markdown;
  std::string text = CompareTextRenderer().Render(report);
  EXPECT_NE(text.find("\n- *m*: family of 1 of 1 tested rows"), std::string::npos) << text;
  EXPECT_NE(text.find("\n[a](b) "), std::string::npos) << text;
}

// The lines above the table, a row's work changes and the geomeans below it, for a report
// built by hand: what Markdown writes comes from the report's data alone.
TEST(CompareMarkdownTest, ListsTheWorkChangesUnderTheTable) {
  ComparisonReport report = testing::Walk();
  report.findings.clear();
  std::string markdown = CompareMarkdownRenderer().Render(report);
  EXPECT_EQ(markdown.rfind("verdict: ", 0), 0u) << markdown;
  EXPECT_NE(markdown.find("\n\n- walk task-clock: sys: 53.1 ms -> 12.0 ms (-77%, p = 0.0079) while task-clock -30%: "
                          "the kernel's work changed, not the program's\n\n- geomean task-clock over 1 benchmark: "),
            std::string::npos)
      << markdown;
  report.rows[0].work_changes.clear();
  markdown = CompareMarkdownRenderer().Render(report);
  EXPECT_NE(markdown.find(" | improved |\n\n- geomean task-clock"), std::string::npos) << markdown;
}

}  // namespace
}  // namespace timeit
