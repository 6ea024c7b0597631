// timeit-compare: reads results files of two sides and says, benchmark by benchmark,
// whether the difference is real.
#include <iostream>
#include <string_view>

#include "command_line.h"
#include "options.h"
#include "timeit/base/error.h"
#include "timeit/base/utf8.h"
#include "timeit/compare/comparison.h"
#include "timeit/formats/inputs/two_sides.h"
#include "timeit/render/compare_findings.h"
#include "timeit/render/compare_renderer.h"

namespace timeit {
namespace {

/// timeit-compare's exit codes, decided here and nowhere else.
constexpr int kNoRegression = 0;
constexpr int kRegression = 1;
constexpr int kBadUsageOrInput = 2;
constexpr ToolExitCodes kExitCodes = {
    .help = kNoRegression, .usage = kBadUsageOrInput, .failure = kBadUsageOrInput, .internal = kBadUsageOrInput};

std::string FormatReport(const ComparisonReport& report, const CompareOptions& options) {
  CompareStyle style;
  style.color = !options.output && PaintStandardOutput(options.color);
  style.histograms = !options.no_histogram;
  style.plots = options.plots;
  return MakeCompareRenderer(options.format, style)->Render(report);
}

/// Reads, compares and reports; returns the exit code.
int CompareAndReport(const CompareOptions& options) {
  // A directory or the like is refused before the inputs are read, not after.
  if (options.output) CheckReplaceable(*options.output);
  // Only these metrics' values are kept; the others are only named.
  TwoSides sides = ReadTwoSides(options.base_files, options.new_files, MetricsToKeep(options.settings.metrics));
  for (const std::string& warning : sides.warnings) {
    std::cerr << "timeit-compare: warning: " << EscapeForDisplay(warning) << "\n";
  }
  if (options.output) RefuseOutputThatIsAnInput(*options.output, InputAt(sides.files, *options.output));
  ComparisonReport report = Compare(sides.base, sides.candidate, options.settings);
  // A full disk or a closed pipe must not look like a clean comparison.
  WriteReportOutput(options.output, FormatReport(report, options), "report");
  for (const std::string& warning : FindingLines(report)) {
    std::cerr << "timeit-compare: warning: " << warning << "\n";
  }
  bool failed = report.any_regressed() || !report.newly_failing().empty();
  return options.fail_on_regression && failed ? kRegression : kNoRegression;
}

int Main(int argc, char** argv) {
  return RunTool("timeit-compare", kExitCodes, [&] { return CompareAndReport(ParseCompareOptions(argc, argv)); });
}

}  // namespace
}  // namespace timeit

int main(int argc, char** argv) { return timeit::Main(argc, argv); }
