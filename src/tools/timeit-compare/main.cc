// timeit-compare: reads results files of two sides and says, benchmark by benchmark,
// whether the difference is real.
#include <unistd.h>

#include <future>
#include <iostream>
#include <string_view>
#include <utility>

#include "command_line.h"
#include "options.h"
#include "timeit/base/error.h"
#include "timeit/base/utf8.h"
#include "timeit/compare/comparison.h"
#include "timeit/formats/inputs/results_reader.h"
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

struct Side {
  SampleSet samples;
  /// Lines skipped (incomplete records), to be reported before the comparison.
  std::vector<std::string> warnings;
  FilesRead files;
};

Side ReadSide(const std::vector<std::string>& files, const std::vector<std::string>& metrics) {
  Side side{SampleSet(metrics), {}, {}};
  side.files = ReadSide(files, side.samples, side.warnings);
  return side;
}

/// Both sides, base first. Parsing is nearly all of the time on large files; the sides are
/// independent, so they are read on two cores.
std::pair<SampleSet, SampleSet> ReadSides(const CompareOptions& options) {
  // Only these metrics' values are kept; the others are only named.
  std::vector<std::string> metrics = MetricsToKeep(options.settings.metrics);
  std::future<Side> base_side = std::async(std::launch::async, ReadSide, options.base_files, metrics);
  std::future<Side> new_side = std::async(std::launch::async, ReadSide, options.new_files, metrics);
  Side base = base_side.get();  // the base side's error first, when both have one
  Side candidate = new_side.get();
  // A file on both sides compares with itself: every row unchanged, which is allowed (a
  // check of the tool) but rarely meant.
  std::vector<std::string> shared;
  for (const auto& [identity, path] : base.files) {
    if (candidate.files.count(identity) > 0) shared.push_back(path);
  }
  if (!shared.empty()) {
    base.warnings.push_back("'" + shared.front() + "' is read on both sides" +
                            (shared.size() > 1 ? " (and " + std::to_string(shared.size() - 1) + " more files)" : "") +
                            ": its runs are compared with themselves");
  }
  for (const Side* side : {&base, &candidate}) {
    for (const std::string& warning : side->warnings) {
      std::cerr << "timeit-compare: warning: " << EscapeForDisplay(warning) << "\n";
    }
  }
  return {std::move(base.samples), std::move(candidate.samples)};
}

std::string FormatReport(const ComparisonReport& report, const CompareOptions& options) {
  CompareStyle style;
  style.color = options.color == ColorMode::kAlways || (options.color == ColorMode::kAuto && ::isatty(STDOUT_FILENO));
  style.histograms = !options.no_histogram;
  return MakeCompareRenderer(options.format, style)->Render(report);
}

/// Reads, compares and reports; returns the exit code.
int CompareAndReport(const CompareOptions& options) {
  auto [base, candidate] = ReadSides(options);
  ComparisonReport report = Compare(base, candidate, options.settings);
  std::cout << FormatReport(report, options);
  CheckStandardOutput("report");  // a full disk or a closed pipe must not look like a clean comparison
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
