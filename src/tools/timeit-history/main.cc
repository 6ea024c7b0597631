// timeit-history: reads a history of nights and says where each benchmark changed, and
// whether the change held.
#include <iostream>
#include <string_view>

#include "command_line.h"
#include "options.h"
#include "timeit/base/error.h"
#include "timeit/base/utf8.h"
#include "timeit/formats/inputs/nights.h"
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
  history::HistoryBuilder builder(options.history);
  ReadNights(options.nights, builder.MetricsToRead(), [&](size_t index, NightRead& night) {
    for (const std::string& warning : night.warnings) PrintWarning(warning);
    if (options.output) RefuseOutputThatIsAnInput(*options.output, InputAt(night.files, *options.output));
    if (night.samples) {
      builder.AddNight(options.nights[index], *night.samples);
      return;
    }
    if (!options.skip_unreadable) throw *night.error;
    PrintWarning(std::string(night.error->what()) + "; skipped (--skip-unreadable): a gap in every series");
    builder.SkipNight(options.nights[index]);
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
