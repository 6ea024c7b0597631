// timeit-lnt: writes the runs of results files as one LNT report, for `lnt submit`.
#include <algorithm>
#include <iostream>
#include <optional>
#include <string_view>

#include "command_line.h"
#include "options.h"
#include "timeit/base/error.h"
#include "timeit/base/utf8.h"
#include "timeit/formats/inputs/results_reader.h"
#include "timeit/formats/lnt/lnt_report.h"
#include "timeit/sys/file_io.h"

namespace timeit {
namespace {

/// timeit-lnt's exit codes, decided here and nowhere else.
constexpr int kWritten = 0;
constexpr int kBadUsageOrInput = 2;
constexpr ToolExitCodes kExitCodes = {
    .help = kWritten, .usage = kBadUsageOrInput, .failure = kBadUsageOrInput, .internal = kBadUsageOrInput};

void PrintNote(std::string_view kind, std::string_view message) {
  std::cerr << "timeit-lnt: " << kind << ": " << EscapeForDisplay(message) << "\n";
}

/// The order of a run without --order: the one label the inputs' runs carry (timeit
/// --label's, an LNT report's order). Runs with several labels are of different things,
/// which one LNT run cannot be.
std::string OrderFromLabel(const SampleSet& samples) {
  const std::vector<std::string>& labels = samples.provenance().labels;
  if (labels.empty()) throw Error(ErrorKind::kUsage, "--order is required: the inputs' runs carry no label");
  if (labels.size() > 1) {
    constexpr size_t kNamed = 3;
    std::string named;
    for (size_t i = 0; i < std::min(labels.size(), kNamed); ++i) named += (i == 0 ? "'" : ", '") + labels[i] + "'";
    if (labels.size() > kNamed) named += ", ...";
    throw Error(ErrorKind::kUsage, "--order is required: the inputs' runs carry " + std::to_string(labels.size()) +
                                       " labels (" + named + "), and a report is one run");
  }
  return labels.front();
}

/// Reads, renders and writes; returns the exit code.
int WriteReport(const LntOptions& options) {
  // A directory or the like is refused before the inputs are read, not after.
  if (options.output) CheckReplaceable(*options.output);
  SampleSet samples;  // every metric: the schema decides which are reported
  std::vector<std::string> warnings;
  FilesRead inputs = ReadSide(options.inputs, samples, warnings);
  for (const std::string& warning : warnings) PrintNote("warning", warning);
  if (options.output) RefuseOutputThatIsAnInput(*options.output, InputAt(inputs, *options.output));
  LntReportOptions report_options = options.report;
  report_options.order = options.order ? *options.order : OrderFromLabel(samples);
  LntReport report = FormatLntReport(samples, report_options);
  for (const std::string& warning : report.warnings) PrintNote("warning", warning);
  // Which metric became execution_time is a choice the report itself does not record.
  PrintNote("note", report.exec_metric.empty() ? "no execution_time: no run has the exec metric"
                                               : "execution_time is '" + report.exec_metric + "'");
  // So are the run's times, which a file copied without its modification time would make wrong.
  PrintNote("note", report.times);
  if (!options.order) PrintNote("note", "the order is '" + report_options.order + "', the label the runs carry");
  // A full disk or a closed pipe must not look like a report written.
  WriteReportOutput(options.output, report.text, "report");
  return kWritten;
}

int Main(int argc, char** argv) {
  return RunTool("timeit-lnt", kExitCodes, [&] { return WriteReport(ParseLntOptions(argc, argv)); });
}

}  // namespace
}  // namespace timeit

int main(int argc, char** argv) { return timeit::Main(argc, argv); }
