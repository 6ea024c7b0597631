#include "timeit/render/compare_csv.h"

#include <gtest/gtest.h>

#include <sstream>

#include "comparison_reports.h"

namespace timeit {
namespace {

using testing::Hostile;
using testing::Report;

size_t Fields(const std::string& line) {
  size_t fields = 1;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted) ++fields;
  }
  return fields;
}

TEST(CompareCsvTest, CsvRowsHaveTheHeadersFieldCount) {
  std::istringstream csv(CompareCsvRenderer().Render(Report()));
  std::string header, line;
  std::getline(csv, header);
  EXPECT_EQ(header.rfind("benchmark,metric,verdict,", 0), 0u);
  size_t rows = 0;
  while (std::getline(csv, line)) {
    EXPECT_EQ(Fields(line), Fields(header)) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 3u);  // two rows and the geomean
  std::string text = CompareCsvRenderer().Render(Report());
  EXPECT_NE(text.find("\"slow,er\",user,regressed,5,0,1,3,1,5,0,6,8,1,5,1.666666667,0,0.007936507937"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("gone,,removed,1,0,,,,0,0,"), std::string::npos) << text;
}

TEST(CompareCsvTest, CsvEscapesReversiblyAndQuotesAsRfc4180) {
  std::string csv = CompareCsvRenderer().Render(Hostile());
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
  EXPECT_NE(CompareCsvRenderer().Render(Compare(base, SampleSet(), {})).find("\nnul\\x00esc\\x1b,,removed,"),
            std::string::npos);
}

// A row's warnings: its work changes, then the host findings, one part per field.
TEST(CompareCsvTest, RowWarningsAreTheWorkChangesAndTheHostFindings) {
  ComparisonReport report = testing::Walk();
  report.findings = {HostsMixed{CompareSide::kNew, {{"cpu_model", {"A", "B"}}}}};
  std::string csv = CompareCsvRenderer().Render(report);
  EXPECT_NE(csv.find(",work-changed sys -0.7740112994 p=0.007936507937; hosts-mixed new cpu_model\n"),
            std::string::npos)
      << csv;
  report.findings.clear();
  report.rows[0].work_changes.clear();
  csv = CompareCsvRenderer().Render(report);
  EXPECT_NE(csv.find(",0,0,\n"), std::string::npos) << csv;  // an empty last field
}

}  // namespace
}  // namespace timeit
