#include "timeit/render/compare_findings.h"

#include <variant>

#include "compare_lines.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/render/number_text.h"

namespace timeit {
namespace {

// How many names a list in one line names; it counts the others.
constexpr size_t kNamesListed = 10;

std::string Text(const NamePrefix& found, NameWriter name) {
  return StringPrintf("no benchmark is on both sides, but %zu of the %s side's %zu names are the other side's with '",
                      found.explained, std::string(CompareSideName(found.side)).c_str(), found.names) +
         name(found.prefix) +
         "' before them: a summary is named by its path below the directory given here, a results file beside it "
         "(--json-per-test) by its path below the build directory timeit was given; compare the build directories "
         "themselves";
}

std::string Text(const NothingCompared& found, NameWriter name) {
  return name(found.metric) +
         StringPrintf(
             ": nothing was compared: %zu benchmark%s on both sides, none with this metric on both (lit's "
             "JSON names the run time exec_time, an LNT report execution_time, summaries and timeit's "
             "results files user or task-clock); --metric chooses one both sides have",
             found.benchmarks, found.benchmarks == 1 ? " is" : "s are");
}

std::string Text(const UnjudgedChanges& found, NameWriter name) {
  std::string line =
      name(found.metric) +
      StringPrintf(
          ": %zu row%s could not be judged (too few runs) though the estimate is beyond ±%g%% "
          "(largest %s, ",
          found.rows, found.rows == 1 ? "" : "s", found.threshold * 100, Percent(found.largest_change).c_str()) +
      name(found.largest_benchmark) + ")";
  if (found.runs_needed > 0) {
    line += StringPrintf("; %zu runs per side would let a lone change through", found.runs_needed) +
            AllTestedNote(found.family, found.tested, found.all_tested_lone_change_p);
  }
  return line;
}

std::string Text(const ShapeChanges& found, NameWriter name) {
  return StringPrintf(
             "%zu row%s (p below the cut-off) with no shift to show: the distributions changed shape, not "
             "place, as when counts of 0 and 1 change their mix (",
             found.rows, found.rows == 1 ? " differs" : "s differ") +
         name(found.benchmark) + " " + name(found.metric) + "); they read unchanged";
}

std::string Text(const WorkChangedRows& found, NameWriter name) {
  return StringPrintf(
             "%zu row%s: sys time, page faults, context switches or CPU migrations changed far more than "
             "the metric compared, so the change is likely the machine's, not the program's (largest: ",
             found.rows, found.rows == 1 ? "" : "s") +
         name(found.largest.metric) + " " + ShortPercent(found.largest.change) + " beside " + name(found.benchmark) +
         " " + name(found.metric) + " " + ShortPercent(found.metric_change) + "); the report says which under each row";
}

std::string Text(const HostsDiffer& found, NameWriter) {
  std::vector<std::string> fields;
  for (const HostDifference& difference : found.fields) fields.push_back(difference.field);
  return "the sides' hosts differ in " + Join(fields, ", ") + ": every row may differ for that reason alone";
}

std::string Text(const HostsMixed& found, NameWriter) {
  std::vector<std::string> fields;
  for (const HostValues& field : found.fields) fields.push_back(field.field);
  return "the " + std::string(CompareSideName(found.side)) + " runs come from hosts that differ in " +
         Join(fields, ", ");
}

std::string Text(const NewlyFailing& found, NameWriter name) {
  size_t count = found.benchmarks.size();
  std::string line =
      StringPrintf("%zu benchmark%s failed in new runs where no base run failed:", count, count == 1 ? "" : "s");
  for (size_t i = 0; i < count && i < kNamesListed; ++i) line += (i ? ", " : " ") + name(found.benchmarks[i]);
  if (count > kNamesListed) line += StringPrintf(", and %zu more", count - kNamesListed);
  return line;
}

}  // namespace

std::string FindingText(const Finding& finding, NameWriter name) {
  return std::visit([name](const auto& found) { return Text(found, name); }, finding);
}

std::vector<std::string> FindingLines(const ComparisonReport& report) {
  std::vector<std::string> lines;
  for (const Finding& finding : report.findings) lines.push_back(FindingText(finding, EscapeForDisplay));
  return lines;
}

}  // namespace timeit
