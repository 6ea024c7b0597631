// timeit-history: reads a history of nights and says where each benchmark changed, and
// whether the change held.
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "command_line.h"
#include "options.h"
#include "timeit/base/error.h"
#include "timeit/base/utf8.h"
#include "timeit/formats/inputs/nights.h"
#include "timeit/formats/inputs/results_reader.h"
#include "timeit/history/history_report.h"
#include "timeit/render/history_renderer.h"

namespace timeit {
namespace {

/// timeit-history's exit codes, decided here and nowhere else.
constexpr int kNoRecentRegression = 0;
constexpr int kRecentRegression = 1;
constexpr int kBadUsageOrInput = 2;
constexpr ToolExitCodes kExitCodes = {
    .help = kNoRecentRegression, .usage = kBadUsageOrInput, .failure = kBadUsageOrInput, .internal = kBadUsageOrInput};

void PrintWarning(std::string_view message) {
  std::cerr << "timeit-history: warning: " << EscapeForDisplay(message) << "\n";
}

/// Reads the nights one after the other into the history; an unreadable night stops it, or
/// with --skip-unreadable becomes a gap.
history::HistoryReport ReadHistory(const HistoryCommandLine& options) {
  std::vector<std::string> warnings;
  const std::vector<std::string> nights = NightsToRead(options, warnings);
  for (const std::string& warning : warnings) PrintWarning(warning);
  history::HistoryBuilder builder(options.history);
  // Each file read, and the first night that read it: a file read as two nights is said.
  std::map<FileIdentity, size_t> first_night;
  ReadNights(nights, builder.MetricsToRead(), [&](size_t index, NightRead& night) {
    for (const std::string& warning : night.warnings) PrintWarning(warning);
    if (options.output) RefuseOutputThatIsAnInput(*options.output, InputAt(night.files, *options.output));
    for (const auto& [identity, path] : night.files) {
      auto [first, added] = first_night.try_emplace(identity, index);
      if (!added) {
        PrintWarning("night " + std::to_string(index) + " reads '" + path + "', which night " +
                     std::to_string(first->second) + " read too: their runs count in both");
      }
    }
    if (night.samples) {
      builder.AddNight(nights[index], *night.samples);
      return;
    }
    if (!options.skip_unreadable) throw *night.error;
    PrintWarning(std::string(night.error->what()) + "; skipped (--skip-unreadable): a gap in every series");
    builder.SkipNight(nights[index]);
  });
  return builder.Finish();
}

int AnalyseAndReport(const HistoryCommandLine& options) {
  // A directory or the like is refused before the nights are read, not after.
  if (options.output) CheckReplaceable(*options.output);
  history::HistoryReport report = ReadHistory(options);
  HistoryStyle style;
  style.color = !options.output && PaintStandardOutput(options.color);
  style.sparklines = !options.no_sparkline;
  style.plots = options.plots;
  WriteReportOutput(options.output, RenderHistory(report, options.format, style), "report");
  return options.fail_on_regression && report.any_recent_regression() ? kRecentRegression : kNoRecentRegression;
}

int Main(int argc, char** argv) {
  return RunTool("timeit-history", kExitCodes, [&] { return AnalyseAndReport(ParseHistoryCommandLine(argc, argv)); });
}

}  // namespace
}  // namespace timeit

int main(int argc, char** argv) { return timeit::Main(argc, argv); }
